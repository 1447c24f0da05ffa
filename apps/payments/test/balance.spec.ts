import { JsonLogger } from '@toll/platform';
import { scratchDatabase } from '@toll/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { BalanceRepository, type BalanceHoldRequest } from '../src/balance.repository';
import { PaymentsConfig } from '../src/config';
import { PrismaService } from '../src/prisma.service';

const db = scratchDatabase('toll_payments_balance');
const config = PaymentsConfig.parse({ DATABASE_URL: db.url });
const logger = new JsonLogger('test', 'error');

const query = async (sql: string, params: unknown[] = []) => {
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
};

// Two Prisma clients on one database stand in for two payments replicas.
describe(BalanceRepository.name, () => {
  let a: PrismaService;
  let b: PrismaService;
  let repoA: BalanceRepository;
  let repoB: BalanceRepository;

  beforeAll(async () => {
    a = new PrismaService(config, logger);
    b = new PrismaService({ ...config, PAYMENTS_MIGRATE_ON_START: 'false' }, logger);
    await a.onModuleInit();
    await b.onModuleInit();
    repoA = new BalanceRepository(a);
    repoB = new BalanceRepository(b);
  });

  afterAll(async () => {
    await a.onModuleDestroy();
    await b.onModuleDestroy();
    await db.drop();
  });

  const funded = async (atomic: bigint) => {
    const wallet = `w${randomBytes(8).toString('hex')}`;
    await repoA.credit(wallet, atomic, 'payments.deposit1', randomUUID(), 'tx');
    return wallet;
  };
  const req = (wallet: string, over: Partial<BalanceHoldRequest> = {}): BalanceHoldRequest => ({
    wallet,
    nonce: randomBytes(12).toString('hex'),
    nonceTtlSeconds: 180,
    operationId: 'shop.getItem',
    priceUsd: '0.01',
    amountAtomic: 10_000n,
    requestId: 'r',
    ttlSeconds: 60,
    ...over,
  });

  it('holds and settles exactly what the balance covers across replicas: 100 concurrent on 60, nothing negative', async () => {
    const wallet = await funded(600_000n);
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const repo = i % 2 ? repoA : repoB;
        const held = await repo.hold(req(wallet), 0, 0);
        if (held.ok) await (i % 3 ? repoA : repoB).settle(held.holdId, undefined, 0);
        return held;
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(60);
    expect(new Set(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason))).toEqual(new Set(['balance_too_low']));
    expect(await repoA.state(wallet)).toMatchObject({ balance_atomic: 0n, held_atomic: 0n, spent_today_atomic: 600_000n });
    const entries = await repoB.entries(wallet, 1000);
    expect(entries.filter((e) => e.kind === 'debit')).toHaveLength(60);
    expect(entries.map((e) => e.balance_after_atomic).sort((x, y) => (x < y ? -1 : 1))[0]).toBe(0n);
  });

  it('credits a deposit hold once, settles a hold once, and refuses a reused nonce', async () => {
    const wallet = `w${randomBytes(8).toString('hex')}`;
    const depositHold = randomUUID();
    await Promise.all([repoA.credit(wallet, 50_000n, 'payments.deposit1', depositHold, 'tx'), repoB.credit(wallet, 50_000n, 'payments.deposit1', depositHold, 'tx')]);
    expect((await repoA.state(wallet)).balance_atomic).toBe(50_000n);
    const r = req(wallet);
    const held = await repoA.hold(r, 0, 0);
    if (!held.ok) throw new Error('expected a hold');
    const [first, second] = await Promise.all([repoA.settle(held.holdId, undefined, 0), repoB.settle(held.holdId, undefined, 0)]);
    expect(first).toEqual(second);
    expect(first?.balance_atomic).toBe(40_000n);
    expect(await repoB.hold(r, 0, 0)).toEqual({ ok: false, reason: 'nonce_reused' });
    expect((await repoA.state(wallet)).balance_atomic).toBe(40_000n);
  });

  it('gives a released or expired hold back, and settles an expired one late only while the balance covers it', async () => {
    const wallet = await funded(20_000n);
    const released = await repoA.hold(req(wallet), 0, 0);
    if (!released.ok) throw new Error('expected a hold');
    expect(await repoB.release(released.holdId, 'UPSTREAM_ERROR')).toBe(true);
    expect(await repoB.release(released.holdId, 'UPSTREAM_ERROR')).toBe(false);
    expect(await repoA.state(wallet)).toMatchObject({ balance_atomic: 20_000n, held_atomic: 0n, spent_today_atomic: 0n });

    const late = await repoA.hold(req(wallet), 0, 0);
    if (!late.ok) throw new Error('expected a hold');
    await query(`UPDATE balance_holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [late.holdId]);
    expect(await repoB.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect((await repoA.state(wallet)).held_atomic).toBe(0n);
    expect((await repoA.settle(late.holdId, undefined, 0))?.balance_atomic).toBe(10_000n);

    const lost = await repoA.hold(req(wallet), 0, 0);
    if (!lost.ok) throw new Error('expected a hold');
    await query(`UPDATE balance_holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [lost.holdId]);
    await repoB.releaseExpired();
    const other = await repoA.hold(req(wallet), 0, 0); // takes the last 10,000 while the first is expired
    if (!other.ok) throw new Error('expected a hold');
    expect(await repoA.settle(lost.holdId, undefined, 0)).toBeNull();
    expect((await repoA.settle(other.holdId, undefined, 0))?.balance_atomic).toBe(0n);
  });

  it('applies the per-call and per-day caps the owner set', async () => {
    const wallet = await funded(100_000n);
    await repoA.setCaps(wallet, 5_000n, null);
    expect(await repoA.hold(req(wallet), 0, 0)).toMatchObject({ ok: false, reason: 'balance_cap_per_call' });
    await repoA.setCaps(wallet, null, 25_000n);
    expect((await repoA.hold(req(wallet), 0, 0)).ok).toBe(true);
    expect((await repoB.hold(req(wallet), 0, 0)).ok).toBe(true);
    expect(await repoA.hold(req(wallet), 0, 0)).toMatchObject({ ok: false, reason: 'balance_cap_per_day' });
    expect(await repoA.hold(req(wallet, { amountAtomic: 5_000n }), 0, 0)).toMatchObject({ ok: true });
  });
});
