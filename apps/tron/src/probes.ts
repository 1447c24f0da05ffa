import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { TronConfig } from './config';

// The TRON full nodes, probed in the background at their roots: up while any of them answers.
@Injectable()
export class TronProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: TronConfig) {
    probes.register('tron-node', httpProbe({ name: 'tron-node', url: config.TRON_NODE_URLS, userAgent: config.TRON_USER_AGENT, headers: config.TRON_TRONGRID_API_KEY ? { 'TRON-PRO-API-KEY': config.TRON_TRONGRID_API_KEY } : undefined }));
  }
}
