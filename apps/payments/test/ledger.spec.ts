import { JsonLogger } from '@toll/platform';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PaymentsConfig } from '../src/config';
import { LedgerRepository, type NewPayment } from '../src/ledger.repository';
import { PrismaService } from '../src/prisma.service';

const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = `toll_payments_ledger_${randomBytes(4).toString('hex')}`;
const config = PaymentsConfig.parse({ DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/${database}` });
const logger = new JsonLogger('test', 'error');

const payment = (over: Partial<NewPayment> = {}): NewPayment => ({
  kind: 'memo',
  proofKey: randomBytes(32).toString('hex'),
  txSignature: null,
  memo: `toll1:test.${randomBytes(6).toString('hex')}`,
  operationId: 'shop.getItem',
  priceUsd: '0.01',
  asset: 'USDC',
  amountAtomic: 10_000n,
  payer: 'payer',
  network: 'solana:test',
  creditsTotal: 1,
  ...over,
});

// Two Prisma clients on one database stand in for two payments replicas.
describe(LedgerRepository.name, () => {
  let a: PrismaService;
  let b: PrismaService;
  let ledgerA: LedgerRepository;
  let ledgerB: LedgerRepository;

  beforeAll(async () => {
    a = new PrismaService(config, logger);
    b = new PrismaService({ ...config, PAYMENTS_MIGRATE_ON_START: 'false' }, logger);
    await a.onModuleInit();
    await b.onModuleInit();
    ledgerA = new LedgerRepository(a);
    ledgerB = new LedgerRepository(b);
  });

  afterAll(async () => {
    await a.onModuleDestroy();
    await b.onModuleDestroy();
    const admin = new Client({ connectionString: ADMIN });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  it('gives one of two concurrent holds on the same proof, across replicas', async () => {
    const p = payment();
    const results = await Promise.all([ledgerA.hold(p, 'r1', 60), ledgerB.hold(p, 'r2', 60), ledgerA.hold(p, 'r3', 60), ledgerB.hold(p, 'r4', 60)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(['proof_in_use', 'proof_in_use', 'proof_in_use']);
  });

  it('settles once (idempotently); a settled proof is refused, a released one can be held again', async () => {
    const p = payment();
    const first = await ledgerA.hold(p, 'r1', 60);
    if (!first.ok) throw new Error('expected a hold');
    expect(await ledgerB.release(first.holdId, 'UPSTREAM_ERROR')).toBe(true);
    const second = await ledgerB.hold(p, 'r2', 60);
    if (!second.ok) throw new Error('expected a second hold after release');
    expect((await ledgerA.settle(second.holdId))?.credits_used).toBe(1);
    // Settling again (a gateway that lost the answer asks once more) counts nothing twice.
    expect((await ledgerB.settle(second.holdId))?.credits_used).toBe(1);
    expect(await ledgerA.settle(first.holdId)).toBeNull();
    expect(await ledgerB.hold(p, 'r3', 60)).toEqual({ ok: false, reason: 'proof_already_redeemed' });
  });

  it('refuses a signature reused with another memo, and a memo reused with another signature', async () => {
    const p = payment();
    expect((await ledgerA.hold(p, 'r1', 60)).ok).toBe(true);
    expect(await ledgerA.hold({ ...p, memo: 'toll1:another' }, 'r2', 60)).toEqual({ ok: false, reason: 'signature_already_used' });
    expect(await ledgerB.hold({ ...p, proofKey: 'other-signature' }, 'r3', 60)).toEqual({ ok: false, reason: 'memo_already_used' });
  });

  it('gives an expired hold back, so a proof whose gateway died is not lost', async () => {
    const p = payment();
    const first = await ledgerA.hold(p, 'r1', 1);
    expect(first.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await ledgerB.hold(p, 'r2', 60)).ok).toBe(true);
  });

  it('counts a prepaid block down to zero', async () => {
    const p = payment({ creditsTotal: 3 });
    for (let i = 0; i < 3; i++) {
      const h = await (i % 2 ? ledgerA : ledgerB).hold(p, `r${i}`, 60);
      if (!h.ok) throw new Error(`hold ${i} refused: ${h.reason}`);
      await ledgerA.settle(h.holdId);
    }
    expect(await ledgerA.hold(p, 'r4', 60)).toEqual({ ok: false, reason: 'block_used_up' });
  });
});
