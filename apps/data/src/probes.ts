import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { DataConfig } from './config';
import { DataService } from './data.service';
import { FredClient } from './upstreams/fred.client';
import { PolygonClient } from './upstreams/polygon.client';

// Every provider behind the bundle's sections, probed in the background at their API roots. The bundle stays
// available while any of them answers, or while the cache still holds a fresh section to sell.
@Injectable()
export class DataProbes {
  constructor(
    probes: SourceProbes,
    @Inject(APP_CONFIG) config: DataConfig,
    data: DataService,
    fred: FredClient,
    polygon: PolygonClient,
  ) {
    probes.registerHttp(config.DATA_USER_AGENT, [
      { name: 'coingecko', url: config.DATA_COINGECKO_BASE_URL },
      { name: 'pyth', url: config.DATA_PYTH_BASE_URL },
      { name: 'nasdaq', url: config.DATA_NASDAQ_BASE_URL, enabled: config.DATA_NASDAQ_ENABLED },
      { name: 'polygon', url: config.DATA_POLYGON_BASE_URL, enabled: polygon.enabled },
      { name: 'fred', url: config.DATA_FRED_BASE_URL, enabled: fred.enabled },
      { name: 'fredgraph', url: config.DATA_FREDGRAPH_BASE_URL },
      { name: 'defillama', url: config.DATA_DEFILLAMA_BASE_URL },
      { name: 'jito', url: config.DATA_JITO_BASE_URL },
      { name: 'marinade', url: config.DATA_MARINADE_BASE_URL },
    ]);
    probes.servesFromCache('data.getBundle', () => data.hasFreshSection());
  }
}
