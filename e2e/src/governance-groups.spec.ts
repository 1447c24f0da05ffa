import { payerProofHeaders, type MemoChallenge } from '@toll/client';
import { http } from '@toll/testing';
import { startBatch } from '../../apps/batch/src/bootstrap';
import { newPayer } from '../../apps/batch/test/batch-call';
import { startSpend } from '../../apps/spend/src/bootstrap';
import { stackHarness } from './stack-harness';

// Spend governance behind the real gateway and payments, paid on the local chain.
describe('spend through gateway and payments', () => {
  const { stack, sendPayment: pay } = stackHarness({
    database: 'toll_spend_e2e',
    groups: [(env, { database }) => startSpend({ ...env, DATABASE_URL: database })],
    ready: ['/toll/spend/health'],
  });
  const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
    http(`${stack.gw}${path}`, { method: 'POST', json, headers });
  // A check's answer (decision_id confirms or voids) is a credential: only the payer redeems it, with its signature.
  const redeem = (c: MemoChallenge, sig: string, json: unknown) => {
    const url = `${stack.gw}/toll/spend/check?toll_memo=${encodeURIComponent(c.memo)}`;
    return http(url, {
      method: 'POST',
      json,
      headers: {
        'x-payment-tx': sig,
        ...payerProofHeaders('spend.check', c.memo, url, { method: 'POST', body: JSON.stringify(json) }, stack.payer),
      },
    });
  };
  const policy = (agent_id: string) => ({
    agent_id,
    per_tx_limit_cents: 500,
    daily_limit_cents: 1_000,
    weekly_limit_cents: 5_000,
    monthly_limit_cents: 10_000,
    allowed_categories: ['weather', 'fees'],
    blocked_recipients: [],
    active: true,
  });

  it('pays 0.01 for a check, which is allowed, reserved, receipted and audited with the paying wallet', async () => {
    const created = await post('/toll/spend/policy', policy('e2e-agent'));
    expect([created.status, created.body.outcome]).toEqual([200, 'created']);
    const { policy_secret, read_key, check_key } = created.body.credentials;
    const loosen = await post('/toll/spend/policy', { ...policy('e2e-agent'), daily_limit_cents: 1_000_000 });
    expect([loosen.status, loosen.body.error.code]).toEqual([403, 'FORBIDDEN']);

    const body = {
      agent_id: 'e2e-agent',
      amount_usd_cents: 300,
      category: 'weather',
      recipient: 'api.example.com',
      check_key,
    };
    const challenge = await post('/toll/spend/check', body);
    expect(challenge.status).toBe(402);
    expect(challenge.body.toll.usdc.amount_atomic).toBe('10000');
    const c: MemoChallenge = challenge.body.toll;
    const sig = await pay(c);
    const unsigned = await http(`${stack.gw}/toll/spend/check?toll_memo=${encodeURIComponent(c.memo)}`, {
      method: 'POST',
      json: body,
      headers: { 'x-payment-tx': sig },
    });
    expect([unsigned.status, unsigned.body.error]).toEqual([402, 'payer_proof_missing']);
    const paid = await redeem(c, sig, body);
    expect(paid.status).toBe(200);
    expect(paid.headers.get('x-toll-receipt')).toBeTruthy();
    expect(paid.body).toMatchObject({
      decision: 'allow',
      reasons: [],
      reservation: { status: 'held', counted_cents: 300 },
    });

    const audit = await http(`${stack.gw}/toll/spend/audit/e2e-agent?read_key=${read_key}&limit=5`);
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((e: any) => [e.decision_id, e.payer])).toEqual([
      [paid.body.decision_id, stack.payer.publicKey.toBase58()],
    ]);
    const usage = await http(`${stack.gw}/toll/spend/policy/e2e-agent?read_key=${read_key}`);
    expect(usage.body.usage[0]).toMatchObject({ window: 'daily', used_cents: 300, remaining_cents: 700 });
    expect(policy_secret).toMatch(/^sps_/);
  });

  it('refuses bad input with a 400 before any 402', async () => {
    const bad = await post('/toll/spend/check', { agent_id: 'e2e-agent', amount_usd_cents: 1.5, category: 'Weather' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'amount_usd_cents',
      'category',
    ]);
  });

  it('answers 404 without charging for an agent with no policy; once the policy exists the same payment buys the check', async () => {
    const unknown = { agent_id: 'e2e-later', amount_usd_cents: 100, category: 'fees' };
    const c: MemoChallenge = (await post('/toll/spend/check', unknown)).body.toll;
    const sig = await pay(c);
    const missing = await redeem(c, sig, unknown);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 'NOT_FOUND',
      details: { decision: 'deny', reasons: [{ code: 'NO_POLICY' }] },
    });
    expect(missing.headers.get('payment-response')).toBeNull();
    // The memo names that request, so the retry is the same one; the agent proves itself by the wallet bound to the
    // policy.
    await post('/toll/spend/policy', { ...policy('e2e-later'), allowed_payers: [stack.payer.publicKey.toBase58()] });
    const served = await redeem(c, sig, unknown);
    expect([served.status, served.body.decision]).toEqual([200, 'allow']);
  });

  it('a check paid by a wallet that is not the agent’s, on a policy created with the defaults, reserves nothing', async () => {
    const { read_key } = (await post('/toll/spend/policy', policy('e2e-guarded'))).body.credentials;
    const body = { agent_id: 'e2e-guarded', amount_usd_cents: 500, category: 'weather' };
    const c: MemoChallenge = (await post('/toll/spend/check', body)).body.toll;
    // stack.payer is not bound to this policy and has no check_key
    const stranger = await redeem(c, await pay(c), body);
    expect([
      stranger.status,
      stranger.body.decision,
      stranger.body.reservation,
      stranger.body.reasons.map((r: any) => r.code),
    ]).toEqual([200, 'deny', null, ['CHECK_KEY_REQUIRED']]);
    const usage = await http(`${stack.gw}/toll/spend/policy/e2e-guarded?read_key=${read_key}`);
    expect(usage.body.usage.map((w: any) => w.used_cents)).toEqual([0, 0, 0]);
  });
});

