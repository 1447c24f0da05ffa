import { http, type NatsServer, scratchDatabase, startNats } from '@toll/testing';
import { SOLANA_NETWORKS, decodeHeaderJson, readMemo } from '@toll/x402';
import { Client } from 'pg';
import { startDevutils } from '../../apps/devutils/src/bootstrap';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/bootstrap';
import { startPayments } from '../../apps/payments/src/bootstrap';
import { PaymentsConfig } from '../../apps/payments/src/config';
import { resolveTerms } from '../../apps/payments/src/terms';

// Issue-2 acceptance: the 402 challenge for a Dev Utilities call, and the free catalog, through the real stack.
// Gateway, payments and devutils on a private NATS server and the given scratch database, up for one describe block
// (dropped after it); `url` is the gateway's once it answers the devutils catalog.
function devutilsStack(db: ReturnType<typeof scratchDatabase>, env: Record<string, string>) {
  const stack = { url: '' };
  let nats: NatsServer;
  let gateway: RunningGateway;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    nats = await startNats();
    const withNats = { ...env, NATS_URL: nats.url };
    for (const start of [startPayments, startDevutils]) closers.push((await start(withNats)).close);
    gateway = await startGateway({ ...withNats, PORT: '0' });
    stack.url = gateway.url;
    for (let i = 0; i < 100 && (await http(`${gateway.url}/toll/devutils/health`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await gateway.close();
    for (const close of closers) await close();
    await nats.stop();
    await db.drop();
  });
  return stack;
}

describe('402 challenge through gateway, payments and devutils', () => {
  const db = scratchDatabase('toll_payments_e2e');
  const env = { LOG_LEVEL: 'error', NATS_GRACE_PERIOD_MS: '50', PAYMENTS_SOL_USD_FIXED: '150', DATABASE_URL: db.url };
  const terms = resolveTerms(PaymentsConfig.parse(env));

  const gateway = devutilsStack(db, env);

  it('answers a paid call without proof with x402 v2 in the header and v1 plus the memo flow in the body', async () => {
    const res = await http(`${gateway.url}/toll/devutils/hash/sha256`, { method: 'POST', json: { text: 'abc' } });
    expect(res.status).toBe(402);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const v2 = decodeHeaderJson(res.headers.get('payment-required')!) as any;
    expect(v2).toMatchObject({
      x402Version: 2,
      resource: { url: `${gateway.url}/toll/devutils/hash/sha256`, mimeType: 'application/json' },
      accepts: [
        {
          scheme: 'exact',
          network: SOLANA_NETWORKS.devnet.caip2,
          amount: '5000',
          asset: SOLANA_NETWORKS.devnet.usdcMint,
          payTo: terms.recipient,
          maxTimeoutSeconds: 120,
          extra: { feePayer: terms.feePayer.publicKey.toBase58(), memo: res.body.toll.memo },
        },
      ],
    });
    expect(v2.accepts[0].network).toMatch(/^solana:/);
    expect(v2.extensions.bazaar.info.input).toEqual({
      type: 'http',
      method: 'POST',
      bodyType: 'json',
      body: { text: 'hello world' },
    }); // the route's input example
    expect(v2.extensions.bazaar.schema.properties.input.properties.body.properties.text).toMatchObject({
      type: 'string',
    });

    const body = res.body;
    expect(body.x402Version).toBe(1);
    expect(body.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'solana-devnet',
      maxAmountRequired: '5000',
      asset: SOLANA_NETWORKS.devnet.usdcMint,
      payTo: terms.recipient,
    });
    expect(body.accepts[0].outputSchema.input).toEqual({
      type: 'http',
      method: 'POST',
      discoverable: true,
      bodyType: 'json',
      bodyFields: { text: expect.objectContaining({ type: 'string', required: true, example: 'hello world' }) },
    });
    expect(body.toll.error).toEqual({
      code: 'PAYMENT_REQUIRED',
      reason: 'payment_required',
      message:
        'This operation is paid: pay as described in toll.how_to_pay (or accepts), then repeat the request with ' +
        'the proof.',
      request_id: res.headers.get('x-request-id'),
    });
    expect(body.toll.chain).toEqual({ rpc_url: null, description: 'Solana devnet' });
    expect(body.toll.usdc).toEqual({
      mint: SOLANA_NETWORKS.devnet.usdcMint,
      token_account: terms.usdcTokenAccount,
      owner: terms.recipient,
      amount_atomic: '5000',
      amount: '0.005',
    });
    expect(body.toll.sol).toMatchObject({
      recipient: terms.recipient,
      lamports: '33334',
      rate: { sol_usd: '150', source: 'fixed-rate (PAYMENTS_SOL_USD_FIXED)' },
    });
    const memo = readMemo(terms.memoSecret, body.toll.memo, Math.floor(Date.now() / 1000));
    expect(memo.ok && memo.quote).toMatchObject({
      operationId: 'devutils.hashSha256',
      usd: '0.005',
      usdcAtomic: 5000n,
      lamports: 33334n,
    });
  });

  it('issues a fresh memo for every challenge and writes nothing while doing so', async () => {
    const admin = new Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    const count = async () =>
      Number(
        (await admin.query('SELECT (SELECT count(*) FROM payments) + (SELECT count(*) FROM holds) AS n')).rows[0].n,
      );
    const before = await count();
    const memos = new Set<string>();
    for (let i = 0; i < 20; i++) memos.add((await http(`${gateway.url}/toll/devutils/gen/uuid`)).body.toll.memo);
    expect(memos.size).toBe(20);
    expect(await count()).toBe(before);
    await admin.end();
  });

  it('never asks for payment for invalid input', async () => {
    const res = await http(`${gateway.url}/toll/devutils/gen/password?length=3`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([{ field: 'length', message: 'must be >= 4' }]);
  });

  it('serves the free health route with the full catalog', async () => {
    const res = await http(`${gateway.url}/toll/devutils/health`);
    expect(res.status).toBe(200);
    expect(res.body.endpoints).toHaveLength(17);
    const paid = res.body.endpoints.filter((e: any) => e.price);
    expect(paid).toHaveLength(16);
    expect(paid.every((e: any) => e.price.usd === '0.005' && e.price.per === 'call')).toBe(true);
  });
});

// Issue 23 item 6: where the chain is not the public network its name says (local and test modes), the challenge and
// the payments health name the RPC URL payments verifies against, so an agent never pays on the wrong network.
describe('402 challenge naming the chain it is verified on', () => {
  const db = scratchDatabase('toll_payments_e2e');
  const rpcUrl = 'http://127.0.0.1:8899';

  const gateway = devutilsStack(db, {
    LOG_LEVEL: 'error',
    NATS_GRACE_PERIOD_MS: '50',
    PAYMENTS_SOL_USD_FIXED: '150',
    DATABASE_URL: db.url,
    PAYMENTS_PUBLIC_RPC_URL: rpcUrl,
  });

  it('names the RPC URL in the 402 toll object, its how_to_pay, and the payments health', async () => {
    const res = await http(`${gateway.url}/toll/devutils/gen/uuid`);
    expect(res.status).toBe(402);
    const chain = {
      rpc_url: rpcUrl,
      description:
        `the chain served at ${rpcUrl}, which takes devnet's identifiers (x402 v1 "solana-devnet" and CAIP-2 ` +
        `"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" both name it here) and devnet's USDC mint and addresses`,
    };
    expect(res.body.toll.chain).toEqual(chain);
    expect(res.body.toll.how_to_pay.at(-1)).toBe(
      `Pay on ${chain.description}: ${rpcUrl} (the chain this service verifies against).`,
    );
    expect((await http(`${gateway.url}/toll/payments/health`)).body.terms.chain).toEqual(chain);
  });
});
