import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@toll/platform';
import type { PaymentsConfig } from './config';

export interface SolQuote {
  solUsd: string;
  source: string;
  asOf: string;
}

// The SOL/USD rate used to quote lamports. Until a live price feed exists, only a configured fixed rate
// is used (named as such in every challenge); with neither, challenges offer USDC only.
@Injectable()
export class SolPriceService {
  constructor(@Inject(APP_CONFIG) private readonly config: PaymentsConfig) {}

  current(): SolQuote | null {
    const fixed = this.config.PAYMENTS_SOL_USD_FIXED;
    return fixed ? { solUsd: fixed, source: 'fixed-rate (PAYMENTS_SOL_USD_FIXED)', asOf: new Date().toISOString() } : null;
  }
}
