// Marinade mSOL APY: https://api.marinade.finance/msol/apy/1y (also 7d, 30d; docs/upstreams.md §3b).
// Staking fallback, keyless. Licence: Marinade terms. Quota: fair use; at most once an hour, only when
// DefiLlama fails. Odd shapes: value is a fraction (0.0678 = 6.78 %), measured from the mSOL price change
// between start_time and end_time.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import type { StakingItem } from '../data.schemas';
import { decimalFromNumber, roundDecimal, shiftDecimal } from '@toll/markets';
import { clientOptions, unusable } from './client-options';

const Apy = z.object({ value: z.number() });

@Injectable()
export class MarinadeClient {
  readonly name = 'marinade';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_MARINADE_BASE_URL],
      timeoutMs: 5_000,
      ...clientOptions(config, logger),
    });
  }

  async mSol(deadline: number): Promise<StakingItem> {
    const body = await this.api.getJson('/msol/apy/1y', {}, Apy, { deadline });
    if (body.value <= 0) throw unusable(this.name, 'no APY');
    return {
      asset: 'mSOL',
      chain: 'Solana',
      project: 'marinade-liquid-staking',
      apy: roundDecimal(shiftDecimal(decimalFromNumber(body.value), 2), 4),
      source: 'marinade',
    };
  }
}
