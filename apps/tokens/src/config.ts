import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';

const urlList = z
  .string()
  .transform(splitList)
  .pipe(
    z
      .array(z.url({ protocol: /^https?$/ }))
      .min(1)
      .max(5),
  );

export const TokensConfig = BaseConfig.extend({
  // Solana JSON-RPC endpoints, comma-separated, tried in order (the first is the primary). Free-key providers
  // (Helius etc.) carry the key in the URL, hence sensitive; the public mainnet endpoint is not for production.
  TOKENS_RPC_URLS: sensitive(urlList.default(['http://127.0.0.1:8899'])),
  // Cap on a single RPC attempt; the caller's deadline can shorten it further.
  TOKENS_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  // Requests per second to each endpoint (upstreams.md §16: the public RPC allows 100 per 10 s; we keep to 8).
  TOKENS_RPC_RATE_PER_SEC: z.coerce.number().min(0.1).max(1_000).default(8),
  // Several RPC providers reject or throttle anonymous library User-Agents.
  TOKENS_USER_AGENT: z.string().min(1).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
});
export type TokensConfig = z.infer<typeof TokensConfig>;
