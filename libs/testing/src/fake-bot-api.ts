import type { Fixture } from '@toll/upstream';
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

// A local Telegram Bot API holding state for the calls the messaging group makes. Answers are the recorded fixture
// bodies (apps/messaging/test/fixtures/bot-api, passed in) with ids, names and tokens filled in, so the app only ever
// parses real shapes. Here, not in the app's tests, because the chaos run (tools/chaos) serves the pool from it too.

export interface FakeBot {
  id: number;
  username: string;
  firstName: string;
  token: string;
  managed: boolean;
  name: string;
  description: string;
  shortDescription: string;
  webhook: { url: string; secret: string | null } | null;
  pendingUpdates: number;
}

export interface FakeBotApi {
  url: string;
  managerToken: string;
  bots: Map<number, FakeBot>;
  calls: Array<{ method: string; botId: number | null; query: Record<string, string> }>;
  issuedTokens: string[]; // every token this fake ever handed out
  addBot(id: number, managed?: boolean): FakeBot;
  // Answer `method` with a failure fixture (status and body) until cleared; '*' for every method.
  fail(method: string | null, failureCase?: string, delayMs?: number): void;
  stop(): Promise<void>;
}

const newToken = (id: number) => `${id}:AAH${randomBytes(24).toString('base64url').slice(0, 32)}`;

export async function startFakeBotApi(fixtures: Fixture[]): Promise<FakeBotApi> {
  const fixture = (name: string): Fixture => {
    const found = fixtures.find((f) => f.case === name);
    if (!found) throw new Error(`no fixture ${name}`);
    return found;
  };
  const body = (name: string) => structuredClone(fixture(name).response.body) as Record<string, any>;
  const managerToken = newToken(7_000_000_000);
  const bots = new Map<number, FakeBot>();
  const calls: FakeBotApi['calls'] = [];
  const issuedTokens: string[] = [managerToken];
  let failure: { method: string; failureCase: string; delayMs: number } | null = null;

  const answer = (res: ServerResponse, status: number, payload: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  const badRequest = (res: ServerResponse, description: string) =>
    answer(res, 400, { ok: false, error_code: 400, description: `Bad Request: ${description}` });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const q = Object.fromEntries(url.searchParams);
    const token = match?.[1] ?? '';
    const method = match?.[2] ?? '';
    const bot = [...bots.values()].find((b) => b.token === token) ?? null;
    calls.push({ method, botId: bot?.id ?? null, query: q });
    if (failure && (failure.method === '*' || failure.method === method)) {
      const f = fixture(failure.failureCase);
      setTimeout(() => !res.destroyed && answer(res, f.response.status, f.response.body), failure.delayMs).unref();
      return;
    }
    const unauthorized = fixture('unauthorized-401');
    if (token === managerToken) {
      const managed = bots.get(Number(q.user_id));
      if (!managed?.managed) return badRequest(res, 'bot is not managed by this bot');
      if (method === 'getManagedBotToken')
        return answer(res, 200, { ...body('get-managed-bot-token'), result: managed.token });
      if (method === 'replaceManagedBotToken') {
        managed.token = newToken(managed.id);
        issuedTokens.push(managed.token);
        return answer(res, 200, { ...body('replace-managed-bot-token'), result: managed.token });
      }
      return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    if (!bot) return answer(res, unauthorized.response.status, unauthorized.response.body);
    switch (method) {
      case 'getMe': {
        const me = body('get-me');
        return answer(res, 200, {
          ...me,
          result: { ...me.result, id: bot.id, first_name: bot.firstName, username: bot.username },
        });
      }
      case 'setWebhook':
        if (!q.url?.startsWith('https://'))
          return badRequest(res, 'bad webhook: An HTTPS URL must be provided for webhook');
        bot.webhook = { url: q.url, secret: q.secret_token ?? null };
        if (q.drop_pending_updates === 'true') bot.pendingUpdates = 0;
        return answer(res, 200, body('set-webhook'));
      case 'deleteWebhook':
        bot.webhook = null;
        if (q.drop_pending_updates === 'true') bot.pendingUpdates = 0;
        return answer(res, 200, body('delete-webhook'));
      case 'setMyName':
        bot.name = q.name ?? '';
        return answer(res, 200, body('set-my-name'));
      case 'setMyDescription':
        bot.description = q.description ?? '';
        return answer(res, 200, body('set-my-description'));
      case 'setMyShortDescription':
        bot.shortDescription = q.short_description ?? '';
        return answer(res, 200, body('set-my-short-description'));
      default:
        return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    managerToken,
    bots,
    calls,
    issuedTokens,
    addBot(id, managed = true) {
      const bot: FakeBot = {
        id,
        username: `toll_pool_${id}_bot`,
        firstName: `Toll Pool ${id}`,
        token: newToken(id),
        managed,
        name: 'left over',
        description: 'left over by the operator',
        shortDescription: 'left over',
        webhook: { url: 'https://previous.example/hook', secret: null },
        pendingUpdates: 3,
      };
      issuedTokens.push(bot.token);
      bots.set(id, bot);
      return bot;
    },
    fail(method, failureCase = 'bad-gateway-502', delayMs = 0) {
      failure = method ? { method, failureCase, delayMs } : null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
