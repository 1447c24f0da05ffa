import { createKeyPairSignerFromBytes } from '@solana/kit';
import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, verifyReceipt, type MemoChallenge } from '@toll/client';
import { http } from '@toll/testing';
import { decodeHeaderJson, encodeHeaderJson } from '@toll/x402';
import { x402Client } from '@x402/core/client';
import type { PaymentRequired } from '@x402/core/types';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { childReady, startChildGateway, until, type ChildGateway } from './child-gateway';
import { served } from './shop-group';
import { startStack, type Stack } from './stack';

// Prepaid blocks on leases on the real thing: real NATS and Postgres, two payments replicas, two gateway processes.
// The shop's pack route sells blocks of 50 calls; a block lease holds at most 10 credits at once, so the gateways'
// leases run dry and give back often.
const LEASE_ENV = { PAYMENTS_BLOCK_LEASE_MAX_CREDITS: '10', PAYMENTS_LEASE_SECONDS: '10' };
const PATH = '/toll/shop/pack';

type Result = Awaited<ReturnType<typeof http>>;

describe('block leases: two gateway processes, two payments replicas', () => {
  let stack: Stack;
  let gws: ChildGateway[];
  let receiptKey: string;

  beforeAll(async () => {
    stack = await startStack({ gateways: 0, payments: 2, appEnv: LEASE_ENV });
    gws = await Promise.all(
      [0, 1].map(() => startChildGateway(stack.nats.url, mkdtempSync(join(tmpdir(), 'toll-gw-journal-')))),
    );
    await Promise.all(gws.map(childReady));
    receiptKey = (await http(`${gws[0].url}/toll/payments/health`)).body.terms.receipt_public_key;
  }, 90_000);

  afterAll(async () => {
    for (const g of gws) g.child.kill('SIGTERM');
    await stack.stop();
    for (const g of gws) rmSync(g.dir, { recursive: true, force: true });
  });

  const sql = async (text: string, params: unknown[] = []) => {
    const db = new Client({ connectionString: stack.paymentsDatabaseUrl });
    await db.connect();
    try {
      return (await db.query(text, params)).rows;
    } finally {
      await db.end();
    }
  };
  // A block of 50 paid on chain; `call` spends one credit of it through a gateway.
  const buy = async () => {
    const c: MemoChallenge = (await http(`${gws[0].url}${PATH}`)).body.toll;
    const signature = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const call = (g: ChildGateway) =>
      http(`${g.url}${PATH}?toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': signature } });
    return { signature, call };
  };
  const ledger = async (proofKey: string) => {
    const [p] = await sql(`SELECT id, credits_used, credits_held FROM payments WHERE proof_key = $1`, [proofKey]);
    const holds = await sql(`SELECT id, status, block_lease_id FROM holds WHERE payment_id = $1`, [p.id]);
    const open = await sql(
      `SELECT count(*)::int AS n FROM block_leases WHERE payment_id = $1 AND status IN ('active', 'revoked')`,
      [p.id],
    );
    return {
      used: p.credits_used as number,
      held: p.credits_held as number,
      settled: holds.filter((h) => h.status === 'settled').map((h) => h.id as string),
      leased: holds.filter((h) => h.block_lease_id !== null).length,
      openLeases: open[0].n as number,
    };
  };
  const receiptIds = (results: Result[]) =>
    results
      .filter((r) => r.status === 200)
      .map((r) => {
        const check = verifyReceipt(r.headers.get('x-toll-receipt')!, receiptKey, {
          body: r.text,
          request: { operationId: 'shop.getPack', method: 'GET', path: PATH, input: {} },
        });
        if (!check.valid) throw new Error(check.reason);
        return check.claims.receipt_id;
      });

  it('a block of 50, 10 calls, then 80 concurrent over both gateways: exactly 40 served, the ledger equals the receipts', async () => {
    const { signature, call } = await buy();
    const first: Result[] = [];
    for (let i = 0; i < 10; i++) first.push(await call(gws[i % 2])); // the first verifies the block in payments
    expect(first.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(first.map((r) => r.headers.get('x-toll-credits-remaining'))[0]).toBe('49');
    const before = served.pack;
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => call(gws[i % 2])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(40);
    expect(served.pack - before).toBe(40);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`))).toEqual(
      new Set(['402 block_used_up']),
    );
    const ids = receiptIds([...first, ...results]);
    expect(new Set(ids).size).toBe(50);
    // After the gateways' reports and closes: 50 credits used, each a settled hold named by a receipt, none held.
    await until(async () => {
      const l = await ledger(signature);
      return l.settled.length >= 50 && l.openLeases === 0;
    });
    const l = await ledger(signature);
    expect([l.used, l.held, l.openLeases]).toEqual([50, 0, 0]);
    expect(new Set(l.settled)).toEqual(new Set(ids));
    expect(l.leased).toBeGreaterThanOrEqual(40); // all but the first calls spent leased credits
    expect((await call(gws[1])).body.error).toBe('block_used_up');
  }, 90_000);

  it('kill -9 of a gateway before it reported: after its restart the ledger equals the receipts, none twice', async () => {
    const { signature, call } = await buy();
    // A gateway that reports every 5 s: its calls are in its journal, not yet in the ledger, when it is killed.
    const dir = mkdtempSync(join(tmpdir(), 'toll-gw-journal-'));
    const slow = await startChildGateway(stack.nats.url, dir, { GATEWAY_LEASE_REPORT_MS: '5000' });
    await childReady(slow);
    const results: Result[] = [];
    for (let i = 0; i < 13; i++) results.push(await call(slow));
    const ids = receiptIds(results);
    expect(ids).toHaveLength(13);
    slow.child.kill('SIGKILL');
    await new Promise((r) => slow.child.once('exit', r));
    const killed = await ledger(signature);
    expect(killed.settled.length).toBeLessThan(13); // served from the lease, not reported before the kill
    expect(killed.openLeases).toBe(1); // its credits stay held for the restarted gateway's report
    const again = await startChildGateway(stack.nats.url, dir, { GATEWAY_LEASE_REPORT_MS: '5000' });
    try {
      await until(async () => {
        const l = await ledger(signature);
        return l.settled.length >= 13 && l.openLeases === 0;
      });
      const l = await ledger(signature);
      expect(new Set(l.settled)).toEqual(new Set(ids));
      expect([l.used, l.held, l.openLeases]).toEqual([13, 0, 0]);
      // The rest of the block is spendable again, through either gateway.
      expect((await call(gws[0])).headers.get('x-toll-credits-remaining')).toBe('36');
    } finally {
      again.child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('an x402 block: its first call settles on chain in payments, the same PAYMENT-SIGNATURE then spends a lease', async () => {
    const signer = await createKeyPairSignerFromBytes(stack.payer.secretKey);
    const x402 = new x402Client().register('solana:*', new ExactSvmScheme(signer as never, { rpcUrl: stack.rpc.url }));
    x402.setSpendControls(false); // the local USDC mint sits at the devnet address
    const required = decodeHeaderJson((await http(`${gws[0].url}${PATH}`)).headers.get('payment-required')!);
    const header = encodeHeaderJson(await x402.createPaymentPayload(required as PaymentRequired));
    const results: Result[] = [];
    for (let i = 0; i < 6; i++)
      results.push(await http(`${gws[i % 2].url}${PATH}`, { headers: { 'payment-signature': header } }));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results[0].headers.get('x-toll-credits-remaining')).toBe('49');
    const ids = receiptIds(results);
    const [{ proof_key }] = await sql(
      `SELECT proof_key FROM payments WHERE kind = 'x402' AND operation_id = 'shop.getPack'`,
    );
    await until(async () => (await ledger(proof_key)).settled.length >= 6);
    const l = await ledger(proof_key);
    expect(new Set(l.settled)).toEqual(new Set(ids));
    expect([l.used, l.leased]).toEqual([6, 5]);
  }, 60_000);
});
