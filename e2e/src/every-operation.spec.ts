import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Keypair } from '@solana/web3.js';
import { tollCall, tollToolCall, verifyReceipt, type CallTool, type PayMethod } from '@toll/client';
import { startNats, type NatsServer } from '@toll/testing';
import { decodeHeaderJson, HEADERS } from '@toll/x402';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as Pg } from 'pg';
import { bazaarExample, discoveryItems, exampleRequest, toolExample } from '../../tools/live-examples';
import { startLocal, type LocalStack } from '../../tools/start-local';

// Issue 33: what a user meets. The replay stack is started through npm start's own code (tools/start-local.js, on free
// ports, a private NATS and its own databases), and every paid operation of the live catalog is called with the ONE
// example it advertises: the same in /openapi.json, the 402's bazaar info, /discovery/resources and the MCP tool.
// Without payment → 402; paid through @toll/client → 200 with a receipt binding this request and this body. Half the
// operations are paid by the memo flow and half by x402 over HTTP, and every one once more as an MCP tools/call (the
// other way). A new operation is walked with no code here; a broken `npm start` fails the walk.
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

type Example = Record<string, unknown>;
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Example)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

// Runs fn over items, `width` at a time, in order of start.
async function pool<T>(items: T[], width: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

describe('every paid operation, paid and served from its advertised example on the replay stack of npm start', () => {
  let nats: NatsServer;
  let stack: LocalStack;
  let mcp: Client;
  const logs: string[] = [];

  beforeAll(async () => {
    nats = await startNats();
    const env = {
      ...process.env,
      PORT: String(await freePort()),
      LOCAL_HEALTH_PORT: '0',
      LOCAL_CHAIN_PORT: '0',
      LOCAL_DATABASE_PREFIX: `toll_walk_${randomBytes(4).toString('hex')}`,
      NATS_URL: nats.url,
      LOG_LEVEL: 'warn',
      TOLL_KEYPAIR: join(mkdtempSync(join(tmpdir(), 'toll-walk-')), 'wallet.json'),
    };
    stack = await startLocal({ replay: true, env, log: (line) => logs.push(line) });
    console.log(`replay stack of npm start ready in ${(stack.readyMs / 1000).toFixed(1)} s`);
    mcp = new Client({ name: 'toll-walk', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`)));
    // Listed tools make the SDK check every answer's structuredContent against its tool's outputSchema, as strict
    // clients do (replayed answers carry the replay label: the schemas must name it).
    await mcp.listTools();
  }, 240_000);

  afterAll(async () => {
    await mcp?.close();
    await stack?.stop();
    if (stack?.databases.length) {
      const admin = new Pg({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      for (const name of stack.databases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
    await nats?.stop();
  }, 60_000);

  it('serves every paid operation from its one advertised example, over HTTP (memo and x402) and MCP', async () => {
    const started = Date.now();
    const gw = stack.url;
    const keypair = Keypair.fromSecretKey(stack.chain!.demoWallet.secretKey);
    const rpcUrl = stack.chain!.url;
    const health = (await (await fetch(`${gw}/toll/payments/health`)).json()) as any;
    const receiptKey: string = health.terms.receipt_public_key;
    const openapi = (await (await fetch(`${gw}/openapi.json`)).json()) as any;
    const operations = Object.entries(openapi.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    const paid = operations.filter((o) => o.op['x-toll-price']);
    const items = await discoveryItems(gw, 'http');
    const tools = new Map((await discoveryItems(gw, 'mcp')).map((t) => [toolExample(t).name, t]));
    const problems: string[] = [];
    expect(items).toHaveLength(paid.length);
    expect(tools.size).toBe(paid.length);

    // The example as OpenAPI states it: each parameter's example, and the body's first example.
    const openapiExample = (o: (typeof paid)[number]): Example => ({
      ...(o.op.requestBody?.content['application/json'].schema.examples?.[0] ?? {}),
      ...Object.fromEntries(
        (o.op.parameters ?? []).filter((p: any) => 'example' in p).map((p: any) => [p.name, p.example]),
      ),
    });

    const counts = { memo: 0, x402: 0, mcp: 0, served: 0, uncharged: [] as string[] };
    await pool(items, 2, async (item, i) => {
      const { input } = item.extensions.bazaar.info;
      const resource = new URL(item.resource);
      const o = paid.find(
        (p) =>
          p.method === input.method &&
          new RegExp(`^${p.path.replace(/\{[a-z0-9_]+\}/gi, '[^/]+')}$`).test(decodeURI(resource.pathname)),
      );
      if (!o) return void problems.push(`${input.method} ${item.resource}: no such operation in /openapi.json`);
      const operationId: string = o.op.operationId;
      const name = `${operationId} (${input.method} ${resource.pathname})`;
      const example = bazaarExample(input);
      const tool = tools.get(operationId.replace(/\./g, '_'));
      const others = { openapi: openapiExample(o), mcp: tool ? toolExample(tool).args : {} };
      for (const [where, other] of Object.entries(others))
        if (canonical(other) !== canonical(example))
          problems.push(
            `${name}: ${where} example ${canonical(other)} differs from the bazaar's ${canonical(example)}`,
          );

      // The item exactly as listed: its resource URL, its query parameters or its JSON body.
      const { url, init } = exampleRequest(item);
      const unpaid = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
      const unpaidBody = await unpaid.text();
      if (unpaid.status !== 402)
        return void problems.push(`${name}: unpaid call got ${unpaid.status} ${unpaidBody.slice(0, 300)}`);
      const challenged = decodeHeaderJson(unpaid.headers.get(HEADERS.paymentRequired)!) as any;
      // The operation the proof is issued for, as the signed memo names it (routes sharing a block name the one that
      // sells it).
      const paidAs = (JSON.parse(unpaidBody).toll.memo as string).split(':')[1];
      const challengeExample = bazaarExample(challenged.extensions.bazaar.info.input);
      if (canonical(challengeExample) !== canonical(example))
        problems.push(
          `${name}: the 402's bazaar example ${canonical(challengeExample)} differs from the list's ` +
            `${canonical(example)}`,
        );

      const method: PayMethod = i % 2 === 0 ? 'usdc' : 'x402';
      const res = await tollCall(url.toString(), init, { keypair, rpcUrl, method });
      if (res.status !== 200)
        return void problems.push(
          `${name}: paid by ${method}, got ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`,
        );
      const request = {
        operationId,
        method: input.method,
        path: url.pathname,
        input: input.method === 'POST' ? input.body : Object.fromEntries(url.searchParams),
      };
      // Served without charge (e.g. a data bundle whose every section is a stale recording): no receipt, said in the
      // header.
      if (res.uncharged !== null) counts.uncharged.push(`${operationId} (${res.uncharged})`);
      else {
        const check = res.receipt
          ? verifyReceipt(res.receipt, receiptKey, { body: JSON.stringify(res.body), request })
          : { valid: false as const, reason: 'no receipt' };
        if (!check.valid || check.claims.operation_id !== paidAs)
          return void problems.push(
            `${name}: paid by ${method}, receipt ${check.valid ? `names ${check.claims.operation_id}` : check.reason}`,
          );
      }
      counts[method === 'usdc' ? 'memo' : 'x402']++;

      // Once more as an MCP tools/call with the tool's own example, paid the other way.
      const callTool: CallTool = (toolName, args, meta) =>
        mcp.callTool({ name: toolName, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<CallToolResult>;
      const toolName = operationId.replace(/\./g, '_');
      const toolArgs = tool ? toolExample(tool).args : {};
      const viaMcp = await tollToolCall(callTool, toolName, toolArgs, {
        keypair,
        rpcUrl,
        method: method === 'usdc' ? 'x402' : 'usdc',
      });
      const text = viaMcp.result.content?.[0]?.text ?? '';
      if (viaMcp.result.isError || !viaMcp.paid)
        return void problems.push(
          `${name}: MCP ${toolName} ${viaMcp.paid ? 'paid, then' : 'unpaid:'} ${text.slice(0, 300)}`,
        );
      const mcpUncharged = viaMcp.result._meta?.['toll/uncharged'];
      const mcpCheck = viaMcp.receipt
        ? verifyReceipt(viaMcp.receipt, receiptKey, {
            body: text,
            request: { operationId, method: input.method, path: o.path, input: toolArgs },
          })
        : { valid: false as const, reason: 'no receipt' };
      if (mcpUncharged === undefined && !mcpCheck.valid)
        return void problems.push(`${name}: MCP ${toolName} receipt ${mcpCheck.reason}`);
      counts.mcp++;
      counts.served++;
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${counts.served} of ${items.length} paid operations served from their advertised example (HTTP memo ` +
        `${counts.memo}, HTTP x402 ${counts.x402}, MCP ${counts.mcp}) in ${seconds} ` +
        `s${counts.uncharged.length ? `; served uncharged over HTTP: ${counts.uncharged.join(', ')}` : ''}`,
    );
    if (problems.length)
      console.log(
        `walk problems:\n${problems.join('\n')}\nreplay misses:\n${logs
          .filter((l) => /no recording|error/i.test(l))
          .slice(-40)
          .join('\n')}`,
      );
    expect(problems).toEqual([]);
  }, 600_000);
});
