import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

// A token bucket: `rate=<tokens per second>,burst=<bucket size>`; a client may send `burst` requests at once, then
// `rate` a second.
const BUCKET = /^rate=(\d{1,7}(?:\.\d{1,6})?),burst=([1-9]\d{0,6})$/;
const bucket = (fallback: string) =>
  z
    .string()
    .regex(BUCKET, 'rate=<per second>,burst=<count>, e.g. rate=10,burst=100')
    .default(fallback)
    .transform((v) => {
      const [, rate, burst] = BUCKET.exec(v)!;
      return { rate: Number(rate), burst: Number(burst) };
    })
    .refine((b) => b.rate > 0, 'rate must be above 0');

export const GatewayConfig = BaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  GATEWAY_PUBLIC_URL: z.url().optional(), // base of resource URLs in challenges; defaults to the request's own host
  GATEWAY_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
  GATEWAY_ROUTE_TTL_MS: z.coerce.number().int().min(500).max(600_000).default(45_000),
  GATEWAY_TRUST_PROXY: z.string().default('loopback'), // Express `trust proxy`: who may set X-Forwarded-For
  // Root paths a group may serve besides /toll/<group>/ and /api/<group>: comma-separated `group:/path` pairs.
  GATEWAY_PATH_GRANTS: z
    .string()
    .regex(
      /^([a-z][a-z0-9-]*:\/[a-z0-9._/-]*)?(,[a-z][a-z0-9-]*:\/[a-z0-9._/-]*)*$/,
      'comma-separated group:/path pairs',
    )
    .default(''),
  GATEWAY_PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  // x402 `exact` settles on chain inside verify (confirmation can take ~30 s on a real cluster).
  GATEWAY_PAYMENTS_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(40_000),
  // Per-client rate limits (src/rate-limit.ts, docs/operations.md "Rate limits"): one bucket per route class and client
  // address, shared by every replica through Redis; without Redis (unset, down or slow) each replica keeps its own.
  REDIS_URL: sensitive(
    z
      .string()
      .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
      .optional(),
  ),
  GATEWAY_RATE_LIMIT_REDIS_TIMEOUT_MS: z.coerce.number().int().min(1).max(1_000).default(25),
  // Replicas sharing the limits: a replica that fell back to its own buckets gives each client 1/this of every bucket.
  GATEWAY_RATE_LIMIT_REPLICAS: z.coerce.number().int().min(1).max(1_000).default(1),
  GATEWAY_RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[\x21-\x7e]{1,64}$/)
    .default('toll:rl:'),
  GATEWAY_RATE_LIMIT_CATALOG: bucket('rate=20,burst=200'), // /, /docs, /openapi.json, /llms.txt
  // /discovery/resources, /.well-known/x402, GATEWAY_RATE_LIMIT_DISCOVERY_OPERATIONS
  GATEWAY_RATE_LIMIT_DISCOVERY: bucket('rate=10,burst=100'),
  GATEWAY_RATE_LIMIT_CHALLENGE: bucket('rate=20,burst=200'), // a paid operation without a proof (402)
  GATEWAY_RATE_LIMIT_MCP: bucket('rate=20,burst=200'), // POST /mcp without payment in _meta
  GATEWAY_RATE_LIMIT_FREE_OP: bucket('rate=50,burst=500'), // free operations and unknown paths
  // requests carrying a proof or balance headers: their own bucket
  GATEWAY_RATE_LIMIT_PAID: bucket('rate=200,burst=1000'),
  // Free operations that are searches over the whole catalog: limited as discovery, not as free operations.
  GATEWAY_RATE_LIMIT_DISCOVERY_OPERATIONS: z
    .string()
    .regex(/^([a-z][a-z0-9-]*\.[A-Za-z0-9]+)?(,[a-z][a-z0-9-]*\.[A-Za-z0-9]+)*$/, 'comma-separated operationIds')
    .default('discovery.search,discovery.match'),
  // Balance calls paid from leases payments grants this gateway (docs/payments.md, "Balance leases"). The gateway
  // signs their receipts with payments' receipt key (PAYMENTS_RECEIPT_SECRET, the same value); in production without
  // it, every balance call goes to payments as before.
  GATEWAY_BALANCE_LEASES: z.enum(['true', 'false']).default('true'),
  // Prepaid block calls paid from leases on the block's credits (docs/payments.md, "Prepaid blocks on leases"), under
  // the same receipt key rule; false: every block call goes to payments.call.
  GATEWAY_BLOCK_LEASES: z.enum(['true', 'false']).default('true'),
  GATEWAY_RECEIPT_SECRET: sensitive(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a 32-byte ed25519 seed in hex')
      .optional(),
  ),
  // Calls served from a lease are appended here before their answer leaves, so a gateway killed before reporting
  // them reports them when it starts again (one directory per gateway, kept across restarts); unset: no journal, and
  // a crash leaves unreported calls uncharged (at most L per wallet, our loss).
  GATEWAY_LEASE_JOURNAL_DIR: z.string().min(1).optional(),
  GATEWAY_LEASE_REPORT_MS: z.coerce.number().int().min(100).max(5_000).default(1_000),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;
