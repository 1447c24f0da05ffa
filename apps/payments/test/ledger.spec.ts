import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { LedgerRepository, type NewPayment } from '../src/ledger.repository';
import type { PrismaService } from '../src/prisma.service';
import { twoReplicas } from './replicas';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(LedgerRepository.name, () => {
  const { db, config, prisma } = twoReplicas('toll_payments_ledger');
  const query = db.query;
  let a: PrismaService;
  let ledgerA: LedgerRepository;
  let ledgerB: LedgerRepository;

  beforeAll(() => {
    a = prisma[0];
    ledgerA = new LedgerRepository(a);
    ledgerB = new LedgerRepository(prisma[1]);
  });

  it('gives one of two concurrent holds on the same proof, across replicas', async () => {
    const p = payment();
    const results = await Promise.all([
      ledgerA.hold(p, 'r1', 60),
      ledgerB.hold(p, 'r2', 60),
      ledgerA.hold(p, 'r3', 60),
      ledgerB.hold(p, 'r4', 60),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual([
      'proof_in_use',
      'proof_in_use',
      'proof_in_use',
    ]);
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
    expect(await ledgerA.hold({ ...p, memo: 'toll1:another' }, 'r2', 60)).toEqual({
      ok: false,
      reason: 'signature_already_used',
    });
    expect(await ledgerB.hold({ ...p, proofKey: 'other-signature' }, 'r3', 60)).toEqual({
      ok: false,
      reason: 'memo_already_used',
    });
  });

  it('gives an expired hold back, so a proof whose gateway died is not lost', async () => {
    const p = payment();
    const first = await ledgerA.hold(p, 'r1', 1);
    expect(first.ok).toBe(true);
    await sleep(1_100);
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

  it('looks a memo proof up and takes a known block’s next credit in one statement, never past the block, on two replicas', async () => {
    const p = payment({ creditsTotal: 5 });
    const look = (
      ledger: LedgerRepository,
      over: { memo?: string; operationId?: string; holdNext?: boolean } = {},
      requestId = 'r',
    ) =>
      ledger.lookupOrHoldNext(
        p.proofKey,
        over.memo ?? p.memo,
        over.operationId ?? p.operationId,
        requestId,
        60,
        over.holdNext ?? true,
      );
    expect(await look(ledgerA)).toBeNull(); // fresh: nothing recorded, nothing held
    const first = await ledgerA.hold(p, 'r0', 60, undefined, false);
    if (!first.ok) throw new Error('expected a hold');
    // Another memo or route, or a caller that may be owed a redelivery: the recorded payment, no credit taken.
    for (const over of [{ memo: 'toll1:other' }, { operationId: 'shop.other' }, { holdNext: false }])
      expect(await look(ledgerB, over)).toEqual({ payment: p });
    // 9 callers race for the 4 credits left on both replicas: exactly 4 are held, the rest see the payment.
    const raced = await Promise.all(
      Array.from({ length: 9 }, (_, i) => look(i % 2 ? ledgerA : ledgerB, {}, `race${i}`)),
    );
    const held = raced.filter((r) => r && 'held' in r);
    expect([held.length, raced.filter((r) => r && 'payment' in r).length]).toEqual([4, 5]);
    for (const r of held)
      expect(r).toMatchObject({
        held: { ok: true, payment: { payer: 'payer', asset: 'USDC', amountAtomic: 10_000n, creditsTotal: 5 } },
      });
    expect(await query('SELECT credits_used, credits_held FROM payments WHERE proof_key = $1', [p.proofKey])).toEqual([
      { credits_used: 0, credits_held: 5 },
    ]);
    // All credits held: the locked path (the caller found the payment) says why.
    expect(await ledgerB.hold(p, 'r9', 60, undefined, true)).toEqual({ ok: false, reason: 'proof_in_use' });
  });

  it('commits a memo proof’s holds without waiting for a WAL flush, an x402 hold with one, a block’s settle before its flush, and leaves every pooled connection synchronous', async () => {
    const spy = jest.spyOn(a.pool, 'query');
    const modes = async () => {
      const results = await Promise.all(
        spy.mock.results.map((r) => r.value as Promise<{ rows: Array<{ hold_commit?: string }> }>),
      );
      spy.mockClear();
      return results.flatMap((r) => r.rows.map((row) => row.hold_commit));
    };
    try {
      const memo = payment({ creditsTotal: 2 });
      await ledgerA.hold(memo, 'fresh', 60); // KNOWN_HOLD finds nothing, FRESH_HOLD holds
      expect(await modes()).toEqual(['off']);
      expect(
        await ledgerA.lookupOrHoldNext(memo.proofKey, memo.memo, memo.operationId, 'next', 60, true),
      ).toMatchObject({ held: { ok: true } });
      expect(await modes()).toEqual(['off']);
      const x402 = payment({ kind: 'x402', creditsTotal: 2 });
      await ledgerA.hold(x402, 'fresh', 60); // FRESH_HOLD
      await ledgerA.hold(x402, 'known', 60); // KNOWN_HOLD
      expect(await modes()).toEqual(['on', 'on']);
      // A block's settle commits without waiting, then flushes before it returns; a single call's settle waits itself.
      const single = await ledgerA.hold(payment(), 'single', 60);
      const block = await ledgerA.hold(payment({ creditsTotal: 3 }), 'block', 60);
      if (!single.ok || !block.ok) throw new Error('expected holds');
      spy.mockClear();
      await ledgerA.settle(single.holdId);
      const texts = () => spy.mock.calls.map(([q]) => (q as unknown as { name: string }).name);
      expect(texts()).toEqual(['ledger_settle_held']);
      expect(await Promise.all(spy.mock.results.map(async (r) => (await r.value).rows[0].settle_commit))).toEqual([
        'on',
      ]);
      spy.mockClear();
      expect((await ledgerA.settle(block.holdId))?.credits_used).toBe(1);
      expect(texts()).toEqual(['ledger_settle_held', 'ledger_flush']);
      expect((await spy.mock.results[0].value).rows[0].settle_commit).toBe('off');
      spy.mockRestore();
      // set_config(..., true) lasts for the statement's own transaction only: every connection is back to synchronous.
      const clients = await Promise.all(Array.from({ length: 10 }, () => a.pool.connect()));
      try {
        const shown = await Promise.all(clients.map((c) => c.query('SHOW synchronous_commit')));
        expect(shown.map((r) => r.rows[0].synchronous_commit)).toEqual(Array(10).fill('on'));
      } finally {
        for (const c of clients) c.release();
      }
    } finally {
      spy.mockRestore();
    }
  });
  it('never settles a hold without a credit: the statement aborts and changes nothing', async () => {
    const p = payment();
    const h = await ledgerA.hold(p, 'r1', 60);
    if (!h.ok) throw new Error('expected a hold');
    const admin = new Client({ connectionString: config.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('UPDATE payments SET credits_used = credits_total WHERE proof_key = $1', [p.proofKey]);
      await expect(ledgerB.settle(h.holdId, { json: '{}', headers: {} }, 600)).rejects.toThrow(
        `no credit left to settle hold ${h.holdId}`,
      );
      expect((await admin.query('SELECT status FROM holds WHERE id = $1', [h.holdId])).rows).toEqual([
        { status: 'held' },
      ]);
      expect((await admin.query('SELECT count(*)::int AS n FROM replies WHERE hold_id = $1', [h.holdId])).rows).toEqual(
        [{ n: 0 }],
      );
    } finally {
      await admin.end();
    }
  });

  it('keeps the held count equal to the holds held through concurrent holds, settles, releases and sweeps on two replicas', async () => {
    const p = payment({ creditsTotal: 8 });
    // 24 callers race for a block of 8 on both replicas; each settles, releases, or abandons its hold to expiry.
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const ledger = i % 2 ? ledgerA : ledgerB;
        const h = await ledger.hold(p, `r${i}`, i % 3 === 2 ? 1 : 60);
        if (!h.ok) return h.reason;
        if (i % 3 === 0) return (await ledger.settle(h.holdId)) ? 'settled' : 'not settled';
        if (i % 3 === 1) return (await ledger.release(h.holdId, 'UPSTREAM_ERROR')) ? 'released' : 'not released';
        return 'abandoned';
      }),
    );
    await sleep(1_100);
    await Promise.all([ledgerA.releaseExpired(), ledgerB.releaseExpired()]);
    // Each abandoned hold expired once: by the sweep, or earlier by a racing hold that found no free credit (a slow
    // machine lets 1 s pass inside the race), so count the expiries, not what the sweep alone returned.
    const [expiries] = await query(
      `SELECT count(*)::int AS n FROM holds JOIN payments ON payments.id = holds.payment_id WHERE proof_key = $1 ` +
        `AND holds.reason = 'expired'`,
      [p.proofKey],
    );
    expect(expiries.n).toBe(outcomes.filter((o) => o === 'abandoned').length);
    expect(outcomes.filter((o) => o.startsWith('not '))).toEqual([]);
    const [mine] = await query(
      `SELECT credits_used, credits_held, (SELECT count(*)::int FROM holds WHERE payment_id = payments.id AND status = 'settled') AS settled
       FROM payments WHERE proof_key = $1`,
      [p.proofKey],
    );
    expect(mine).toEqual({
      credits_used: outcomes.filter((o) => o === 'settled').length,
      credits_held: 0,
      settled: mine.credits_used,
    });
    // Freed credits are takeable again, down to exactly the block size.
    for (let i = mine.credits_used; i < 8; i++) {
      const h = await ledgerA.hold(p, `again${i}`, 60);
      if (!h.ok) throw new Error(`credit ${i} refused: ${h.reason}`);
      await ledgerB.settle(h.holdId);
    }
    expect(await ledgerB.hold(p, 'over', 60)).toEqual({ ok: false, reason: 'block_used_up' });
    // Every payment this file made (including those left held above): the counter matches the holds held.
    const drift =
      await query(`SELECT proof_key, credits_held, (SELECT count(*)::int FROM holds WHERE payment_id = payments.id AND status = 'held') AS held
                               FROM payments WHERE credits_held <> (SELECT count(*) FROM holds WHERE payment_id = payments.id AND status = 'held')`);
    expect(drift).toEqual([]);
  });

  describe('redelivery of a settled request', () => {
    const policy = (requestKey: string, max = 2) => ({ requestKey, windowSeconds: 600, max });
    const reply = { json: '{"served":1}', headers: { 'x-toll-cache': 'miss' } };
    const creditsUsed = async (p: NewPayment) =>
      (await query('SELECT credits_used FROM payments WHERE proof_key = $1', [p.proofKey]))[0].credits_used;

    it('hands the same request its stored answer again, charged once, up to the limit; another request is refused', async () => {
      const p = payment();
      const first = await ledgerA.hold(p, 'r1', 60, policy('k1'));
      if (!first.ok) throw new Error('expected a hold');
      expect(first.redelivery).toBeUndefined();
      await ledgerA.settle(first.holdId, reply, 600);
      for (const count of [1, 2]) {
        expect(await (count === 1 ? ledgerB : ledgerA).hold(p, `r${count + 1}`, 60, policy('k1'))).toMatchObject({
          ok: true,
          holdId: first.holdId,
          redelivery: { count, reply },
        });
      }
      expect(await ledgerB.hold(p, 'r4', 60, policy('k1'))).toEqual({ ok: false, reason: 'proof_already_redeemed' });
      expect(await ledgerB.hold(p, 'r5', 60, policy('k2'))).toEqual({ ok: false, reason: 'proof_already_redeemed' });
      expect(await ledgerB.hold(p, 'r6', 60)).toEqual({ ok: false, reason: 'proof_already_redeemed' });
      expect(await creditsUsed(p)).toBe(1);
      expect(
        await query(
          'SELECT count(*)::int AS n FROM holds h JOIN payments p ON p.id = h.payment_id WHERE p.proof_key = $1 ' +
            "AND h.status = 'settled'",
          [p.proofKey],
        ),
      ).toEqual([{ n: 1 }]);
    });

    it('redelivers without a body when none was kept, and never while the first request still holds the credit', async () => {
      const p = payment();
      const first = await ledgerA.hold(p, 'r1', 60, policy('k1'));
      if (!first.ok) throw new Error('expected a hold');
      expect(await ledgerB.hold(p, 'r2', 60, policy('k1'))).toEqual({ ok: false, reason: 'proof_in_use' });
      await ledgerA.settle(first.holdId);
      const again = await ledgerB.hold(p, 'r3', 60, policy('k1'));
      expect(again).toMatchObject({ ok: true, holdId: first.holdId, redelivery: { count: 1 } });
      expect(again.ok && again.redelivery?.reply).toBeUndefined();
    });

    it('ends with the window, and the sweep drops replies past it', async () => {
      const p = payment();
      const first = await ledgerA.hold(p, 'r1', 60, policy('k1'));
      if (!first.ok) throw new Error('expected a hold');
      await ledgerA.settle(first.holdId, reply, 600);
      await query("UPDATE holds SET settled_at = now() - interval '601 seconds' WHERE id = $1", [first.holdId]);
      expect(await ledgerB.hold(p, 'r2', 60, policy('k1'))).toEqual({ ok: false, reason: 'proof_already_redeemed' });
      await query("UPDATE replies SET expires_at = now() - interval '1 second' WHERE hold_id = $1", [first.holdId]);
      expect(await ledgerA.dropExpiredReplies()).toBeGreaterThanOrEqual(1);
      expect(await query('SELECT hold_id FROM replies WHERE hold_id = $1', [first.holdId])).toEqual([]);
    });

    it('on a prepaid block, a repeated key is a redelivery and a new key takes the next credit', async () => {
      const p = payment({ creditsTotal: 5 });
      const first = await ledgerA.hold(p, 'r1', 60, policy('k1'));
      if (!first.ok) throw new Error('expected a hold');
      await ledgerA.settle(first.holdId, reply, 600);
      expect(await ledgerB.hold(p, 'r2', 60, policy('k1'))).toMatchObject({
        ok: true,
        holdId: first.holdId,
        redelivery: { count: 1, reply },
      });
      const next = await ledgerB.hold(p, 'r3', 60, policy('k2'));
      expect(next.ok).toBe(true);
      expect(next.ok && next.redelivery).toBeUndefined();
      if (next.ok) await ledgerB.settle(next.holdId);
      const unkeyed = await ledgerA.hold(p, 'r4', 60);
      expect(unkeyed.ok).toBe(true);
      expect(unkeyed.ok && unkeyed.redelivery).toBeUndefined();
      expect(await creditsUsed(p)).toBe(2);
    });
  });
});
