import { BALANCE_HEADERS, type BalanceDeployment } from '@toll/x402';
import { Connection, Keypair } from '@solana/web3.js';
import {
  balanceHeaders,
  memoPaymentInstructions,
  ownerAuth,
  sendAndConfirm,
  verifyReceipt,
  type MemoChallenge,
} from '@toll/client';
import { SUBJECTS, type LeaseRequest } from '@toll/contracts';
import type { RunningGroup } from '@toll/platform';
import { http } from '@toll/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { startPayments } from '../../apps/payments/src/bootstrap';
import { childReady, startChildGateway, until, type ChildGateway } from './child-gateway';
import { served } from './shop-group';
import { startStack, type Stack } from './stack';

// Balance leases on the real thing: real NATS and Postgres, two payments replicas, and two gateways run as child
// processes (child-gateway.ts) so one can be killed with SIGKILL.
// L is 50,000 atomic units (five calls at 0.01) so leases run out quickly.
const LEASE_ENV = {
  PAYMENTS_LEASE_MAX_ATOMIC: '50000',
  PAYMENTS_LEASE_SECONDS: '10',
  PAYMENTS_LEASE_GRACE_SECONDS: '120',
};

describe('balance leases: two gateway processes, two payments replicas', () => {
  let stack: Stack;
  let gws: ChildGateway[];
  let connection: Connection;
  let receiptKey: string;
  let deployment: BalanceDeployment;
  const extraPayments: RunningGroup[] = [];

  const startChild = (dir: string, env: Record<string, string> = {}) => startChildGateway(stack.nats.url, dir, env);

  beforeAll(async () => {
    stack = await startStack({ gateways: 0, payments: 2, appEnv: LEASE_ENV });
    connection = new Connection(stack.rpc.url, 'confirmed');
    gws = await Promise.all([0, 1].map(() => startChild(mkdtempSync(join(tmpdir(), 'toll-gw-journal-')))));
    await Promise.all(gws.map(childReady));
    const { terms } = (await http(`${gws[0].url}/toll/payments/health`)).body;
    receiptKey = terms.receipt_public_key;
    deployment = { network: terms.network, recipient: terms.recipient };
  }, 90_000);

  afterAll(async () => {
    for (const g of gws) g.child.kill('SIGTERM');
    for (const p of extraPayments) await p.close();
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
  const wallet = () => {
    const w = Keypair.generate();
    stack.rpc.chain.airdrop(w.publicKey, 1_000_000_000n);
    return w;
  };
  const deposit = async (w: Keypair) => {
    const path = '/toll/payments/balance/deposit-1';
    const c: MemoChallenge = (await http(`${gws[0].url}${path}`, { method: 'POST', json: {} })).body.toll;
    const signature = await sendAndConfirm(connection, w, memoPaymentInstructions(c, 'SOL', w.publicKey));
    const paid = await http(`${gws[0].url}${path}?toll_memo=${encodeURIComponent(c.memo)}`, {
      method: 'POST',
      json: {},
      headers: { 'x-payment-tx': signature },
    });
    expect(paid.status).toBe(200);
  };
  const spend = (w: Keypair, g: ChildGateway) => {
    const url = `${g.url}/toll/shop/item`;
    return http(url, { headers: balanceHeaders(url, { method: 'GET' }, w, deployment) });
  };
  const debits = async (w: Keypair) =>
    sql(`SELECT id, nonce, amount_atomic FROM balance_entries WHERE wallet = $1 AND kind = 'debit'`, [
      w.publicKey.toBase58(),
    ]);
  const receiptsOf = (results: Array<{ status: number; headers: Headers; text: string }>) =>
    results
      .filter((r) => r.status === 200)
      .map((r) => {
        const check = verifyReceipt(r.headers.get('x-toll-receipt')!, receiptKey, {
          body: r.text,
          request: { operationId: 'shop.getItem', method: 'GET', path: '/toll/shop/item', input: {} },
        });
        if (!check.valid) throw new Error(check.reason);
        return check.claims;
      });

  it('serves exactly what the balance covers: 100 concurrent calls over both gateways, 60 covered; the ledger shows each call', async () => {
    const w = wallet();
    await deposit(w); // 100 calls at 0.01
    const first = [];
    for (let i = 0; i < 40; i++) first.push(await spend(w, gws[i % 2]));
    const before = served.item;
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => spend(w, gws[i % 2])));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(60);
    expect(served.item - before).toBe(60);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`))).toEqual(
      new Set(['402 balance_too_low']),
    );
    const claims = receiptsOf([...first, ...results]);
    expect(claims).toHaveLength(100);
    // After the gateways' reports (every second), the ledger holds exactly the receipts the callers hold.
    await until(async () => (await debits(w)).length >= 100);
    const entries = await debits(w);
    expect(new Set(entries.map((e) => e.id))).toEqual(new Set(claims.map((c) => c.settlement.reference)));
    expect(entries.every((e) => e.amount_atomic === '10000')).toBe(true);
    const query = new URLSearchParams(ownerAuth('GET', '/toll/payments/balance', { limit: '200' }, w, deployment));
    const b = (await http(`${gws[1].url}/toll/payments/balance?limit=200&${query}`)).body;
    expect([b.balance_atomic, b.ledger.filter((e: { kind: string }) => e.kind === 'debit').length]).toEqual(['0', 100]);
  }, 90_000);

  it('a lease in use is topped up before it runs out: 30 calls one after another, one wait for payments (the first)', async () => {
    const w = wallet();
    await deposit(w);
    // Every lease request, as payments receives it (a plain subscriber gets a copy of each request).
    const nc: NatsConnection = await connect({ servers: stack.nats.url });
    const asks: LeaseRequest[] = [];
    nc.subscribe(SUBJECTS.paymentsLease, {
      callback: (err, msg) => {
        if (!err) asks.push(JSON.parse(new TextDecoder().decode(msg.data)).data);
      },
    });
    await nc.flush(); // the subscription is in place at the server before the first call
    try {
      const statuses = [];
      for (let i = 0; i < 30; i++) {
        statuses.push((await spend(w, gws[0])).status);
        await new Promise((r) => setTimeout(r, 60)); // an agent's pace: room for a top-up between calls
      }
      expect(statuses).toEqual(Array(30).fill(200));
      const mine = asks.filter((a) => a.wallet === w.publicKey.toBase58());
      // L covers five calls, so 30 calls need several top-ups; only the first grant had a call waiting on it
      // (min_atomic > 0): every later one was asked ahead of need (min_atomic 0) with the calls still covered.
      const waited = mine.filter((a) => a.min_atomic !== undefined && a.min_atomic !== '0');
      expect(waited.map((a) => [a.lease_id ?? 'new lease', a.min_atomic])).toEqual([['new lease', '10000']]);
      expect(mine.filter((a) => a.min_atomic === '0').length).toBeGreaterThanOrEqual(5);
    } finally {
      await nc.close();
    }
  }, 90_000);

  it('a signed request replayed to a second gateway: served there, charged once, whichever reports first', async () => {
    const url = `${gws[0].url}/toll/shop/item`;
    const read = async (w: Keypair, g: ChildGateway) => {
      const query = new URLSearchParams(ownerAuth('GET', '/toll/payments/balance', { limit: '50' }, w, deployment));
      const b = (await http(`${g.url}/toll/payments/balance?limit=50&${query}`)).body;
      return [b.balance_atomic, b.ledger.filter((e: { kind: string }) => e.kind === 'debit').length];
    };
    const nonceDebits = async (w: Keypair, nonce: string) =>
      (await debits(w)).filter((e) => e.nonce === nonce).map((e) => e.id);
    // The first gateway reports before the replay is made; then the replay's gateway reports first (the first one
    // reports every 5 s and has not yet when the second is read).
    const slowDir = mkdtempSync(join(tmpdir(), 'toll-gw-journal-'));
    const slow = await startChild(slowDir, { GATEWAY_LEASE_REPORT_MS: '5000' });
    try {
      await childReady(slow);
      for (const [first, second] of [
        [gws[0], gws[1]],
        [slow, gws[1]],
      ]) {
        const w = wallet();
        await deposit(w);
        const headers = balanceHeaders(url, { method: 'GET' }, w, deployment);
        const nonce = headers[BALANCE_HEADERS.nonce];
        const original = await http(`${first.url}/toll/shop/item`, { headers });
        if (first !== slow) expect(await read(w, first)).toEqual(['990000', 1]);
        const replay = await http(`${second.url}/toll/shop/item`, { headers });
        // Served on both gateways (each checks only its own nonce memory), within the clock window.
        const [a, b] = receiptsOf([original, replay]);
        expect([original.status, replay.status]).toEqual([200, 200]);
        expect(await read(w, second)).toEqual(['990000', 1]);
        const charged = await nonceDebits(w, nonce);
        expect(charged).toEqual([first === slow ? b.settlement.reference : a.settlement.reference]);
        expect(await read(w, first)).toEqual(['990000', 1]); // the other gateway's report charges nothing more
        expect(await nonceDebits(w, nonce)).toEqual(charged);
        expect(await debits(w)).toHaveLength(1);
      }
    } finally {
      slow.child.kill('SIGTERM');
      rmSync(slowDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('kill -9 of a gateway before it reported: after its restart the ledger equals the receipts, nothing charged twice', async () => {
    const w = wallet();
    await deposit(w);
    // A gateway that reports every 5 s: its calls are in its journal, not yet in the ledger, when it is killed.
    const slowDir = mkdtempSync(join(tmpdir(), 'toll-gw-journal-'));
    const slow = await startChild(slowDir, { GATEWAY_LEASE_REPORT_MS: '5000' });
    await childReady(slow);
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await spend(w, slow));
    const claims = receiptsOf(results);
    expect(claims).toHaveLength(12);
    slow.child.kill('SIGKILL');
    await new Promise((r) => slow.child.once('exit', r));
    expect((await debits(w)).length).toBeLessThan(12); // some calls were never reported before the kill
    const again = await startChild(slowDir, { GATEWAY_LEASE_REPORT_MS: '5000' });
    try {
      await until(async () => (await debits(w)).length >= 12);
      const entries = await debits(w);
      expect(new Set(entries.map((e) => e.id))).toEqual(new Set(claims.map((c) => c.settlement.reference)));
      expect(new Set(entries.map((e) => e.nonce)).size).toBe(12);
      // The killed run's lease is closed by the report: what it held and did not spend is back.
      await until(
        async () =>
          (
            await sql(
              `SELECT count(*)::int AS n FROM balance_leases WHERE wallet = $1 AND status IN ('active', 'revoked')`,
              [w.publicKey.toBase58()],
            )
          )[0].n === 0,
      );
      const [row] = await sql(`SELECT available_atomic FROM balances WHERE wallet = $1`, [w.publicKey.toBase58()]);
      expect(row.available_atomic).toBe(String(1_000_000 - 12 * 10_000));
    } finally {
      again.child.kill('SIGTERM');
      rmSync(slowDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('payments stopped: calls are served from the lease, then 503 before any payment step; reported once payments is back', async () => {
    const w = wallet();
    await deposit(w);
    const g = gws[0];
    expect((await spend(w, g)).status).toBe(200); // the lease: at most five calls at 0.01
    for (const p of stack.payments.splice(0)) await p.close(); // out of the stack's list: stop() closes the rest
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await spend(w, g));
    const statuses = results.map((r) => r.status);
    const servedFromLease = statuses.filter((s) => s === 200).length;
    expect(servedFromLease).toBeLessThanOrEqual(4);
    expect(statuses).toEqual([...Array(servedFromLease).fill(200), ...Array(8 - servedFromLease).fill(503)]);
    expect(results[7].body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(results[7].body.error.message).toMatch(/nothing was charged/);
    // Payments back: what the lease served is reported and charged once.
    const env = {
      NATS_URL: stack.nats.url,
      LOG_LEVEL: 'error',
      DATABASE_URL: stack.paymentsDatabaseUrl,
      SOLANA_RPC_URLS: stack.rpc.url,
      PAYMENTS_SOL_USD_FIXED: '150',
      NATS_GRACE_PERIOD_MS: '50',
      ...LEASE_ENV,
    };
    extraPayments.push(await startPayments(env));
    await until(async () => (await debits(w)).length >= 1 + servedFromLease);
    expect(await debits(w)).toHaveLength(1 + servedFromLease);
  }, 90_000);
});
