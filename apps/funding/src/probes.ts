import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { FundingConfig } from './config';

// The venues a funding read asks together, probed in the background at their API roots.
@Injectable()
export class FundingProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: FundingConfig) {
    probes.registerHttp(config.FUNDING_USER_AGENT, [
      { name: 'binance', url: config.FUNDING_BINANCE_BASE_URL, enabled: config.FUNDING_BINANCE_ENABLED },
      { name: 'bybit', url: config.FUNDING_BYBIT_BASE_URL, enabled: config.FUNDING_BYBIT_ENABLED },
      { name: 'okx', url: config.FUNDING_OKX_BASE_URL, enabled: config.FUNDING_OKX_ENABLED },
      { name: 'hyperliquid', url: config.FUNDING_HYPERLIQUID_BASE_URL, enabled: config.FUNDING_HYPERLIQUID_ENABLED },
    ]);
  }
}
