// The settlement-risk model: every weight and threshold in one place, read by the scorer and published as is
// by GET /toll/batch/health. A score is risk: 0 is the safest voucher, 100 one that should not be accepted.

export const WEIGHTS = {
  signature: 0, // a gate: an invalid signature rejects, a valid one adds nothing
  nonce_reuse: 0, // a gate: another voucher of the payer with the same nonce rejects
  expiry: 15,
  issued_at: 10,
  amount_vs_history: 20,
  reputation: 55, // what sellers saw this payer do weighs most
} as const;
export type FactorName = keyof typeof WEIGHTS;

export const THRESHOLDS = {
  accept_max_score: 25, // at or below: accept the whole amount
  limit_max_score: 50, // at or below: accept up to max_safe_exposure; above: reject
};

export const EXPIRY = {
  min_seconds: 120, // less time than this to claim on chain counts as fully risky
  comfortable_seconds: 3_600, // this much or more adds no risk; linear in between
};

export const ISSUED_AT = {
  future_skew_seconds: 60, // issued further in the future than this is suspicious (value 1)
  fresh_seconds: 7 * 86_400, // younger adds no risk
  stale_seconds: 30 * 86_400, // older counts as fully risky; linear in between
};

export const HISTORY = {
  ratio_max: 10, // amount ÷ the payer's largest settled amount: ≤ 1 adds nothing, ≥ 10 is fully risky (log scale)
  unknown_value: 0.5, // no settled voucher yet
};

export const REPUTATION = {
  half_life_days: 90, // an outcome's weight halves every 90 days
  expired_weight: 0.5, // an expired voucher counts half a default (the seller may simply not have claimed)
  prior_weight: 2, // two pseudo-outcomes at 0.5 risk: one good outcome does not make a payer trusted
  prior_value: 0.5,
};

// What accept-with-limit lets a seller carry for a payer with no settled voucher (atomic units: 1 USDC).
export const NEW_PAYER_LIMIT = 1_000_000n;

export type Status = 'settled' | 'defaulted' | 'expired';

export interface Outcome {
  status: Status;
  amount: bigint;
  reporter: string;
  recordedAt: Date;
}

export interface ScoreInput {
  amount: bigint;
  expiry: bigint;
  issuedAt: bigint;
  signature: { valid: true } | { valid: false; why: string };
  nonceReusedBy: { voucherId: string; amount: bigint } | null;
  outcomes: Outcome[]; // the payer's recorded outcomes
  now: Date;
}

export interface Factor {
  factor: FactorName;
  weight: number;
  value: number; // risk 0-1
  points: number; // weight × value, rounded
  blocking: boolean; // true: the voucher is rejected whatever the other factors say
  evidence: string;
}

export type Verdict = 'accept' | 'accept-with-limit' | 'reject';

export interface Score {
  score: number;
  verdict: Verdict;
  max_safe_exposure: string; // atomic units
  factors: Factor[];
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));
const round2 = (x: number) => Math.round(x * 100) / 100;

const factor = (name: FactorName, value: number, evidence: string, blocking = false): Factor => ({
  factor: name,
  weight: WEIGHTS[name],
  value: round2(value),
  points: Math.round(WEIGHTS[name] * value),
  blocking,
  evidence,
});

function expiryFactor(ttl: number): Factor {
  if (ttl <= 0) return factor('expiry', 1, `expired ${-ttl} s ago: it can no longer be claimed`, true);
  const value = clamp((EXPIRY.comfortable_seconds - ttl) / (EXPIRY.comfortable_seconds - EXPIRY.min_seconds));
  return factor('expiry', value, `${ttl} s left to claim it on chain`);
}

function issuedAtFactor(issuedAt: number, expiry: number, now: number): Factor {
  if (issuedAt >= expiry)
    return factor('issued_at', 1, `issued_at (${issuedAt}) is not before expiry (${expiry})`, true);
  const age = now - issuedAt;
  if (-age > ISSUED_AT.future_skew_seconds)
    return factor(
      'issued_at',
      1,
      `issued ${-age} s in the future (more than ${ISSUED_AT.future_skew_seconds} s of clock skew)`,
    );
  const value = clamp((age - ISSUED_AT.fresh_seconds) / (ISSUED_AT.stale_seconds - ISSUED_AT.fresh_seconds));
  return factor('issued_at', value, `issued ${Math.max(0, age)} s ago`);
}

