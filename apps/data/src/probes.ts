import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { DataConfig } from './config';
import { DataService } from './data.service';
import { FredClient } from './upstreams/fred.client';
import { PolygonClient } from './upstreams/polygon.client';

// Every provider behind the bundle's sections, probed in the background at their API roots. The bundle stays
// available while any of them answers, or while the cache still holds a fresh section to sell.
@Injectable()
export class DataProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: DataConfig, data: DataService, fred: FredClient, polygon: PolygonClient) {
    const probe = (name: string, url: string, on = true) => probes.register(name, on ? httpProbe({ name, url, userAgent: config.DATA_USER_AGENT }) : null);
    probe('coingecko', config.DATA_COINGECKO_BASE_URL);
    probe('pyth', config.DATA_PYTH_BASE_URL);
    probe('nasdaq', config.DATA_NASDAQ_BASE_URL, config.DATA_NASDAQ_ENABLED);
    probe('polygon', config.DATA_POLYGON_BASE_URL, polygon.enabled);
    probe('fred', config.DATA_FRED_BASE_URL, fred.enabled);
    probe('fredgraph', config.DATA_FREDGRAPH_BASE_URL);
    probe('defillama', config.DATA_DEFILLAMA_BASE_URL);
    probe('jito', config.DATA_JITO_BASE_URL);
    probe('marinade', config.DATA_MARINADE_BASE_URL);
    probes.servesFromCache('data.getBundle', () => data.hasFreshSection());
  }
}
