#!/usr/bin/env node
// The database side of balance-paid calls alone: hold + settle cycles on one wallet through the built
// BalanceRepository, N calls with C in flight (every call of one agent queues on its balance row).
// `npm run build && node tools/bench/balance-db.js [N=2000] [C=10]`; BENCH_DATABASE_URL picks the database.
const { randomBytes } = require('node:crypto');
const path = require('node:path');
const { JsonLogger } = require('@toll/platform');

const dist = path.resolve(__dirname, '..', '..', 'apps', 'payments', 'dist');
const { BalanceRepository } = require(path.join(dist, 'balance.repository'));
const { PrismaService } = require(path.join(dist, 'prisma.service'));
const { PaymentsConfig } = require(path.join(dist, 'config'));

const N = Number(process.argv[2] ?? 2000);
const C = Number(process.argv[3] ?? 10);

(async () => {
  const config = PaymentsConfig.parse({ DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/toll_payments_balance_db' });
  const db = new PrismaService(config, new JsonLogger('bench', 'error'));
  await db.onModuleInit();
  const repo = new BalanceRepository(db);
  const wallet = `bench${randomBytes(8).toString('hex')}`;
  await db.pool.query('INSERT INTO balances (wallet, available_atomic) VALUES ($1, $2)', [wallet, String(BigInt(N) * 10_000n)]);
  let next = 0;
  let settled = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next++ < N) {
        const hold = { wallet, nonce: randomBytes(12).toString('hex'), nonceTtlSeconds: 180, operationId: 'bench.call', priceUsd: '0.01', amountAtomic: 10_000n, requestId: 'bench', ttlSeconds: 60 };
        const held = await repo.hold(hold, 0, 0);
        if (held.ok && (await repo.settle(held.holdId, undefined, 0))) settled++;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const state = await repo.state(wallet);
  console.log(`${N} balance calls (hold + settle), ${C} in flight, one wallet: ${(N / seconds).toFixed(0)} calls/s, ${settled} settled, balance left ${state.balance_atomic}`);
  await db.onModuleDestroy();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