function amountFactor(amount: bigint, largestSettled: bigint | null): Factor {
  if (largestSettled === null || largestSettled === 0n)
    return factor('amount_vs_history', HISTORY.unknown_value, 'no settled voucher from this payer to compare with');
  const ratio = Number((amount * 1000n) / largestSettled) / 1000;
  const value = ratio <= 1 ? 0 : clamp(Math.log10(ratio) / Math.log10(HISTORY.ratio_max));
  return factor('amount_vs_history', value, `${ratio}× the payer's largest settled voucher (${largestSettled})`);
}

// Each outcome weighs (recency) × (1 ÷ √ that reporter's outcomes for this payer): a reporter's say grows with the
// square root of what it files, so one seller with many vouchers cannot outweigh several with a few each.
export function reputationFactor(outcomes: Outcome[], now: Date): Factor {
  const perReporter = new Map<string, number>();
  for (const o of outcomes) perReporter.set(o.reporter, (perReporter.get(o.reporter) ?? 0) + 1);
  let total = 0;
  let bad = 0;
  for (const o of outcomes) {
    const ageDays = Math.max(0, (now.getTime() - o.recordedAt.getTime()) / 86_400_000);
    const w = Math.pow(0.5, ageDays / REPUTATION.half_life_days) / Math.sqrt(perReporter.get(o.reporter)!);
    total += w;
    bad += w * (o.status === 'defaulted' ? 1 : o.status === 'expired' ? REPUTATION.expired_weight : 0);
  }
  const value = (bad + REPUTATION.prior_value * REPUTATION.prior_weight) / (total + REPUTATION.prior_weight);
  const count = (s: Status) => outcomes.filter((o) => o.status === s).length;
  const evidence = outcomes.length
    ? `${count('settled')} settled, ${count('defaulted')} defaulted, ${count('expired')} expired, from ` +
      `${perReporter.size} reporter(s)`
    : 'no recorded outcome for this payer';
  return factor('reputation', value, evidence);
}

export const largestSettled = (outcomes: Outcome[]): bigint | null =>
  outcomes
    .filter((o) => o.status === 'settled')
    .reduce<bigint | null>((max, o) => (max === null || o.amount > max ? o.amount : max), null);

export function scoreVoucher(input: ScoreInput): Score {
  const now = Math.floor(input.now.getTime() / 1000);
  const settledMax = largestSettled(input.outcomes);
  const factors = [
    input.signature.valid
      ? factor('signature', 0, 'valid Ed25519 signature by payer over the canonical message')
      : factor('signature', 1, input.signature.why, true),
    input.nonceReusedBy
      ? factor(
          'nonce_reuse',
          1,
          `the payer already used this nonce in voucher ${input.nonceReusedBy.voucherId} (amount ` +
            `${input.nonceReusedBy.amount})`,
          true,
        )
      : factor('nonce_reuse', 0, 'first voucher of this payer with this nonce'),
    expiryFactor(Number(input.expiry) - now),
    issuedAtFactor(Number(input.issuedAt), Number(input.expiry), now),
    amountFactor(input.amount, settledMax),
    reputationFactor(input.outcomes, input.now),
  ];
  const blocked = factors.some((f) => f.blocking);
  const score = blocked
    ? 100
    : Math.min(
        100,
        factors.reduce((sum, f) => sum + f.points, 0),
      );
  const verdict: Verdict =
    blocked || score > THRESHOLDS.limit_max_score
      ? 'reject'
      : score <= THRESHOLDS.accept_max_score
        ? 'accept'
        : 'accept-with-limit';
  const limit = settledMax ?? NEW_PAYER_LIMIT;
  const exposure =
    verdict === 'reject' ? 0n : verdict === 'accept' ? input.amount : input.amount < limit ? input.amount : limit;
  return { score, verdict, max_safe_exposure: exposure.toString(), factors };
}
