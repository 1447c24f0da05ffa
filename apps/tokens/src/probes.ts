import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { TokensConfig } from './config';

// The Solana RPC endpoints, probed in the background at their roots: up while any of them answers.
@Injectable()
export class TokensProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: TokensConfig) {
    probes.register('solana-rpc', httpProbe({ name: 'solana-rpc', url: config.TOKENS_RPC_URLS, userAgent: config.TOKENS_USER_AGENT }));
  }
}
