import { BaseConfig } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

export const BridgeConfig = BaseConfig.extend({
  BRIDGE_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),
  // DefiLlama: TVL and hacks on api.llama.fi, bridge volumes on bridges.llama.fi (keyless; free with attribution).
  BRIDGE_DEFILLAMA_API_URL: z.url().default('https://api.llama.fi'),
  BRIDGE_DEFILLAMA_BRIDGES_URL: z.url().default('https://bridges.llama.fi'),
  BRIDGE_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(15_000).default(5_000),
});
export type BridgeConfig = z.infer<typeof BridgeConfig>;