// The batch scorer behind the real gateway and payments, paid on the local chain.
describe('batch through gateway and payments', () => {
  const { stack, sendPayment } = stackHarness({
    database: 'toll_batch_e2e',
    groups: [(env, { database }) => startBatch({ ...env, DATABASE_URL: database })],
    ready: ['/toll/batch/health'],
  });
  const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
    http(`${stack.gw}${path}`, { method: 'POST', json, headers });

  it('pays 0.005 for a score, reports the outcome with its token, and reads the payer by its base64 key', async () => {
    const { payer, voucher } = newPayer();
    const body = { voucher: voucher({ amount: 250_000 }) };
    const challenge = await post('/toll/batch/score', body);
    expect(challenge.status).toBe(402);
    expect(challenge.body.toll.usdc.amount_atomic).toBe('5000');
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendPayment(c);
    // The answer carries checkpoint_token, a credential: only the payer redeems it, with its signature.
    const url = `${stack.gw}/toll/batch/score?toll_memo=${encodeURIComponent(c.memo)}`;
    const paid = await http(url, {
      method: 'POST',
      json: body,
      headers: {
        'x-payment-tx': sig,
        ...payerProofHeaders('batch.score', c.memo, url, { method: 'POST', body: JSON.stringify(body) }, stack.payer),
      },
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('x-toll-receipt')).toBeTruthy();
    expect(paid.body).toMatchObject({ score: 38, verdict: 'accept-with-limit', max_safe_exposure: '250000' });

    const reported = await post('/toll/batch/checkpoint', {
      voucher_id: paid.body.voucher_id,
      payer,
      amount: 250_000,
      status: 'settled',
      checkpoint_token: paid.body.checkpoint_token,
    });
    expect([reported.status, reported.body.recorded]).toEqual([200, 'created']);
    const view = await http(`${stack.gw}/toll/batch/payer/${encodeURIComponent(payer)}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      payer,
      vouchers_scored: 1,
      reporters: 1,
      outcomes: { settled: { count: 1, amount: '250000' } },
    });
  });

  // The small-order refinement is in the same zod schema (test/batch.wire.spec.ts); the gateway's JSON-Schema check
  // covers the encoding rule, and its generic zod pre-check (lead) will bring the refinement before the 402 too.
  it('refuses a malformed payer key with a 400 before any 402', async () => {
    const v = newPayer().voucher();
    const short = await post('/toll/batch/score', { voucher: { ...v, payer: v.payer.slice(2) } });
    expect(short.status).toBe(400);
    expect(short.body.error.details.issues).toEqual([{ field: 'voucher.payer', message: expect.any(String) }]);
  });
});
