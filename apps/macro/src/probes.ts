import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { MacroConfig } from './config';
import { FredClient } from './upstreams/fred.client';

// FRED (the keyed API, when configured, and the keyless CSV) and the Census geocoder, probed at their roots.
@Injectable()
export class MacroProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: MacroConfig, fred: FredClient) {
    probes.registerHttp(config.MACRO_USER_AGENT, [
      { name: 'fred', url: config.MACRO_FRED_BASE_URL, enabled: fred.enabled },
      { name: 'fred-csv', url: config.MACRO_FREDGRAPH_BASE_URL },
      { name: 'census', url: config.MACRO_CENSUS_BASE_URL },
    ]);
  }
}
