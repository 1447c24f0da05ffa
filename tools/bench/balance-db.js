#!/usr/bin/env node
// The database side of balance-paid calls alone: hold + settle cycles on one wallet through the built
// BalanceRepository, N calls with C in flight (every call of one agent queues on its balance row). With `block`,
// the same for one prepaid block through the built LedgerRepository (every call queues on the block's payment row).
// `npm run build && node tools/bench/balance-db.js [N=2000] [C=10] [balance|block]`; BENCH_DATABASE_URL picks the
// database.
const { randomBytes } = require('node:crypto');
const path = require('node:path');
const { JsonLogger } = require('@toll/platform');

const dist = path.resolve(__dirname, '..', '..', 'apps', 'payments', 'dist');
const { BalanceRepository } = require(path.join(dist, 'balance.repository'));
const { LedgerRepository } = require(path.join(dist, 'ledger.repository'));
const { PrismaService } = require(path.join(dist, 'prisma.service'));
const { PaymentsConfig } = require(path.join(dist, 'config'));

const N = Number(process.argv[2] ?? 2000);
const C = Number(process.argv[3] ?? 10);
const KIND = process.argv[4] ?? 'balance';

// C workers running `call` until N calls are made; calls per second and how many settled.
async function run(call) {
  let next = 0;
  let settled = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next++ < N) if (await call(next)) settled++;
    }),
  );
  return { perSecond: N / (Number(process.hrtime.bigint() - started) / 1e9), settled };
}

async function block(db) {
  const ledger = new LedgerRepository(db);
  const p = {
    kind: 'memo',
    proofKey: randomBytes(32).toString('hex'),
    txSignature: null,
    memo: `toll1:bench.${randomBytes(6).toString('hex')}`,
    operationId: 'bench.call',
    priceUsd: '1.00',
    asset: 'USDC',
    amountAtomic: 1_000_000n,
    payer: 'bench',
    network: 'bench',
    creditsTotal: N + 1,
  };
  const first = await ledger.hold(p, 'bench', 60, undefined, false);
  if (!first.ok || !(await ledger.settle(first.holdId))) throw new Error('could not open the block');
  const r = await run(async (i) => {
    const seen = await ledger.lookupOrHoldNext(p.proofKey, p.memo, p.operationId, `bench${i}`, 60, true);
    return seen && 'held' in seen && (await ledger.settle(seen.held.holdId));
  });
  const [left] = (
    await db.pool.query(
      'SELECT credits_total - credits_used AS left, credits_held FROM payments WHERE proof_key = $1',
      [p.proofKey],
    )
  ).rows;
  console.log(
    `${N} block calls (lookup-or-hold-next + settle), ${C} in flight, one block: ${r.perSecond.toFixed(0)} ` +
      `calls/s, ${r.settled} settled, credits left ${left.left}, held ${left.credits_held}`,
  );
}

(async () => {
  const config = PaymentsConfig.parse({
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/toll_payments_balance_db',
  });
  const db = new PrismaService(config, new JsonLogger('bench', 'error'));
  await db.onModuleInit();
  if (KIND === 'block') await block(db);
  else {
    const repo = new BalanceRepository(db);
    const wallet = `bench${randomBytes(8).toString('hex')}`;
    await db.pool.query('INSERT INTO balances (wallet, available_atomic) VALUES ($1, $2)', [
      wallet,
      String(BigInt(N) * 10_000n),
    ]);
    const r = await run(async () => {
      const hold = {
        wallet,
        nonce: randomBytes(12).toString('hex'),
        nonceTtlSeconds: 180,
        operationId: 'bench.call',
        priceUsd: '0.01',
        amountAtomic: 10_000n,
        requestId: 'bench',
        ttlSeconds: 60,
      };
      const held = await repo.hold(hold, 0, 0);
      return held.ok && (await repo.settle(held.holdId, undefined, 0));
    });
    const state = await repo.state(wallet);
    console.log(
      `${N} balance calls (hold + settle), ${C} in flight, one wallet: ${r.perSecond.toFixed(0)} calls/s, ` +
        `${r.settled} settled, balance left ${state.balance_atomic}`,
    );
  }
  await db.onModuleDestroy();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
