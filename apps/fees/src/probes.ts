import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { FeesConfig } from './config';

// The Solana RPC endpoints, probed in the background at their roots: up while any of them answers.
@Injectable()
export class FeesProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: FeesConfig) {
    probes.registerHttp(config.FEES_USER_AGENT, [{ name: 'solana-rpc', url: config.FEES_RPC_URLS }]);
  }
}
