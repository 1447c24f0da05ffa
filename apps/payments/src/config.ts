import { BaseConfig, sensitive } from '@toll/platform';
import { isBase58PublicKey } from '@toll/solana';
import { createHash } from 'node:crypto';
import { z } from 'zod';

const base58Key = z.string().refine(isBase58PublicKey, 'must be a base58 Solana public key');

// Local defaults are deterministic dev values (public, worthless); production must set its own.
const devSecret = (label: string) => createHash('sha256').update(`toll-local-dev:${label}`).digest('hex');

export const PaymentsConfig = BaseConfig.extend({
  PAYMENTS_NETWORK: z.enum(['mainnet', 'devnet']).default('devnet'),
  PAYMENTS_RECIPIENT: base58Key.optional(), // wallet receiving SOL and owning the USDC token account
  PAYMENTS_USDC_MINT: base58Key.optional(), // defaults to the network's USDC mint
  PAYMENTS_USDC_TOKEN_ACCOUNT: base58Key.optional(), // defaults to the recipient's associated token account
  PAYMENTS_FEE_PAYER_SECRET: sensitive(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a 32-byte ed25519 seed in hex')
      .optional(),
  ),
  PAYMENTS_MEMO_SECRET: sensitive(z.string().min(32).optional()),
  PAYMENTS_MEMO_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  // A fixed SOL/USD rate for tests and the local stack; without it (and without a live price) challenges offer USDC
  // only.
  PAYMENTS_SOL_USD_FIXED: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/)
    .optional(),
  // A live price older than this is not used: challenges then offer USDC only.
  PAYMENTS_SOL_PRICE_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_payments'),
  ),
  PAYMENTS_MIGRATE_ON_START: z.enum(['true', 'false']).default('true'), // false where a release step migrates instead
  SOLANA_RPC_URLS: z.string().default('http://127.0.0.1:8899'), // comma-separated, tried in order of health
  // Where payers should send their transactions, named in every challenge and in health (so nobody pays on the wrong
  // network); unset on mainnet or devnet proper, where the network name says it. npm start sets it to the local chain.
  PAYMENTS_PUBLIC_RPC_URL: z.url().optional(),
  SOLANA_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  PAYMENTS_COMMITMENT: z.enum(['confirmed', 'finalized']).default('confirmed'),
  // Longer than the slowest route (30 s) plus settlement, so a live request never loses its hold.
  PAYMENTS_HOLD_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  // A caller whose answer was lost (a gateway died after settling) repeats the same request with the same proof:
  // for this long after settling, up to PAYMENTS_REDELIVERY_MAX times, it gets the stored answer, charged once.
  PAYMENTS_REDELIVERY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  PAYMENTS_REDELIVERY_MAX: z.coerce.number().int().min(0).max(100).default(3),
  // How far a signed balance request's timestamp may be from our clock; its nonce is remembered for twice this.
  PAYMENTS_BALANCE_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  // Balance signatures in the v1 form (no network and recipient lines) are accepted until 00:00 UTC of this day, so
  // clients signing the old way keep working while they update; a past day refuses them now (docs/payments.md).
  PAYMENTS_BALANCE_V1_UNTIL: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD')
    .default('2027-02-28'),
  // Balance leases (docs/payments.md, "Balance leases"): L, the most one gateway's lease on a wallet holds at once
  // (USDC atomic units; 1000000 = 1.00 USD: 20 calls of the dearest per-call operation, 0.05), how long a grant or renewal is spendable, and how long a lease's hold
  // outlives its expiry so a gateway restarted after a crash can still report what it served.
  PAYMENTS_LEASE_MAX_ATOMIC: z.coerce.bigint().min(1n).max(100_000_000n).default(1_000_000n),
  PAYMENTS_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).default(10),
  PAYMENTS_LEASE_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  // Prepaid blocks on leases (docs/payments.md, "Prepaid blocks on leases"): the most credits one gateway's lease on a
  // block holds at once (the lease's time and grace are the balance leases' above).
  PAYMENTS_BLOCK_LEASE_MAX_CREDITS: z.coerce.number().int().min(1).max(100_000).default(200),
  PAYMENTS_RECEIPT_SECRET: sensitive(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a 32-byte ed25519 seed in hex')
      .optional(),
  ),
  PAYMENTS_FACILITATOR_URL: z.url().optional(), // settle x402 `exact` through this facilitator instead of ourselves
}).superRefine((c, ctx) => {
  if (c.NODE_ENV !== 'production') return;
  for (const key of [
    'PAYMENTS_RECIPIENT',
    'PAYMENTS_FEE_PAYER_SECRET',
    'PAYMENTS_MEMO_SECRET',
    'PAYMENTS_RECEIPT_SECRET',
  ] as const) {
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
  }
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

export const localDefaults = {
  recipientSeed: () => Buffer.from(devSecret('recipient'), 'hex'),
  feePayerSeed: () => Buffer.from(devSecret('fee-payer'), 'hex'),
  memoSecret: () => devSecret('memo-secret'),
};
