import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { RpcConfig } from './config';

// The Solana RPC endpoints, probed in the background at their roots: up while any of them answers.
@Injectable()
export class RpcProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: RpcConfig) {
    probes.registerHttp(config.RPC_USER_AGENT, [{ name: 'solana-rpc', url: config.RPC_UPSTREAM_URLS }]);
  }
}
