import { Keypair } from '@solana/web3.js';
import type { VerifyRequest } from '@toll/contracts';
import type { SolanaRpc } from '@toll/solana';
import { balanceSigningText, inputSha256, usdToUsdcAtomic } from '@toll/x402';
import { createPrivateKey, randomBytes, randomUUID, sign } from 'node:crypto';
import { BalanceRepository, type BalanceHoldRequest } from '../src/balance.repository';
import { BalanceService, DEPOSIT_TIERS } from '../src/balance.service';
import { ChallengeService } from '../src/challenge.service';
import type { Facilitator } from '../src/facilitator';
import { LedgerRepository } from '../src/ledger.repository';
import { ReceiptSigner } from '@toll/x402';
import { ReplySeal } from '../src/reply-seal';
import { SettlementService } from '../src/settlement.service';
import type { SolPriceService } from '../src/sol-price.service';
import { deploymentOf, resolveTerms } from '../src/terms';
import { VerifyService } from '../src/verify.service';
import type { PrismaService } from '../src/prisma.service';
import { twoReplicas } from './replicas';

describe(BalanceRepository.name, () => {
  const { db, config, logger, prisma } = twoReplicas('toll_payments_balance');
  const query = db.query;
  let a: PrismaService;
  let repoA: BalanceRepository;
  let repoB: BalanceRepository;
  let ledgerA: LedgerRepository;
  let ledgerB: LedgerRepository;

  beforeAll(() => {
    a = prisma[0];
    const b = prisma[1];
    repoA = new BalanceRepository(a);
    repoB = new BalanceRepository(b);
    ledgerA = new LedgerRepository(a);
    ledgerB = new LedgerRepository(b);
  });

  // A deposit as payments takes it: a payment for a deposit operation, held, then settled (which credits it).
  const depositHold = async (wallet: string, operationId = 'payments.deposit1') => {
    const tx = randomBytes(32).toString('hex');
    const payment = {
      kind: 'memo',
      proofKey: tx,
      txSignature: tx,
      memo: randomUUID(),
      operationId,
      priceUsd: '1',
      asset: 'USDC',
      amountAtomic: 1_000_000n,
      payer: wallet,
      network: 'solana:test',
      creditsTotal: 1,
    } as const;
    const held = await ledgerA.hold(payment, 'r', 60);
    if (!held.ok) throw new Error('expected a deposit hold');
    return { holdId: held.holdId, tx };
  };
  // A balance of any size: a deposit of a tier that exists only in this test database.
  const funded = async (atomic: bigint, wallet = `w${randomBytes(8).toString('hex')}`) => {
    const tier = `test.deposit${atomic}`;
    await query('INSERT INTO deposit_tiers (operation_id, credit_atomic) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      tier,
      atomic.toString(),
    ]);
    await ledgerB.settle((await depositHold(wallet, tier)).holdId);
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
    expect(await repoA.state(wallet)).toMatchObject({
      balance_atomic: 0n,
      held_atomic: 0n,
      spent_today_atomic: 600_000n,
    });
    const entries = await repoB.entries(wallet, 1000);
    expect(entries.filter((e) => e.kind === 'debit')).toHaveLength(60);
    // Each debit shows what its hold left available, taken in turn under the row lock: 590,000 down to 0, once each.
    const after = entries.filter((e) => e.kind === 'debit').map((e) => e.balance_after_atomic);
    expect(after.sort((x, y) => (x < y ? 1 : -1))).toEqual(
      Array.from({ length: 60 }, (_, i) => 590_000n - BigInt(i) * 10_000n),
    );
  });

  it('keeps the deposit tiers the database credits equal to the ones payments offers', async () => {
    const rows = await query(
      `SELECT operation_id, credit_atomic FROM deposit_tiers WHERE operation_id LIKE 'payments.%' ORDER BY ` +
        `credit_atomic`,
    );
    expect(rows).toEqual(
      DEPOSIT_TIERS.map((t) => ({ operation_id: t.operationId, credit_atomic: usdToUsdcAtomic(t.usd).toString() })),
    );
  });

  it('credits a deposit in the statement that settles it: once, whichever replica settles and however often', async () => {
    const wallet = `w${randomBytes(8).toString('hex')}`;
    const { holdId, tx } = await depositHold(wallet);
    const settles = await Promise.all([ledgerA.settle(holdId), ledgerB.settle(holdId), ledgerA.settle(holdId)]);
    expect(new Set(settles.map((p) => p?.id)).size).toBe(1);
    expect(await ledgerB.settle(holdId)).toEqual(settles[0]); // a redelivered settle after the answer was lost
    expect(await repoA.entries(wallet, 10)).toEqual([
      {
        id: expect.any(String),
        kind: 'credit',
        amount_atomic: 1_000_000n,
        balance_after_atomic: 1_000_000n,
        operation_id: 'payments.deposit1',
        transaction: tx,
        created_at: expect.any(Date),
      },
    ]);
    expect((await repoA.state(wallet)).balance_atomic).toBe(1_000_000n);
  });

  it('never settles a deposit without its credit: a failing credit undoes the settle, and the settle asked again credits once', async () => {
    const wallet = `w${randomBytes(8).toString('hex')}`;
    const { holdId } = await depositHold(wallet);
    // The credit cannot be applied (it would overflow the balance): the settle fails as a whole.
    await query('INSERT INTO balances (wallet, available_atomic) VALUES ($1, $2)', [
      wallet,
      (2n ** 63n - 1n).toString(),
    ]);
    await expect(ledgerA.settle(holdId)).rejects.toThrow(/out of range/);
    expect(
      await query(
        'SELECT h.status, p.credits_used, p.credits_held FROM holds h JOIN payments p ON p.id = h.payment_id ' +
          'WHERE h.id = $1',
        [holdId],
      ),
    ).toEqual([{ status: 'held', credits_used: 0, credits_held: 1 }]);
    expect(await repoA.entries(wallet, 10)).toEqual([]);
    // Payments comes back (here: the balance is put right) and the gateway asks again: settled and credited once.
    await query('UPDATE balances SET available_atomic = 0 WHERE wallet = $1', [wallet]);
    const [settled, again] = await Promise.all([ledgerB.settle(holdId), ledgerA.settle(holdId)]);
    expect(again).toEqual(settled);
    expect((await repoA.entries(wallet, 10)).map((e) => [e.kind, e.amount_atomic, e.balance_after_atomic])).toEqual([
      ['credit', 1_000_000n, 1_000_000n],
    ]);
    expect((await repoB.state(wallet)).balance_atomic).toBe(1_000_000n);
  });

  it('credits a deposit settled late through the locked transaction (its hold expired while the call ran)', async () => {
    const wallet = `w${randomBytes(8).toString('hex')}`;
    const { holdId } = await depositHold(wallet);
    await query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [holdId]);
    expect(await ledgerB.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect(await repoA.entries(wallet, 10)).toEqual([]);
    await ledgerA.settle(holdId);
    await ledgerB.settle(holdId);
    expect((await repoA.entries(wallet, 10)).map((e) => [e.kind, e.amount_atomic])).toEqual([['credit', 1_000_000n]]);
    expect((await repoA.state(wallet)).balance_atomic).toBe(1_000_000n);
  });

  it('credits a deposit whose hold is written already settled, once', async () => {
    const wallet = `w${randomBytes(8).toString('hex')}`;
    const { holdId } = await depositHold(wallet);
    const [{ payment_id }] = await query('SELECT payment_id FROM holds WHERE id = $1', [holdId]);
    const settled = randomUUID();
    await query(
      `INSERT INTO holds (id, payment_id, status, request_id, expires_at, settled_at) VALUES ($1, $2, 'settled', ` +
        `'r', now(), now())`,
      [settled, payment_id],
    );
    await query(`UPDATE holds SET request_id = 'r2' WHERE id = $1`, [settled]);
    expect((await repoA.entries(wallet, 10)).map((e) => [e.kind, e.amount_atomic, e.balance_after_atomic])).toEqual([
      ['credit', 1_000_000n, 1_000_000n],
    ]);
  });

  it('settles a balance hold once and refuses a reused nonce', async () => {
    const wallet = await funded(50_000n);
    const r = req(wallet);
    const spy = jest.spyOn(a.pool, 'query');
    const held = await repoA.hold(r, 0, 0);
    // The hold commits without waiting for a WAL flush (a lost hold is a released one); the settle below flushes it.
    expect(await Promise.all(spy.mock.results.map(async (x) => (await x.value).rows[0].hold_commit))).toEqual(['off']);
    spy.mockRestore();
    if (!held.ok) throw new Error('expected a hold');
    expect(await repoB.state(wallet)).toMatchObject({
      balance_atomic: 50_000n,
      held_atomic: 10_000n,
      spent_today_atomic: 10_000n,
    });
    const [first, second] = await Promise.all([
      repoA.settle(held.holdId, undefined, 0),
      repoB.settle(held.holdId, undefined, 0),
    ]);
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
    expect(await repoA.state(wallet)).toMatchObject({
      balance_atomic: 20_000n,
      held_atomic: 0n,
      spent_today_atomic: 0n,
    });

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

  it('pays a call from the balance reading nothing from the chain: verify, settle and a receipt naming the ledger entry', async () => {
    const terms = resolveTerms(config);
    const refuse = (what: string) =>
      new Proxy({}, { get: () => () => Promise.reject(new Error(`${what} was called`)) });
    const challenges = new ChallengeService(terms, { current: () => null } as unknown as SolPriceService);
    const receipts = new ReceiptSigner(randomBytes(32));
    const seal = new ReplySeal('s'.repeat(32));
    const balances = new BalanceService(repoA, challenges, receipts, seal, terms, config, logger);
    const verifier = new VerifyService(
      ledgerA,
      challenges,
      refuse('the chain') as SolanaRpc,
      refuse('the facilitator') as Facilitator,
      terms,
      seal,
      config,
      logger,
      balances,
    );
    const settlement = new SettlementService(ledgerB, receipts, seal, config, logger, balances, repoB);

    const payer = Keypair.generate();
    const wallet = payer.publicKey.toBase58();
    await funded(20_000n, wallet);
    const key = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), payer.secretKey.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    });
    const signed = {
      method: 'GET',
      path: '/toll/shop/item',
      input_sha256: inputSha256({}),
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: randomBytes(12).toString('hex'),
    };
    const req: VerifyRequest = {
      requestId: 'r-chainless',
      resourceUrl: 'http://toll.test/toll/shop/item',
      route: {
        operationId: 'shop.getItem',
        method: 'GET',
        path: '/toll/shop/item',
        summary: 'Item',
        price: { per: 'call', usd: '0.01' },
        inputSchema: {},
        outputSchema: {},
      },
      proof: {
        kind: 'balance',
        wallet,
        ...signed,
        signature: sign(
          null,
          Buffer.from(balanceSigningText(signed, deploymentOf(resolveTerms(config)))),
          key,
        ).toString('base64'),
      },
    };
    const held = await verifier.verify(req);
    if (!held.ok) throw new Error(`expected a hold, got ${held.reason}`);
    expect(held).toMatchObject({ payer: wallet, holdId: expect.stringMatching(/^bal_/) });
    const settled = await settlement.settle({ requestId: req.requestId, holdId: held.holdId });
    expect(settled.balance_atomic).toBe('10000');
    const [entry] = await repoA.entries(wallet, 1);
    expect(receipts.check(settled.receipt)).toMatchObject({
      valid: true,
      claims: {
        payer: wallet,
        amount_atomic: '10000',
        asset: 'USDC',
        decimals: 6,
        transaction: null,
        settlement: { kind: 'balance_entry', reference: entry.id },
      },
    });
    // the same signed request again
    expect(await verifier.verify(req)).toMatchObject({ ok: false, reason: 'nonce_reused' });
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
