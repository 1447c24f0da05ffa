import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { EtfConfig } from './config';
import { NasdaqClient, PolygonClient } from './upstreams/etf-sources';

// The distribution providers, probed in the background at their API roots.
@Injectable()
export class EtfProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: EtfConfig, nasdaq: NasdaqClient, polygon: PolygonClient) {
    const probe = (name: string, url: string, on: boolean) => probes.register(name, on ? httpProbe({ name, url, userAgent: config.ETF_USER_AGENT }) : null);
    probe('nasdaq', config.ETF_NASDAQ_BASE_URL, nasdaq.enabled);
    probe('polygon', config.ETF_POLYGON_BASE_URL, polygon.enabled);
  }
}
