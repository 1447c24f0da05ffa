import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const DiscoveryConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_discovery'),
  ),
  DISCOVERY_MIGRATE_ON_START: z.enum(['true', 'false']).default('true'), // false where a release step migrates instead
  // Same as the gateway's route TTL: a route is forgotten when no replica announced it for this long.
  DISCOVERY_CATALOG_TTL_MS: z.coerce.number().int().min(1_000).max(600_000).default(45_000),
  // The gateway's GATEWAY_PATH_GRANTS (group:/path,…). Set, manifests are checked exactly as the gateway checks
  // them; unset, only the /toll/<group>/ prefix is enforced and root paths (/api/…, /registry.json) are taken as
  // announced.
  DISCOVERY_PATH_GRANTS: z
    .string()
    .regex(/^([a-z][a-z0-9-]*:\/[^,:]*)?(,[a-z][a-z0-9-]*:\/[^,:]*)*$/, 'group:/path pairs, comma-separated')
    .optional(),
  DISCOVERY_REGISTRY_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  DISCOVERY_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2_000),
  // Listings are kept (labelled stale) this long after the registry stops answering, then dropped.
  DISCOVERY_REGISTRY_MAX_STALE_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  // Registration is free and anonymous: a ceiling on the index keeps a flood from growing it without bound.
  DISCOVERY_INDEX_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  // New entries per client network (IPv4 address, IPv6 /64) per window, counted in the database so every replica
  // shares one limit; updating an existing entry is not counted. Defends the paid match against result stuffing.
  DISCOVERY_REGISTER_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  DISCOVERY_REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
});
export type DiscoveryConfig = z.infer<typeof DiscoveryConfig>;
