// DefiLlama Yields pools: https://yields.llama.fi/pools (https://defillama.com/docs/api, docs/upstreams.md §3b).
// Primary for staking yields. Licence: free, attribution appreciated; DefiLlama's SDK now lists "Yields"
// under Pro (pro-api.llama.fi/yields/*) while yields.llama.fi stays keyless, hence the protocol fallbacks.
// Quota: fair use (about 300/min reported); updated about hourly, we call at most once an hour.
// Odd shapes: one ~10 MB answer with every pool; apy is already in percent and null for some pools;
// failures can come as {status:"error"} on a 200. Rows are checked one by one so a single odd pool
// cannot sink the rest.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import type { StakingItem } from '../data.schemas';
import { decimalFromNumber, roundDecimal } from '@toll/markets';
import type { StakingAsset } from '../reference-data';
import { clientOptions, unusable } from './client-options';

const Pools = z.object({ status: z.literal('success'), data: z.array(z.unknown()) });
const Pool = z.object({
  chain: z.string(),
  project: z.string(),
  symbol: z.string(),
  apy: z.number().nullable(),
  tvlUsd: z.number().nullable(),
});
type Pool = z.infer<typeof Pool>;

@Injectable()
export class DefillamaClient {
  readonly name = 'defillama';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_DEFILLAMA_BASE_URL],
      timeoutMs: 15_000, // the full pool list is about 10 MB
      ...clientOptions(config, logger),
    });
  }

  async stakingYields(assets: readonly StakingAsset[], deadline: number): Promise<StakingItem[]> {
    const body = await this.api.getJson('/pools', {}, Pools, { deadline });
    const projects = new Set(assets.map((a) => a.project));
    const pools = body.data.flatMap((row): Pool[] => {
      const pool = Pool.safeParse(row);
      return pool.success && projects.has(pool.data.project) && pool.data.apy !== null ? [pool.data] : [];
    });
    const items = assets.flatMap((asset): StakingItem[] => {
      // A project can list the token on several chains; the largest pool on the asset's home chain speaks for it.
      const best = pools
        .filter(
          (p) => p.project === asset.project && p.chain === asset.chain && p.symbol.toUpperCase() === asset.poolSymbol,
        )
        .sort((a, b) => (b.tvlUsd ?? 0) - (a.tvlUsd ?? 0))[0];
      if (!best || best.apy === null) return [];
      return [
        {
          asset: asset.asset,
          chain: asset.chain,
          project: asset.project,
          apy: roundDecimal(decimalFromNumber(best.apy), 4),
          source: 'defillama',
        },
      ];
    });
    if (items.length === 0) throw unusable(this.name, 'none of the curated staking pools is listed');
    return items;
  }
}
