import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { FundingConfig } from './config';

// The venues a funding read asks together, probed in the background at their API roots.
@Injectable()
export class FundingProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: FundingConfig) {
    const probe = (name: string, url: string, on: boolean) => probes.register(name, on ? httpProbe({ name, url, userAgent: config.FUNDING_USER_AGENT }) : null);
    probe('binance', config.FUNDING_BINANCE_BASE_URL, config.FUNDING_BINANCE_ENABLED);
    probe('bybit', config.FUNDING_BYBIT_BASE_URL, config.FUNDING_BYBIT_ENABLED);
    probe('okx', config.FUNDING_OKX_BASE_URL, config.FUNDING_OKX_ENABLED);
    probe('hyperliquid', config.FUNDING_HYPERLIQUID_BASE_URL, config.FUNDING_HYPERLIQUID_ENABLED);
  }
}
