import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { getBase58Decoder } from '@solana/kit';
import {
  balanceDeployment,
  balanceHeaders,
  memoPaymentInstructions,
  ownerAuth,
  sendAndConfirm,
  type MemoChallenge,
} from '@toll/client';
import { PROGRAMS } from '@toll/solana';
import { http } from '@toll/testing';
import { issueMemo, type BalanceDeployment } from '@toll/x402';
import { wrapFetchWithPayment } from '@x402/fetch';
import { randomBytes } from 'node:crypto';
import { faults, served } from './shop-group';
import { MEMO_SECRET, USDC } from './stack';
import { payerX402, stackHarness } from './stack-harness';

const CREDIT = '/toll/payments/balance/credit';

// Issue 38 item 4: a payment that paid for nothing (a call that failed, a payment we refused) credited to its payer's
// prepaid balance, once. Two gateways and two payments replicas on one database, real transactions on the local chain.
describe('credit a payment to the balance', () => {
  const { stack, connection, sql } = stackHarness({
    gateways: 2,
    payments: 2,
    ready: [
      { path: '/toll/shop/item', until: (res) => res.status === 402 },
      { path: CREDIT, init: { method: 'POST', json: {} }, until: (res) => res.status === 400 },
    ],
  });
  let deployment: BalanceDeployment;
  beforeAll(async () => {
    deployment = await balanceDeployment(stack.gw);
  });
  // A fresh payer with SOL and USDC, so every test starts from an empty balance.
  const wallet = () => {
    const w = Keypair.generate();
    stack.rpc.chain.airdrop(w.publicKey, 1_000_000_000n);
    stack.rpc.chain.mintTo(w.publicKey, new PublicKey(USDC), 100_000_000n);
    return w;
  };
  const challenge = async (path: string): Promise<MemoChallenge> => {
    const res = await http(`${stack.gw}${path}`);
    expect(res.status).toBe(402);
    return res.body.toll;
  };
  const pay = (
    w: Keypair,
    c: MemoChallenge,
    asset: 'SOL' | 'USDC',
    overrides: { amount?: bigint; memo?: string } = {},
  ) => sendAndConfirm(connection, w, memoPaymentInstructions(c, asset, w.publicKey, overrides));
  const redeem = (path: string, signature: string, memo: string, base = stack.gw) =>
    http(`${base}${path}?toll_memo=${encodeURIComponent(memo)}`, { headers: { 'x-payment-tx': signature } });
  const credit = (w: Keypair, transaction: string, base = stack.gw, extra: Record<string, string> = {}) => {
    const input = { transaction, ...extra };
    return http(`${base}${CREDIT}`, {
      method: 'POST',
      json: { ...input, ...ownerAuth('POST', CREDIT, input, w, deployment) },
    });
  };
  const balanceOf = async (w: Keypair) => {
    const query = new URLSearchParams(ownerAuth('GET', '/toll/payments/balance', {}, w, deployment));
    const res = await http(`${stack.gw}/toll/payments/balance?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const spend = (w: Keypair, path: string) => {
    const url = `${stack.gw}${path}`;
    return http(url, { headers: balanceHeaders(url, { method: 'GET' }, w, deployment) });
  };
  const refused = (res: { status: number; body: any }, status: number, reason: string, field: string) => {
    expect([res.status, res.body.error.details.reason]).toEqual([status, reason]);
    expect(res.body.error.details.issues).toEqual([{ field, message: expect.any(String) }]);
  };
  const paymentRow = async (signature: string) =>
    (
      await sql(
        'SELECT credits_total, credits_used, credits_held, credited_at IS NOT NULL AS credited FROM payments ' +
          'WHERE tx_signature = $1',
        [signature],
      )
    )[0];

  it('a failed paid call: its proof credited, spent on another operation, a second credit refused and the proof redeems nothing', async () => {
    const w = wallet();
    const c = await challenge('/toll/shop/flaky');
    const signature = await pay(w, c, 'USDC');
    faults.failNextFlaky = true;
    const failed = await redeem('/toll/shop/flaky', signature, c.memo);
    expect(failed.status).toBe(502);
    expect(failed.body.error.details.payment).toMatchObject({
      status: 'unused',
      transaction: signature,
      credit: { method: 'POST', path: CREDIT, body: { transaction: signature } },
    });
    expect(failed.body.error.details.payment.retry).toContain('or it is credited to your prepaid balance');

    const credited = await credit(w, signature, stack.gateways[1].url);
    expect([credited.status, credited.body]).toEqual([
      200,
      {
        wallet: w.publicKey.toBase58(),
        transaction: signature,
        operation_id: 'shop.getFlaky',
        basis: 'unused',
        paid: { asset: 'USDC', amount_atomic: '10000' },
        credit_atomic: '10000',
        asset: 'USDC',
        decimals: 6,
        entry_id: expect.any(String),
        available_atomic: '10000',
      },
    ]);
    const b = await balanceOf(w);
    expect([b.balance_atomic, b.available_atomic]).toEqual(['10000', '10000']);
    expect(b.ledger).toEqual([
      {
        id: credited.body.entry_id,
        kind: 'credit',
        amount_atomic: '10000',
        balance_after_atomic: '10000',
        operation_id: 'shop.getFlaky',
        transaction: signature,
        at: expect.any(String),
      },
    ]);
    expect(await paymentRow(signature)).toEqual({ credits_total: 1, credits_used: 1, credits_held: 0, credited: true });

    // Spent on another operation, from the balance.
    const before = served.item;
    const spent = await spend(w, '/toll/shop/item');
    expect([spent.status, served.item]).toEqual([200, before + 1]);
    expect((await balanceOf(w)).balance_atomic).toBe('0');

    // Credited once: a repeat (either gateway, either replica) is refused and changes nothing.
    for (const g of stack.gateways)
      refused(await credit(w, signature, g.url), 409, 'proof_already_credited', 'transaction');
    const after = await balanceOf(w);
    expect([after.balance_atomic, after.ledger.length]).toEqual(['0', 2]);
    // And the proof pays for no call any more.
    const flakyBefore = served.flaky;
    const again = await redeem('/toll/shop/flaky', signature, c.memo);
    expect([again.status, again.body.error, served.flaky]).toEqual([402, 'proof_credited', flakyBefore]);
    expect(again.body.toll.error.message).toContain("credited to its payer's prepaid balance");
  }, 60_000);

  it("refuses an outsider who names someone else's payment (recorded or only on chain): 403, nothing changes", async () => {
    const w = wallet();
    const outsider = wallet();
    const c = await challenge('/toll/shop/flaky');
    const failedSig = await pay(w, c, 'USDC');
    faults.failNextFlaky = true;
    expect((await redeem('/toll/shop/flaky', failedSig, c.memo)).status).toBe(502);
    refused(await credit(outsider, failedSig), 403, 'not_payer', 'wallet');
    expect(await paymentRow(failedSig)).toEqual({
      credits_total: 1,
      credits_used: 0,
      credits_held: 0,
      credited: false,
    });

    const unredeemed = await challenge('/toll/shop/item');
    const freshSig = await pay(w, unredeemed, 'USDC');
    refused(await credit(outsider, freshSig), 403, 'not_payer', 'wallet');
    expect(await paymentRow(freshSig)).toBeUndefined();
    const o = await balanceOf(outsider);
    expect([o.balance_atomic, o.ledger]).toEqual(['0', []]);
    // Both payments are still the payer's: one is served, the other credited.
    expect((await redeem('/toll/shop/item', freshSig, unredeemed.memo)).status).toBe(200);
    expect((await credit(w, failedSig)).body.credit_atomic).toBe('10000');
  }, 60_000);

  it('concurrent credit and redeem of one proof, over two gateways and two replicas: exactly one wins, every time', async () => {
    const w = wallet();
    let credits = 0;
    let redeems = 0;
    const before = served.item + served.flaky;
    for (let i = 0; i < 8; i++) {
      // Even: a proof only on chain, the credit and the first redemption racing to record it. Odd: a recorded proof,
      // released after our failure, the credit racing its retry.
      const path = i % 2 === 0 ? '/toll/shop/item' : '/toll/shop/flaky';
      const c = await challenge(path);
      const signature = await pay(w, c, 'USDC');
      if (i % 2 === 1) {
        faults.failNextFlaky = true;
        expect((await redeem(path, signature, c.memo)).status).toBe(502);
      }
      const [cr, rd] = await Promise.all([
        credit(w, signature, stack.gateways[i % 2].url),
        redeem(path, signature, c.memo, stack.gateways[(i + 1) % 2].url),
      ]);
      expect([cr.status, rd.status].filter((status) => status === 200)).toHaveLength(1);
      if (cr.status === 200) expect([rd.status, rd.body.error]).toEqual([402, 'proof_credited']);
      else
        expect([cr.status, ['proof_in_use', 'proof_already_redeemed'].includes(cr.body.error.details.reason)]).toEqual([
          409,
          true,
        ]);
      credits += cr.status === 200 ? 1 : 0;
      redeems += rd.status === 200 ? 1 : 0;
    }
    expect(credits + redeems).toBe(8);
    expect(served.item + served.flaky - before).toBe(redeems);
    const b = await balanceOf(w);
    expect([b.balance_atomic, b.ledger.length]).toEqual([String(credits * 10_000), credits]);
  }, 120_000);

  it("credits an underpayment and an expired-memo payment for exactly what arrived, and another operation's payment in full", async () => {
    const w = wallet();
    // USDC, 9,999 of 10,000: refused, then credited 9,999.
    const under = await challenge('/toll/shop/item');
    const underSig = await pay(w, under, 'USDC', { amount: 9_999n });
    expect((await redeem('/toll/shop/item', underSig, under.memo)).body.error).toBe('amount_too_low');
    const a = await credit(w, underSig);
    expect([a.status, a.body.basis, a.body.paid, a.body.credit_atomic, a.body.available_atomic]).toEqual([
      200,
      'amount_too_low',
      { asset: 'USDC', amount_atomic: '9999' },
      '9999',
      '9999',
    ]);

    // SOL, half the quote: 33,334 of 66,667 lamports at the memo's locked 10,000 atomic units → 5,000 (rounded down).
    const solUnder = await challenge('/toll/shop/item');
    expect([solUnder.sol?.lamports, solUnder.usdc.amount_atomic]).toEqual(['66667', '10000']);
    const solSig = await pay(w, solUnder, 'SOL', { amount: 33_334n });
    expect((await redeem('/toll/shop/item', solSig, solUnder.memo)).body.error).toBe('amount_too_low');
    const s = await credit(w, solSig);
    expect([s.status, s.body.basis, s.body.paid, s.body.credit_atomic, s.body.available_atomic]).toEqual([
      200,
      'amount_too_low',
      { asset: 'SOL', amount_atomic: '33334' },
      '5000',
      '14999',
    ]);

    // A memo that expired before the transaction landed: refused, then credited in full (USDC) ...
    const expired = issueMemo(MEMO_SECRET, {
      operationId: 'shop.getItem',
      usd: '0.01',
      usdcAtomic: 10_000n,
      lamports: 66_667n,
      expiresAt: Math.floor(Date.now() / 1000) - 5,
    }).memo;
    const c = await challenge('/toll/shop/item');
    const expiredSig = await pay(w, c, 'USDC', { memo: expired });
    expect((await redeem('/toll/shop/item', expiredSig, expired)).body.error).toBe('memo_expired');
    const e = await credit(w, expiredSig, stack.gw, { memo: expired });
    expect([e.status, e.body.basis, e.body.paid, e.body.credit_atomic, e.body.available_atomic]).toEqual([
      200,
      'memo_expired',
      { asset: 'USDC', amount_atomic: '10000' },
      '10000',
      '24999',
    ]);
    // ... and in SOL, more than quoted: worth the quoted USDC value, no more.
    const expiredSol = issueMemo(MEMO_SECRET, {
      operationId: 'shop.getItem',
      usd: '0.01',
      usdcAtomic: 10_000n,
      lamports: 66_667n,
      expiresAt: Math.floor(Date.now() / 1000) - 5,
    }).memo;
    const expiredSolSig = await pay(w, c, 'SOL', { memo: expiredSol, amount: 70_000n });
    const es = await credit(w, expiredSolSig);
    expect([es.status, es.body.basis, es.body.paid, es.body.credit_atomic, es.body.available_atomic]).toEqual([
      200,
      'memo_expired',
      { asset: 'SOL', amount_atomic: '70000' },
      '10000',
      '34999',
    ]);

    // A payment for another operation (memo_wrong_route): its full value.
    const other = await challenge('/toll/shop/other');
    const otherSig = await pay(w, other, 'USDC');
    expect((await redeem('/toll/shop/item', otherSig, other.memo)).body.error).toBe('memo_wrong_route');
    const o = await credit(w, otherSig);
    expect([o.status, o.body.basis, o.body.operation_id, o.body.credit_atomic, o.body.available_atomic]).toEqual([
      200,
      'unredeemed',
      'shop.getOther',
      '10000',
      '44999',
    ]);

    // Each credited once, and none redeems a call afterwards (the memo's own operation included).
    for (const sig of [underSig, solSig, expiredSig, expiredSolSig, otherSig])
      refused(await credit(w, sig), 409, 'proof_already_credited', 'transaction');
    expect((await redeem('/toll/shop/other', otherSig, other.memo)).body.error).toBe('proof_credited');
    const b = await balanceOf(w);
    expect([b.balance_atomic, b.ledger.map((x: { amount_atomic: string }) => x.amount_atomic).sort()]).toEqual([
      '44999',
      ['10000', '10000', '10000', '5000', '9999'],
    ]);
  }, 90_000);

  it('credits what is left of a block, rounded down, and the block serves nothing after', async () => {
    const w = wallet();
    const c = await challenge('/toll/shop/block');
    const signature = await pay(w, c, 'USDC');
    for (let i = 0; i < 3; i++) expect((await redeem('/toll/shop/block', signature, c.memo)).status).toBe(200);
    const r = await credit(w, signature);
    // 10,000 atomic units for 1,000 calls, 997 unused: 9,970.
    expect([r.status, r.body.basis, r.body.credit_atomic, r.body.available_atomic]).toEqual([
      200,
      'unused_credits',
      '9970',
      '9970',
    ]);
    expect((await redeem('/toll/shop/block', signature, c.memo)).body.error).toBe('proof_credited');
    refused(await credit(w, signature), 409, 'proof_already_credited', 'transaction');
  }, 60_000);

  it('credits an x402 payment we settled whose call failed, to the x402 payer', async () => {
    const client = await payerX402(stack);
    faults.failNextFlaky = true;
    const res = await wrapFetchWithPayment(fetch, client)(`${stack.gw}/toll/shop/flaky`);
    const body = (await res.json()) as { error: { details: { payment: { status: string; transaction: string } } } };
    expect([res.status, body.error.details.payment.status]).toEqual([502, 'unused']);
    const transaction = body.error.details.payment.transaction;
    const r = await credit(stack.payer, transaction);
    expect([r.status, r.body.basis, r.body.paid, r.body.credit_atomic, r.body.available_atomic]).toEqual([
      200,
      'unused',
      { asset: 'USDC', amount_atomic: '10000' },
      '10000',
      '10000',
    ]);
    refused(await credit(stack.payer, transaction), 409, 'proof_already_credited', 'transaction');
  }, 60_000);

  it('refuses, changing nothing, an unknown transaction, a failed one, one that paid us nothing, and a bad signature', async () => {
    const w = wallet();
    refused(await credit(w, getBase58Decoder().decode(randomBytes(64))), 404, 'transaction_not_found', 'transaction');

    const c = await challenge('/toll/shop/item');
    const [transfer, memo] = memoPaymentInstructions(c, 'USDC', w.publicKey);
    transfer.data.writeUInt8(9, 9); // wrong decimals: the token program rejects it, the fee is still charged
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: w.publicKey, recentBlockhash: blockhash }).add(transfer, memo);
    tx.sign(w);
    const failedSig = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    for (let i = 0; i < 40 && !(await connection.getSignatureStatus(failedSig)).value; i++)
      await new Promise((r) => setTimeout(r, 50));
    refused(await credit(w, failedSig), 400, 'transaction_failed', 'transaction');

    const c2 = await challenge('/toll/shop/item');
    const elsewhere = await sendAndConfirm(connection, w, [
      SystemProgram.transfer({ fromPubkey: w.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000n }),
      new TransactionInstruction({ programId: PROGRAMS.memo, keys: [], data: Buffer.from(c2.memo) }),
    ]);
    const notOurs = await credit(w, elsewhere);
    refused(notOurs, 400, 'proof_not_ours', 'transaction');
    expect(notOurs.body.error.details.cause).toBe('wrong_recipient');

    const c3 = await challenge('/toll/shop/item');
    const paid = await pay(w, c3, 'USDC');
    const forged = {
      transaction: paid,
      ...ownerAuth('POST', CREDIT, { transaction: paid }, Keypair.generate(), deployment),
      wallet: w.publicKey.toBase58(),
    };
    const bad = await http(`${stack.gw}${CREDIT}`, { method: 'POST', json: forged });
    expect([bad.status, bad.body.error.code, bad.body.error.details.reason]).toEqual([
      403,
      'FORBIDDEN',
      'balance_signature_invalid',
    ]);
    const malformed = await http(`${stack.gw}${CREDIT}`, {
      method: 'POST',
      json: { ...ownerAuth('POST', CREDIT, { transaction: 'nope' }, w, deployment), transaction: 'nope' },
    });
    expect([malformed.status, malformed.body.error.details.issues.map((i: { field: string }) => i.field)]).toEqual([
      400,
      ['transaction'],
    ]);

    expect(
      (await sql('SELECT count(*)::int AS n FROM balance_entries WHERE wallet = $1', [w.publicKey.toBase58()]))[0].n,
    ).toBe(0);
    expect(await paymentRow(paid)).toBeUndefined();
    expect((await redeem('/toll/shop/item', paid, c3.memo)).status).toBe(200);
  }, 60_000);
});
