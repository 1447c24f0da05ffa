import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { EtfConfig } from './config';
import { NasdaqClient, PolygonClient } from './upstreams/etf-sources';

// The distribution providers, probed in the background at their API roots.
@Injectable()
export class EtfProbes {
  constructor(
    probes: SourceProbes,
    @Inject(APP_CONFIG) config: EtfConfig,
    nasdaq: NasdaqClient,
    polygon: PolygonClient,
  ) {
    probes.registerHttp(config.ETF_USER_AGENT, [
      { name: 'nasdaq', url: config.ETF_NASDAQ_BASE_URL, enabled: nasdaq.enabled },
      { name: 'polygon', url: config.ETF_POLYGON_BASE_URL, enabled: polygon.enabled },
    ]);
  }
}
