import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const GatewayConfig = BaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  GATEWAY_PUBLIC_URL: z.url().optional(), // base of resource URLs in challenges; defaults to the request's own host
  GATEWAY_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
  GATEWAY_ROUTE_TTL_MS: z.coerce.number().int().min(500).max(600_000).default(45_000),
  GATEWAY_TRUST_PROXY: z.string().default('loopback'), // Express `trust proxy`: who may set X-Forwarded-For
  // Root paths a group may serve besides /toll/<group>/ and /api/<group>: comma-separated `group:/path` pairs.
  GATEWAY_PATH_GRANTS: z
    .string()
    .regex(/^([a-z][a-z0-9-]*:\/[a-z0-9._/-]*)?(,[a-z][a-z0-9-]*:\/[a-z0-9._/-]*)*$/, 'comma-separated group:/path pairs')
    .default(''),
  GATEWAY_PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  // x402 `exact` settles on chain inside verify (confirmation can take ~30 s on a real cluster).
  GATEWAY_PAYMENTS_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(40_000),
  // Balance calls paid from leases payments grants this gateway (docs/payments.md, "Balance leases"). The gateway
  // signs their receipts with payments' receipt key (PAYMENTS_RECEIPT_SECRET, the same value); in production without
  // it, every balance call goes to payments as before.
  GATEWAY_BALANCE_LEASES: z.enum(['true', 'false']).default('true'),
  GATEWAY_RECEIPT_SECRET: sensitive(z.string().regex(/^[0-9a-f]{64}$/, 'a 32-byte ed25519 seed in hex').optional()),
  // Calls served from a lease are appended here before their answer leaves, so a gateway killed before reporting
  // them reports them when it starts again (one directory per gateway, kept across restarts); unset: no journal, and
  // a crash leaves unreported calls uncharged (at most L per wallet, our loss).
  GATEWAY_LEASE_JOURNAL_DIR: z.string().min(1).optional(),
  GATEWAY_LEASE_REPORT_MS: z.coerce.number().int().min(100).max(5_000).default(1_000),
  // Must equal payments' PAYMENTS_BALANCE_CLOCK_SKEW_SECONDS.
  GATEWAY_BALANCE_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;
