import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

const httpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

export const FeesConfig = BaseConfig.extend({
  FEES_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),
  // Primary first, then fallbacks. Sensitive: provider URLs often carry an API key (Helius `?api-key=`,
  // QuickNode token paths); responses and health name them only as rpc-1, rpc-2, … and their host.
  FEES_RPC_URLS: sensitive(
    z
      .string()
      .default('http://127.0.0.1:8899')
      .transform(splitList)
      .refine(
        (urls) => urls.length >= 1 && urls.length <= 8 && urls.every(httpUrl),
        'one to eight comma-separated http(s) URLs',
      ),
  ),
  // Per attempt; the caller's deadline bounds the whole call across fallbacks.
  FEES_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  // optimize: limit = min(1,400,000, max(FEES_CU_FLOOR, ceil(units consumed × FEES_CU_MARGIN))).
  FEES_CU_MARGIN: z
    .string()
    .regex(/^\d(\.\d{1,4})?$/, 'a decimal such as 1.1 with at most 4 decimals')
    .refine((s) => Number(s) >= 1 && Number(s) <= 3, 'between 1 and 3')
    .default('1.1'),
  FEES_CU_FLOOR: z.coerce.number().int().min(0).max(1_400_000).default(1_000),
});
export type FeesConfig = z.infer<typeof FeesConfig>;
