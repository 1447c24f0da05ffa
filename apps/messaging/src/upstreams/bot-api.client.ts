// Telegram Bot API — https://core.telegram.org/bots/api (the spec's path segment is "messaging").
// Calls: getMe, setWebhook, deleteWebhook, setMyName, setMyDescription, setMyShortDescription, and the
// manager bot's getManagedBotToken / replaceManagedBotToken (Bot API 9.6, managed bots). Every call is
// `GET /bot<token>/<method>?<params>` (the API takes GET with a query string) answering
// `{ ok: true, result, description? }`; failures answer `{ ok: false, error_code, description,
// parameters? }` with the same HTTP status (401 revoked token, 429 flood wait with retry_after).
// Terms: the Bot API is free; Telegram's Bot Developer Terms apply to the holder's use of the bot.
// The token is part of the URL path, so the log hook below masks it (and any webhook secret) before a
// line is written.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Query, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { MessagingConfig } from '../config';

// Telegram allows about 30 calls per second per bot; setMyName and friends are far stricter per bot, which
// the 429 answer reports. One governor per process keeps a burst of resets from flooding.
const RATE_PER_SECOND = 20;

const ok = <T extends z.ZodType>(result: T) =>
  z.object({ ok: z.literal(true), result, description: z.string().optional() });
const BotUser = z.object({
  id: z.number().int().positive(),
  is_bot: z.literal(true),
  first_name: z.string(),
  username: z.string(),
});
export type BotUser = z.infer<typeof BotUser>;

// Masks `/bot<token>/` and a webhook secret in anything that reaches a log line.
export const maskSecrets = (text: string) =>
  text.replace(/\/bot[^/?#]+\//g, '/bot***/').replace(/([?&]secret_token=)[^&#]*/g, '$1***');

export interface BotProfile {
  name: string;
  description: string;
  shortDescription: string;
}

@Injectable()
export class BotApiClient {
  readonly id = 'bot-api';
  private readonly api: Upstream;
  private readonly managerToken: string;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.managerToken = config.MESSAGING_MANAGER_BOT_TOKEN;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [config.MESSAGING_BOT_API_URL],
      timeoutMs: config.MESSAGING_BOT_API_TIMEOUT_MS,
      userAgent: config.MESSAGING_USER_AGENT,
      governor: { ratePerSecond: RATE_PER_SECOND, burst: RATE_PER_SECOND },
      log: (event, fields) =>
        logger.event('debug', event, {
          ...fields,
          ...(typeof fields.url === 'string' ? { url: maskSecrets(fields.url) } : {}),
        }),
    });
  }

  // `./` keeps "bot123:abc" from being read as a URL scheme.
  private async call<T extends z.ZodType>(
    token: string,
    method: string,
    query: Query,
    result: T,
    deadline?: number,
  ): Promise<z.infer<T>> {
    const body = (await this.api.getJson(`./bot${token}/${method}`, query, ok(result), { deadline })) as {
      result: z.infer<T>;
    };
    return body.result;
  }

  getMe(token: string, deadline?: number): Promise<BotUser> {
    return this.call(token, 'getMe', {}, BotUser, deadline);
  }

  async setWebhook(token: string, url: string, secret: string | undefined, deadline?: number): Promise<void> {
    await this.call(
      token,
      'setWebhook',
      { url, secret_token: secret, drop_pending_updates: true },
      z.literal(true),
      deadline,
    );
  }

  // Removes the webhook and drops updates still queued for the bot, so nobody reads them later.
  async deleteWebhook(token: string, deadline?: number): Promise<void> {
    await this.call(token, 'deleteWebhook', { drop_pending_updates: true }, z.literal(true), deadline);
  }

  // Empty strings remove the dedicated name and descriptions (the bot falls back to its own name).
  async setProfile(token: string, profile: BotProfile, deadline?: number): Promise<void> {
    await this.call(token, 'setMyName', { name: profile.name }, z.literal(true), deadline);
    await this.call(token, 'setMyDescription', { description: profile.description }, z.literal(true), deadline);
    await this.call(
      token,
      'setMyShortDescription',
      { short_description: profile.shortDescription },
      z.literal(true),
      deadline,
    );
  }

  // The managed bot's current token, asked of the manager bot (fails when the bot is not managed by it).
  managedBotToken(botId: number, deadline?: number): Promise<string> {
    return this.call(this.managerToken, 'getManagedBotToken', { user_id: botId }, z.string(), deadline);
  }

  // Revokes the managed bot's token and returns a new one: the previous holder's copy stops working at once.
  rotateToken(botId: number, deadline?: number): Promise<string> {
    return this.call(this.managerToken, 'replaceManagedBotToken', { user_id: botId }, z.string(), deadline);
  }
}
