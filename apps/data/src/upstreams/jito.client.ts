// Jito stake pool stats (jitoSOL): https://kobe.mainnet.jito.network/api/v1/stake_pool_stats
// (docs/upstreams.md §3b; the old /api/v1/apy now answers 404). Staking fallback, keyless.
// Licence: Jito terms. Quota: fair use; we call at most once an hour, only when DefiLlama fails.
// Odd shapes: every metric is a time series [{data, date}] and the newest point is the last one;
// apy is a fraction (0.0557 = 5.57 %), not a percentage.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import type { StakingItem } from '../data.schemas';
import { decimalFromNumber, roundDecimal, shiftDecimal } from '@toll/markets';
import { clientOptions, unusable } from './client-options';

const Stats = z.object({ apy: z.array(z.object({ data: z.number(), date: z.string() })) });

@Injectable()
export class JitoClient {
  readonly name = 'jito';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_JITO_BASE_URL],
      timeoutMs: 5_000,
      ...clientOptions(config, logger),
    });
  }

  async jitoSol(deadline: number): Promise<StakingItem> {
    const body = await this.api.getJson('/api/v1/stake_pool_stats', {}, Stats, { deadline });
    const latest = body.apy.at(-1);
    if (!latest || latest.data <= 0) throw unusable(this.name, 'no APY in the stake pool stats');
    return {
      asset: 'jitoSOL',
      chain: 'Solana',
      project: 'jito-liquid-staking',
      apy: roundDecimal(shiftDecimal(decimalFromNumber(latest.data), 2), 4),
      source: 'jito',
    };
  }
}
