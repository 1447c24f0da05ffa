import { ed25519 } from '@noble/curves/ed25519';
import { healthOutput } from '@toll/platform';
import { z } from 'zod';
import { MESSAGE_DOMAIN } from './voucher';

// Voucher (spec §2.4) and outcome (§2.5). Encodings and lengths are regexes the gateway checks before any
// payment; whether the payer key is a usable Ed25519 point is a refinement in the same schema. Whether the
// signature verifies is the scorer's first factor: a forged voucher is scored "reject", which is the answer
// a seller pays for.

// Canonical base64 of exactly 32 bytes (43 characters, the last carrying 4 bits, then "=") and of 64 bytes.
const KEY_BASE64 = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
const SIGNATURE_BASE64 = /^[A-Za-z0-9+/]{85}[AQgw]==$/;
const NONCE = /^[\x21-\x7e]{1,128}$/;
const ATOMIC = /^[1-9]\d{0,18}$/;
const MAX_ATOMIC = 2n ** 63n - 1n;
const MAX_UNIX_SECONDS = 253_402_300_799; // 9999-12-31T23:59:59Z
export const VOUCHER_ID = /^[0-9a-f]{64}$/;
const CHECKPOINT_TOKEN = /^bct_[A-Za-z0-9_-]{43}$/;

// On the curve and not of small order: a small-order key "signs" for anyone (any zero signature verifies), so it
// would be a payer identity nobody owns.
const usableKey = (b64: string) => {
  try {
    return !ed25519.ExtendedPoint.fromHex(Buffer.from(b64, 'base64').toString('hex')).isSmallOrder();
  } catch {
    return false;
  }
};

const PayerKey = z
  .string()
  .regex(KEY_BASE64, 'must be the base64 of a 32-byte Ed25519 public key (44 characters ending in "=")')
  .refine(
    (k) => !KEY_BASE64.test(k) || usableKey(k),
    'must be a valid Ed25519 public key (a point on the curve, not of small order)',
  );

const Amount = z
  .union([
    z
      .number()
      .int('must be an integer number of atomic units')
      .min(1, 'must be at least 1')
      .max(Number.MAX_SAFE_INTEGER, 'above 2^53 - 1: send it as a decimal string'),
    z
      .string()
      .regex(ATOMIC, 'must be a positive integer of at most 19 digits')
      .refine((s) => !ATOMIC.test(s) || BigInt(s) <= MAX_ATOMIC, 'must be at most 9223372036854775807'),
  ])
  .describe(
    'Atomic units of the settlement asset (USDC: 6 decimals, so 1000000 is 1 USDC); a JSON integer or a decimal string',
  );

const UnixSeconds = (what: string) =>
  z
    .number()
    .int('must be an integer (unix seconds)')
    .min(0, 'must not be negative')
    .max(MAX_UNIX_SECONDS, `must be at most ${MAX_UNIX_SECONDS}`)
    .describe(what);

export const VoucherInput = z.strictObject({
  payer: PayerKey.describe('Payer Ed25519 public key, base64 (32 bytes)'),
  amount: Amount,
  nonce: z
    .union([
      z.string().regex(NONCE, 'must be 1-128 printable ASCII characters without spaces'),
      z.number().int('must be an integer').min(0, 'must not be negative').max(Number.MAX_SAFE_INTEGER),
    ])
    .describe('Unique per payer: a string (1-128 printable ASCII, no spaces) or a non-negative integer'),
  expiry: UnixSeconds('When the voucher can no longer be claimed, unix seconds'),
  issued_at: UnixSeconds('When the payer signed it, unix seconds'),
  signature: z
    .string()
    .regex(SIGNATURE_BASE64, 'must be the base64 of a 64-byte Ed25519 signature (88 characters ending in "==")')
    .describe(
      `Ed25519 signature by payer, base64, over six UTF-8 lines joined by "\\n" with no trailing newline: ` +
        `${MESSAGE_DOMAIN}, payer:<payer as sent>, amount:<decimal integer>, nonce:<nonce>, expiry:<unix seconds>, ` +
        `issued_at:<unix seconds>`,
    ),
});
export type VoucherInput = z.infer<typeof VoucherInput>;

export const ScoreInput = z.strictObject({ voucher: VoucherInput }).meta({
  examples: [
    {
      voucher: {
        payer: 'P5RV6TZ/t2YhSkrEYZl3FDbex5oCUY1xm/SIrhV0zeM=',
        amount: '2500000',
        nonce: 'inv-2026-0042',
        expiry: 1893456000,
        issued_at: 1795000000,
        signature: 'qO1A9XfoxxAxNBg9jq4hDCYee55mkQ684hkZnTXq5uflPl2nARPoAYtkjhkcOneBCB9DLdi/k0wQkJNqOQFhCg==',
      },
    },
  ],
});
export type ScoreInput = z.infer<typeof ScoreInput>;

