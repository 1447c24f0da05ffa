import { getBase58Decoder } from '@solana/kit';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { startLocalRpc, type LocalRpc } from '@toll/local-chain';
import { type RunningGroup } from '@toll/platform';
import {
  callOperation,
  loadFixtures,
  startFakeUpstream,
  type FakeUpstream,
  type Fixture,
  groupHarness,
} from '@toll/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startRpc } from '../src/bootstrap';

const fixtures = Object.fromEntries(loadFixtures(join(__dirname, 'fixtures')).map((f) => [f.case, f])) as Record<
  string,
  Fixture
>;
const SOL = 1_000_000_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const CONTEXT = { slot: expect.any(Number), apiVersion: '3.0.0' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const address = () => Keypair.generate().publicKey.toBase58();

interface Reply {
  err?: any;
  body?: any;
  text?: string;
  headers: Record<string, string>;
}

// A signed transfer on `chain` from a freshly funded payer, base64 as sendTransaction takes it with {encoding:
// 'base64'}.
function transfer(chain: LocalRpc, to: string, lamports = 1_000_000) {
  const payer = Keypair.generate();
  chain.chain.airdrop(payer.publicKey, 2 * SOL);
  const tx = new Transaction({
    feePayer: payer.publicKey,
    recentBlockhash: chain.chain.latestBlockhash().blockhash,
  }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(to), lamports }));
  tx.sign(payer);
  return { wire: tx.serialize().toString('base64'), signature: getBase58Decoder().decode(tx.signature!) };
}

