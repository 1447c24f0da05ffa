import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { TokensConfig } from './config';

// The Solana RPC endpoints, probed in the background at their roots: up while any of them answers.
@Injectable()
export class TokensProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: TokensConfig) {
    probes.registerHttp(config.TOKENS_USER_AGENT, [{ name: 'solana-rpc', url: config.TOKENS_RPC_URLS }]);
  }
}