export const CheckpointInput = z.strictObject({
  voucher_id: z.string().regex(VOUCHER_ID, 'must be the voucher_id a score returned (64 lowercase hex characters)'),
  payer: PayerKey.describe("The voucher's payer, base64"),
  amount: Amount.describe(
    'Atomic units this outcome concerns (settled: received; defaulted: lost; expired: unclaimed); at most the ' +
      'voucher amount',
  ),
  status: z.enum(['settled', 'defaulted', 'expired'], { error: 'must be settled, defaulted or expired' }),
  checkpoint_token: z
    .string()
    .regex(CHECKPOINT_TOKEN, 'must be the checkpoint_token a score of this voucher returned (bct_ and 43 characters)')
    .describe('Proves the reporter scored (accepted) this voucher'),
});
export type CheckpointInput = z.infer<typeof CheckpointInput>;

export const PayerQuery = z.strictObject({
  // A base64 key in a URL path arrives percent-decoded by the gateway; "/" is sent as %2F.
  address: PayerKey.describe('Payer public key, base64 (percent-encode "/" and "+" in the path)'),
});
export type PayerQuery = z.infer<typeof PayerQuery>;

export const EmptyInput = z.strictObject({});

const Factor = z.object({
  factor: z.enum(['signature', 'nonce_reuse', 'expiry', 'issued_at', 'amount_vs_history', 'reputation']),
  weight: z.number(),
  value: z.number().describe('Risk 0-1'),
  points: z.number().int().describe('weight × value, rounded; the score is their sum'),
  blocking: z.boolean().describe('true: rejects the voucher whatever the rest says'),
  evidence: z.string(),
});

export const ScoreOutput = z.object({
  voucher_id: z.string().describe('Hex SHA-256 of the canonical message; name the voucher with it in checkpoints'),
  payer: z.string(),
  amount: z.string().describe('Atomic units'),
  score: z.number().int().describe('Settlement risk 0-100: 0 safest'),
  verdict: z.enum(['accept', 'accept-with-limit', 'reject']),
  max_safe_exposure: z
    .string()
    .describe('Atomic units of unclaimed value this voucher is safe to serve against (0 on reject)'),
  claim_by: z
    .string()
    .nullable()
    .describe('Claim on chain before this time (expiry less the minimum settlement margin); null when rejected'),
  factors: z.array(Factor),
  checkpoint_token: z
    .string()
    .nullable()
    .describe('Only for a valid signature: send it with the outcome (POST /toll/batch/checkpoint). Shown once'),
  scored_at: z.string(),
});
export type ScoreOutput = z.infer<typeof ScoreOutput>;

const StatusTotals = z.object({ count: z.number().int(), amount: z.string() });

export const CheckpointOutput = z.object({
  voucher_id: z.string(),
  payer: z.string(),
  amount: z.string(),
  status: z.enum(['settled', 'defaulted', 'expired']),
  recorded: z.enum(['created', 'unchanged']).describe('unchanged: the same outcome was already recorded (idempotent)'),
  recorded_at: z.string(),
});
export type CheckpointOutput = z.infer<typeof CheckpointOutput>;

export const PayerOutput = z.object({
  payer: z.string(),
  vouchers_scored: z.number().int().describe('Distinct vouchers with a valid signature scored here'),
  outcomes: z.object({ settled: StatusTotals, defaulted: StatusTotals, expired: StatusTotals }),
  reporters: z.number().int().describe('Distinct wallets that reported outcomes'),
  first_seen_at: z.string().nullable(),
  last_outcome_at: z.string().nullable(),
  largest_settled: z.string().nullable(),
  reputation_risk: z.number().describe('The reputation factor the scorer would use now (0-1, 0.5 with no history)'),
});
export type PayerOutput = z.infer<typeof PayerOutput>;

export const HealthOutput = healthOutput({
  reason: z.string().optional(),
  sources: z.array(z.object({ name: z.string(), role: z.string(), ok: z.boolean() })),
  scoring: z.object({
    weights: z.record(z.string(), z.number()),
    thresholds: z.record(z.string(), z.number()),
    expiry: z.record(z.string(), z.number()),
    issued_at: z.record(z.string(), z.number()),
    history: z.record(z.string(), z.number()),
    reputation: z.record(z.string(), z.number()),
    new_payer_limit: z.string(),
    signed_message: z.string(),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