// An upstream that takes requests and never answers: what a write must not be blindly retried after.
async function startHangingUpstream(): Promise<{ url: string; bodies: string[]; stop: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((req) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => bodies.push(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    stop: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

// A port nothing listens on.
async function closedPortUrl(): Promise<string> {
  const hang = await startHangingUpstream();
  await hang.stop();
  return hang.url;
}

describe('rpc over NATS', () => {
  const { nc, startGroup: start } = groupHarness({
    name: 'rpc',
    start: startRpc,
    replicas: 0,
    env: () => ({ RPC_HEALTH_INTERVAL_MS: '0' }),
  });

  const send = async (operation: string, input: unknown, deadlineMs = 5_000): Promise<Reply> => {
    const { response, err } = await callOperation(nc, `rpc.${operation}`, input, { deadline: Date.now() + deadlineMs });
    if (!response) return { err, headers: {} };
    return {
      body: response.json === undefined ? response.data : JSON.parse(response.json),
      text: response.json,
      headers: response.headers ?? {},
    };
  };
  const req = (method: string, params?: unknown[], id: unknown = 1) => ({
    jsonrpc: '2.0',
    id,
    method,
    ...(params ? { params } : {}),
  });
  const rpc = (method: string, params?: unknown[], id: unknown = 1, deadlineMs?: number) =>
    send('call', req(method, params, id), deadlineMs);

  describe('two local chains as upstreams', () => {
    let a: LocalRpc;
    let b: LocalRpc;
    let group: RunningGroup;
    const RICH = address();

    beforeAll(async () => {
      [a, b] = await Promise.all([startLocalRpc({ port: 0 }), startLocalRpc({ port: 0 })]);
      for (const chain of [a, b]) chain.chain.setAccount(RICH, { lamports: 5 * SOL });
      group = await start({
        RPC_UPSTREAM_URLS: `${a.url},${b.url}`,
        RPC_UPSTREAM_NAMES: 'chain-a,chain-b',
        RPC_HEDGE_MIN_MS: '5000', // no hedging between two in-process chains: answers stay deterministic
        RPC_HEDGE_MAX_MS: '5000',
        RPC_CACHE_TTL_OVERRIDES: 'getVersion=150/60000', // short enough to go stale within the test
      });
    });

    afterAll(async () => {
      await group?.close();
      await Promise.all([a?.close(), b?.close()]);
    });

    it('answers a read, then serves it from the cache until its commitment TTL runs out', async () => {
      const first = await rpc('getBalance', [RICH], 1);
      expect(first.body).toEqual({ jsonrpc: '2.0', result: { context: CONTEXT, value: 5 * SOL }, id: 1 });
      expect(first.headers).toEqual({ 'x-toll-cache': 'miss', 'x-toll-upstream': 'chain-a' });

      a.chain.setAccount(RICH, { lamports: 6 * SOL }); // the cache, not the chain, answers the next call
      const second = await rpc('getBalance', [RICH], 'two');
      expect(second.body).toEqual({ jsonrpc: '2.0', result: { context: CONTEXT, value: 5 * SOL }, id: 'two' });
      expect(second.headers).toEqual({
        'x-toll-cache': 'hit',
        'x-toll-upstream': 'chain-a',
        'x-toll-cache-age-ms': expect.stringMatching(/^\d+$/),
      });

      // processed: one slot (400 ms); finalized (the default) keeps 3 s.
      expect((await rpc('getBalance', [RICH, { commitment: 'processed' }])).body.result.value).toBe(6 * SOL);
      a.chain.setAccount(RICH, { lamports: 7 * SOL });
      expect((await rpc('getBalance', [RICH, { commitment: 'processed' }])).headers['x-toll-cache']).toBe('hit');
      await sleep(450);
      const expired = await rpc('getBalance', [RICH, { commitment: 'processed' }]);
      expect([expired.headers['x-toll-cache'], expired.body.result.value]).toEqual(['miss', 7 * SOL]);
      const finalized = await rpc('getBalance', [RICH]);
      expect([finalized.headers['x-toll-cache'], finalized.body.result.value]).toEqual(['hit', 5 * SOL]);
      a.chain.setAccount(RICH, { lamports: 5 * SOL });
    });

    it('answers the GET form from the same cache', async () => {
      const res = await send('callGet', { method: 'getBalance', params: JSON.stringify([RICH]) });
      expect(res.body).toEqual({ jsonrpc: '2.0', result: { context: CONTEXT, value: 5 * SOL }, id: 1 });
      expect(res.headers['x-toll-cache']).toBe('hit');
      const rent = await send('callGet', { method: 'getMinimumBalanceForRentExemption', params: '[0]' });
      expect(rent.body).toEqual({ jsonrpc: '2.0', result: 890_880, id: 1 });
      expect(rent.headers['x-toll-cache']).toBe('miss');
    });

    it('relays u64 integers exactly (JSON.parse would round them)', async () => {
      const whale = address();
      a.chain.setAccount(whale, { lamports: 9_007_199_254_740_993n });
      expect((await rpc('getBalance', [whale])).text).toMatch(
        /^\{"jsonrpc":"2\.0","result":\{"context":\{"slot":\d+,"apiVersion":"3\.0\.0"\},"value":9007199254740993\},"id":1\}$/,
      );
      expect((await rpc('getAccountInfo', [whale, { encoding: 'base64' }])).text).toContain(
        '"lamports":9007199254740993,"owner":"11111111111111111111111111111111","rentEpoch":18446744073709551615',
      );
    });

    it('answers a batch mixing cached, uncached, uncacheable reads and a write, in order', async () => {
      const payee = address();
      const tx = transfer(a, payee);
      const other = transfer(a, address()); // batch items run concurrently, as on a node: simulate another one
      const res = await send('call', {
        batch: [
          req('getBalance', [RICH], 'cached'),
          req('getGenesisHash', undefined, 'new'),
          req('getSlot', [{ minContextSlot: 0 }], 'min-slot'),
          req('simulateTransaction', [other.wire, { encoding: 'base64', sigVerify: true }], 'sim'),
          req('sendTransaction', [tx.wire, { encoding: 'base64' }], 'send'),
        ],
      });
      expect(res.body).toEqual([
        { jsonrpc: '2.0', result: { context: CONTEXT, value: 5 * SOL }, id: 'cached' },
        { jsonrpc: '2.0', result: a.chain.genesisHash, id: 'new' },
        { jsonrpc: '2.0', result: expect.any(Number), id: 'min-slot' },
        {
          jsonrpc: '2.0',
          result: { context: CONTEXT, value: expect.objectContaining({ err: null, unitsConsumed: 150 }) },
          id: 'sim',
        },
        { jsonrpc: '2.0', result: tx.signature, id: 'send' },
      ]);
      expect(res.headers).toEqual({
        'x-toll-cache': 'hit,miss,bypass,bypass,bypass',
        'x-toll-upstream': 'chain-a,chain-a,chain-a,chain-a,chain-a',
        'x-toll-cache-age-ms': expect.stringMatching(/^\d+,-,-,-,-$/),
      });
      expect(a.chain.getBalance(payee)).toBe(1_000_000n);
      // Now cached: the genesis hash lives for a day.
      expect((await rpc('getGenesisHash')).headers['x-toll-cache']).toBe('hit');
    });

    it('answers a full batch of 100 (sent upstream in batches of 20), one header entry per request', async () => {
      const addresses = Array.from({ length: 100 }, address);
      const res = await send('call', {
        batch: addresses.map((addr, i) => req('getBalance', [addr, { commitment: 'confirmed' }], i)),
      });
      expect(res.body).toEqual(
        addresses.map((_, i) => ({ jsonrpc: '2.0', result: { context: CONTEXT, value: 0 }, id: i })),
      );
      expect(res.headers['x-toll-cache']).toBe(Array(100).fill('miss').join(','));
      expect(res.headers['x-toll-upstream']).toBe(Array(100).fill('chain-a').join(','));
    });

    it('passes upstream JSON-RPC errors through, alone or in a batch, and never caches them', async () => {
      const bad = await rpc('getBalance', ['not-a-key'], 9);
      expect(bad.body).toEqual({ jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: Invalid' }, id: 9 });
      expect(bad.headers['x-toll-cache']).toBe('miss');
      expect((await rpc('getBalance', ['not-a-key'], 9)).headers['x-toll-cache']).toBe('miss');
      const batch = await send('call', {
        batch: [
          req('getTransaction', ['5'.repeat(88), { commitment: 'processed' }], 1),
          req('getBlock', [1], 2),
          req('getTransaction', ['5'.repeat(88)], 3),
        ],
      });
      expect(batch.body).toEqual([
        {
          jsonrpc: '2.0',
          error: { code: -32602, message: 'Method does not support commitment below `confirmed`' },
          id: 1,
        },
        { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 2 },
        { jsonrpc: '2.0', result: null, id: 3 },
      ]);
      // A transaction that has not landed yet (null) is asked again next time.
      expect((await rpc('getTransaction', ['5'.repeat(88)])).headers['x-toll-cache']).toBe('miss');
    });

    it.each([
      ['a method outside the allow-list', { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [] }, 'method'],
      ['a test-only chain method', { jsonrpc: '2.0', id: 1, method: 'localnet_setAccount' }, 'method'],
      ['jsonrpc other than 2.0', { jsonrpc: '1.0', id: 1, method: 'getSlot' }, 'jsonrpc'],
      ['a notification (no id)', { jsonrpc: '2.0', method: 'getSlot' }, 'id'],
      ['a missing method', { jsonrpc: '2.0', id: 1 }, 'method'],
      [
        'params that are not an array',
        { jsonrpc: '2.0', id: 1, method: 'getSlot', params: { commitment: 'processed' } },
        'params',
      ],
      ['more than 4 params', { jsonrpc: '2.0', id: 1, method: 'getBlocks', params: [1, 2, 3, 4, 5] }, 'params'],
      ['an id that is an object', { jsonrpc: '2.0', id: { a: 1 }, method: 'getSlot' }, 'id'],
      ['an unknown field', { jsonrpc: '2.0', id: 1, method: 'getSlot', extra: true }, 'extra'],
      ['an empty batch', { batch: [] }, 'batch'],
      [
        'a batch over 100',
        { batch: Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'getSlot' })) },
        'batch',
      ],
      [
        'a batch next to a single request',
        { batch: [{ jsonrpc: '2.0', id: 1, method: 'getSlot' }], method: 'getSlot' },
        'method',
      ],
      [
        'a bad request inside a batch',
        {
          batch: [
            { jsonrpc: '2.0', id: 1, method: 'getSlot' },
            { jsonrpc: '2.0', id: 2, method: 'nope' },
          ],
        },
        'batch.1.method',
      ],
    ])('refuses %s', async (_what, input, field) => {
      const { err } = await send('call', input);
      expect(err).toMatchObject({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [expect.objectContaining({ field })] },
      });
    });

    it.each([
      ['params that are not JSON', { method: 'getSlot', params: '[1,' }, 'params'],
      ['params that are not an array', { method: 'getSlot', params: '{"commitment":"processed"}' }, 'params'],
      ['a write over GET', { method: 'sendTransaction', params: '["AQ=="]' }, 'method'],
    ])('refuses on GET %s', async (_what, input, field) => {
      expect((await send('callGet', input)).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [expect.objectContaining({ field })] },
      });
    });

    it('refuses bad input with the exact error envelope', async () => {
      expect((await send('call', { jsonrpc: '2.0', method: 'getSlot' })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field: 'id', message: 'is required (notifications are not supported)' }] },
      });
    });

    it('reports upstreams and health', async () => {
      const { body } = await send('getUpstreams', {});
      expect(body.hedging).toEqual({ enabled: true, min_ms: 5000, max_ms: 5000 });
      expect(body.upstreams.map((u: any) => [u.name, u.origin, u.state, u.consecutive_failures])).toEqual([
        ['chain-a', a.url, 'up', 0],
        ['chain-b', b.url, 'up', 0],
      ]);
      expect(body.upstreams[0]).toMatchObject({
        latency_ms: { samples: expect.any(Number) },
        requests: expect.any(Number),
        failures: 0,
        last_failure: null,
        last_success_at: expect.stringMatching(ISO),
      });
      const health = (await send('getHealth', {})).body;
      expect(health).toMatchObject({
        service: 'rpc',
        status: 'ok',
        cache: { hits: expect.any(Number), misses: expect.any(Number), max_entries: 20_000 },
      });
      expect(health.tolls).toEqual([
        {
          operation_id: 'rpc.call',
          method: 'POST',
          path: '/toll/rpc/',
          price: { per: 'block', usd: '0.01', requests: 1000 },
        },
        {
          operation_id: 'rpc.callGet',
          method: 'GET',
          path: '/toll/rpc/',
          price: { per: 'block', usd: '0.01', requests: 1000 },
        },
        { operation_id: 'rpc.getUpstreams', method: 'GET', path: '/toll/rpc/upstreams', price: null },
        { operation_id: 'rpc.getHealth', method: 'GET', path: '/toll/rpc/health', price: null },
      ]);
      expect(health.endpoints).toHaveLength(4);
    });

    // Last in this block: it stops both chains.
    it('fails over when a chain stops, serves labelled stale data when both are down, then errors', async () => {
      expect((await rpc('getVersion')).headers['x-toll-cache']).toBe('miss'); // cached 150 ms, kept 60 s for outages
      const late = address();
      b.chain.setAccount(late, { lamports: 3 * SOL });

      await a.close();
      const failedOver = await rpc('getBalance', [late]);
      expect(failedOver.body).toEqual({ jsonrpc: '2.0', result: { context: CONTEXT, value: 3 * SOL }, id: 1 });
      expect(failedOver.headers).toEqual({ 'x-toll-cache': 'miss', 'x-toll-upstream': 'chain-b' });
      const { body } = await send('getUpstreams', {});
      expect(body.upstreams.map((u: any) => [u.name, u.consecutive_failures])).toEqual([
        ['chain-b', 0],
        ['chain-a', 1],
      ]);
      expect(body.upstreams[1].last_failure).toEqual({
        at: expect.stringMatching(ISO),
        reason: 'chain-a: ECONNREFUSED',
      });
      expect((await send('getHealth', {})).body.status).toBe('degraded');

      await b.close();
      await sleep(200);
      const stale = await rpc('getVersion');
      expect(stale.body).toEqual({
        jsonrpc: '2.0',
        result: { 'solana-core': '3.0.0', 'feature-set': expect.any(Number) },
        id: 1,
      });
      expect(stale.headers).toEqual({
        'x-toll-cache': 'stale',
        'x-toll-upstream': 'chain-a',
        'x-toll-cache-age-ms': expect.stringMatching(/^\d+$/),
        'x-toll-stale': 'true',
        'x-toll-as-of': expect.stringMatching(ISO),
        'x-toll-stale-reason': 'SERVICE_UNAVAILABLE: no upstream could answer',
      });

      // Both were tried; which first depends on their measured latency.
      const bothRefused = {
        upstreams: expect.arrayContaining([
          { upstream: 'chain-a', reason: 'refused' },
          { upstream: 'chain-b', reason: 'refused' },
        ]),
      };
      const nothing = await rpc('getBalance', [address()]);
      expect(nothing.err).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'no upstream could answer',
        details: bothRefused,
      });
      expect(nothing.err.details.upstreams).toHaveLength(2);
      // In a batch, what the cache holds is still answered; the rest carry a JSON-RPC error.
      const mixed = await send('call', { batch: [req('getGenesisHash', undefined, 1), req('getSlot', undefined, 2)] });
      expect(mixed.body).toEqual([
        { jsonrpc: '2.0', result: a.chain.genesisHash, id: 1 },
        {
          jsonrpc: '2.0',
          error: {
            code: -32603,
            message: 'SERVICE_UNAVAILABLE: no upstream could answer',
            data: { code: 'SERVICE_UNAVAILABLE', ...bothRefused },
          },
          id: 2,
        },
      ]);
      expect(mixed.headers['x-toll-cache']).toBe('hit,miss');
      expect(mixed.headers['x-toll-upstream']).toBe('chain-a,none');
    });
  });

  describe('a broken primary in front of a working chain', () => {
    let fake: FakeUpstream;
    let chain: LocalRpc;

    beforeAll(async () => {
      [fake, chain] = await Promise.all([startFakeUpstream(), startLocalRpc({ port: 0 })]);
    });

    afterAll(async () => {
      await Promise.all([fake?.stop(), chain?.close()]);
    });

    // A fresh group per scenario, so routing starts from the configured order every time.
    const withGroup = async (env: Record<string, string>, body: () => Promise<void>) => {
      const group = await start({
        RPC_UPSTREAM_URLS: `${fake.url},${chain.url}`,
        RPC_UPSTREAM_NAMES: 'primary,chain',
        ...env,
      });
      try {
        await body();
      } finally {
        await group.close();
      }
    };

    it.each([
      ['answers HTTP 503', 'http-503', 'primary: HTTP 503'],
      ['answers 200 with an HTML page', 'html-200', 'primary: unusable answer (not JSON)'],
      ['answers 429', 'rate-limited', 'primary: HTTP 429'],
    ])('fails over to the next upstream, and names it, when the primary %s', async (_what, scenario, reason) => {
      fake.use([fixtures[scenario]]);
      await withGroup({}, async () => {
        const res = await rpc('getHealth');
        expect(res.body).toEqual({ jsonrpc: '2.0', result: 'ok', id: 1 });
        expect(res.headers).toEqual({ 'x-toll-cache': 'bypass', 'x-toll-upstream': 'chain' });
        const primary = (await send('getUpstreams', {})).body.upstreams.find((u: any) => u.name === 'primary');
        expect(primary).toMatchObject({ failures: 1, last_failure: { reason } });
      });
    });

    it('asks another upstream when the first answers a node-specific error (node behind), but passes request errors through', async () => {
      fake.use([fixtures['node-behind']]);
      await withGroup({}, async () => {
        const res = await rpc('getSlot', [{ commitment: 'processed', minContextSlot: 0 }]);
        expect(res.body).toEqual({ jsonrpc: '2.0', result: expect.any(Number), id: 1 });
        expect(res.headers['x-toll-upstream']).toBe('chain');
      });
      fake.use([fixtures['invalid-params']]);
      await withGroup({}, async () => {
        const res = await rpc('getBalance', [address()], 'x');
        expect(res.body).toEqual({
          jsonrpc: '2.0',
          error: { code: -32602, message: 'Invalid param: WrongSize' },
          id: 'x',
        });
        expect(res.headers).toEqual({ 'x-toll-cache': 'miss', 'x-toll-upstream': 'primary' });
      });
    });

    it('hedges a slow read to the next upstream and takes the first answer', async () => {
      fake.use([fixtures['slow-slot']]);
      await withGroup({ RPC_HEDGE_MIN_MS: '100', RPC_HEDGE_MAX_MS: '100' }, async () => {
        const started = Date.now();
        const res = await rpc('getSlot', [{ minContextSlot: 0 }]);
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(res.body).toEqual({ jsonrpc: '2.0', result: expect.any(Number), id: 1 });
        expect(res.headers['x-toll-upstream']).toBe('chain');
        const upstreams = (await send('getUpstreams', {})).body.upstreams;
        expect(upstreams.find((u: any) => u.name === 'chain')).toMatchObject({ hedges_won: 1 });
        // The cancelled slow attempt is not held against the primary.
        expect(upstreams.find((u: any) => u.name === 'primary')).toMatchObject({ failures: 0 });
      });
    });

    it('answers UPSTREAM_TIMEOUT promptly when the caller’s deadline is shorter than a slow upstream', async () => {
      fake.use([fixtures['slow-slot']]);
      const group = await start({ RPC_UPSTREAM_URLS: fake.url, RPC_UPSTREAM_NAMES: 'slow' });
      try {
        const started = Date.now();
        const res = await rpc('getSlot', undefined, 1, 400);
        expect(Date.now() - started).toBeLessThan(900);
        expect(res.err).toEqual({
          code: 'UPSTREAM_TIMEOUT',
          message: 'no upstream answered in time',
          details: { upstreams: [{ upstream: 'slow', reason: 'timeout' }] },
        });
      } finally {
        await group.close();
      }
    });
  });

  describe('sendTransaction', () => {
    let chain: LocalRpc;

    beforeAll(async () => {
      chain = await startLocalRpc({ port: 0 });
    });

    afterAll(async () => {
      await chain?.close();
    });

    it('is sent to exactly one upstream and never re-sent after a timeout', async () => {
      const hang = await startHangingUpstream();
      const group = await start({
        RPC_UPSTREAM_URLS: `${hang.url},${chain.url}`,
        RPC_UPSTREAM_NAMES: 'hang,chain',
        RPC_SEND_TIMEOUT_MS: '500',
      });
      try {
        const tx = transfer(chain, address());
        const started = Date.now();
        const res = await rpc('sendTransaction', [tx.wire, { encoding: 'base64' }]);
        expect(Date.now() - started).toBeLessThan(1_500);
        expect(res.err).toEqual({
          code: 'UPSTREAM_TIMEOUT',
          message: 'hang: no answer in time; the transaction may have reached the cluster and was not re-sent',
          details: { upstream: 'hang', outcome: 'unknown', signature: tx.signature },
        });
        expect(hang.bodies.map((b) => JSON.parse(b).method)).toEqual(['sendTransaction']);
        expect(chain.chain.getTransactionRecord(tx.signature)).toBeUndefined();
      } finally {
        await group.close();
        await hang.stop();
      }
    });

    it('moves to the next upstream only when the first provably never got it (connection refused)', async () => {
      const group = await start({
        RPC_UPSTREAM_URLS: `${await closedPortUrl()},${chain.url}`,
        RPC_UPSTREAM_NAMES: 'gone,chain',
      });
      try {
        const tx = transfer(chain, address());
        const res = await rpc('sendTransaction', [tx.wire, { encoding: 'base64' }], 'w');
        expect(res.body).toEqual({ jsonrpc: '2.0', result: tx.signature, id: 'w' });
        expect(res.headers).toEqual({ 'x-toll-cache': 'bypass', 'x-toll-upstream': 'chain' });
        expect(chain.chain.getTransactionRecord(tx.signature)).toBeDefined();
      } finally {
        await group.close();
      }
    });
  });
});
