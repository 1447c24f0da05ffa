import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

export const TronConfig = BaseConfig.extend({
  TRON_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),
  // Full-node HTTP APIs, best first (TronGrid, then any TronGrid-compatible node); a failing node sends the call on.
  TRON_NODE_URLS: z
    .string()
    .default('https://api.trongrid.io')
    .transform(splitList)
    .pipe(z.array(z.url()).min(1).max(5)),
  // TronGrid throttles keyless callers hard (403 for 30 s); production sets a free key.
  TRON_TRONGRID_API_KEY: sensitive(z.string().min(1).max(200).optional()),
  TRON_NODE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(3_000),
  TRON_NODE_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100).default(5),
  // The TRC-20 USDT contract on mainnet.
  TRON_USDT_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
});
export type TronConfig = z.infer<typeof TronConfig>;
