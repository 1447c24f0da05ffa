import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { TronConfig } from './config';

// The TRON full nodes, probed in the background at their roots: up while any of them answers.
@Injectable()
export class TronProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: TronConfig) {
    probes.registerHttp(config.TRON_USER_AGENT, [
      {
        name: 'tron-node',
        url: config.TRON_NODE_URLS,
        headers: config.TRON_TRONGRID_API_KEY ? { 'TRON-PRO-API-KEY': config.TRON_TRONGRID_API_KEY } : undefined,
      },
    ]);
  }
}
