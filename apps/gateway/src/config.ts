import { BaseConfig } from '@toll/platform';
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
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;
