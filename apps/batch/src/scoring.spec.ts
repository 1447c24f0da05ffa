import { scoreVoucher, type Outcome, type ScoreInput } from './scoring';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const NOW_S = BigInt(NOW.getTime() / 1000);
const DAY = 86_400_000;

const input = (over: Partial<ScoreInput> = {}): ScoreInput => ({
  amount: 500_000n,
  expiry: NOW_S + 86_400n,
  issuedAt: NOW_S - 60n,
  signature: { valid: true },
  nonceReusedBy: null,
  outcomes: [],
  now: NOW,
  ...over,
});
const outcome = (status: Outcome['status'], amount: bigint, reporter = 'seller-a', daysAgo = 1): Outcome => ({
  status,
  amount,
  reporter,
  recordedAt: new Date(NOW.getTime() - daysAgo * DAY),
});
const points = (s: ReturnType<typeof scoreVoucher>) => Object.fromEntries(s.factors.map((f) => [f.factor, f.points]));

describe('scoreVoucher', () => {
  it('limits a valid voucher from a payer with no history to the new-payer limit', () => {
    const s = scoreVoucher(input({ amount: 5_000_000n }));
    expect(points(s)).toEqual({
      signature: 0,
      nonce_reuse: 0,
      expiry: 0,
      issued_at: 0,
      amount_vs_history: 10,
      reputation: 28,
    });
    expect([s.score, s.verdict, s.max_safe_exposure]).toEqual([38, 'accept-with-limit', '1000000']);
    expect(s.factors.find((f) => f.factor === 'reputation')).toEqual({
      factor: 'reputation',
      weight: 55,
      value: 0.5,
      points: 28,
      blocking: false,
      evidence: 'no recorded outcome for this payer',
    });
  });

  it('accepts the whole amount from a payer with a settled record at that size', () => {
    const outcomes = [
      outcome('settled', 600_000n),
      outcome('settled', 400_000n, 'seller-b'),
      outcome('settled', 500_000n, 'seller-c'),
    ];
    const s = scoreVoucher(input({ outcomes }));
    expect(points(s)).toMatchObject({ amount_vs_history: 0, reputation: 11 });
    expect([s.score, s.verdict, s.max_safe_exposure]).toEqual([11, 'accept', '500000']);
  });

  it('rejects an invalid signature with score 100 whatever the rest says', () => {
    const s = scoreVoucher(
      input({
        signature: { valid: false, why: 'the signature does not verify against payer over the canonical message' },
        outcomes: [outcome('settled', 1_000_000n)],
      }),
    );
    expect([s.score, s.verdict, s.max_safe_exposure]).toEqual([100, 'reject', '0']);
    expect(s.factors[0]).toEqual({
      factor: 'signature',
      weight: 0,
      value: 1,
      points: 0,
      blocking: true,
      evidence: 'the signature does not verify against payer over the canonical message',
    });
  });

  it('rejects a reused nonce, naming the earlier voucher', () => {
    const s = scoreVoucher(input({ nonceReusedBy: { voucherId: 'ab'.repeat(32), amount: 100n } }));
    expect(s.verdict).toBe('reject');
    expect(s.factors[1].evidence).toBe(`the payer already used this nonce in voucher ${'ab'.repeat(32)} (amount 100)`);
  });

  it('rejects an expired voucher and one issued after its expiry', () => {
    expect(scoreVoucher(input({ expiry: NOW_S - 5n, issuedAt: NOW_S - 100n })).factors[2]).toMatchObject({
      blocking: true,
      evidence: 'expired 5 s ago: it can no longer be claimed',
    });
    const backwards = scoreVoucher(input({ issuedAt: NOW_S + 90_000n }));
    expect([backwards.verdict, backwards.factors[3].evidence]).toEqual([
      'reject',
      `issued_at (${NOW_S + 90_000n}) is not before expiry (${NOW_S + 86_400n})`,
    ]);
  });

  it('scales expiry risk linearly from 1 hour down to 2 minutes left', () => {
    const at = (ttl: bigint) => scoreVoucher(input({ expiry: NOW_S + ttl })).factors[2];
    expect([at(3_600n).value, at(1_860n).value, at(120n).value, at(60n).value]).toEqual([0, 0.5, 1, 1]);
  });

  it('flags a voucher issued in the future beyond clock skew, and one issued long ago', () => {
    expect(scoreVoucher(input({ issuedAt: NOW_S + 61n })).factors[3]).toMatchObject({
      value: 1,
      blocking: false,
      evidence: 'issued 61 s in the future (more than 60 s of clock skew)',
    });
    expect(scoreVoucher(input({ issuedAt: NOW_S + 60n })).factors[3].value).toBe(0);
    expect(
      scoreVoucher(input({ issuedAt: NOW_S - BigInt(30 * 86_400), expiry: NOW_S + 86_400n })).factors[3].value,
    ).toBe(1);
  });

  it('grows the amount risk with the log of the ratio to the largest settled voucher', () => {
    const outcomes = [outcome('settled', 100_000n)];
    expect(scoreVoucher(input({ amount: 100_000n, outcomes })).factors[4].value).toBe(0);
    expect(scoreVoucher(input({ amount: 316_228n, outcomes })).factors[4].value).toBe(0.5);
    expect(scoreVoucher(input({ amount: 1_000_000n, outcomes })).factors[4]).toMatchObject({
      value: 1,
      evidence: "10× the payer's largest settled voucher (100000)",
    });
  });

  it('rejects a payer whose sellers report defaults', () => {
    const outcomes = [
      outcome('defaulted', 500_000n, 'a'),
      outcome('defaulted', 500_000n, 'b'),
      outcome('defaulted', 500_000n, 'c'),
      outcome('expired', 500_000n, 'd'),
    ];
    const s = scoreVoucher(input({ outcomes }));
    expect(s.factors[5]).toMatchObject({
      value: 0.75,
      evidence: '0 settled, 3 defaulted, 1 expired, from 4 reporter(s)',
    });
    expect([s.score, s.verdict]).toEqual([51, 'reject']);
  });

  it('limits a payer with as many defaults as settlements', () => {
    const s = scoreVoucher(
      input({ amount: 100_000n, outcomes: [outcome('settled', 200_000n, 'a'), outcome('defaulted', 200_000n, 'b')] }),
    );
    expect([s.score, s.verdict, s.max_safe_exposure]).toEqual([28, 'accept-with-limit', '100000']);
  });

  it('gives one reporter a say that grows only with the square root of what it files', () => {
    const hostile = Array.from({ length: 16 }, () => outcome('defaulted', 1n, 'hostile'));
    const honest = ['a', 'b', 'c', 'd'].flatMap((r) => [
      outcome('settled', 1n, r),
      outcome('settled', 1n, r),
      outcome('settled', 1n, r),
      outcome('settled', 1n, r),
    ]);
    // 16 defaults from one reporter weigh √16 = 4; 16 settlements from four reporters weigh 4 × √4 = 8.
    expect(scoreVoucher(input({ outcomes: [...hostile, ...honest] })).factors[5].value).toBe(0.36);
  });

  it('lets old outcomes fade with a 90-day half-life', () => {
    const recent = scoreVoucher(input({ outcomes: [outcome('defaulted', 1n, 'a', 0)] })).factors[5].value;
    const old = scoreVoucher(input({ outcomes: [outcome('defaulted', 1n, 'a', 360)] })).factors[5].value;
    expect([recent, old]).toEqual([0.67, 0.52]);
  });
});
