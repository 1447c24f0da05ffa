import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { MacroConfig } from './config';
import { FredClient } from './upstreams/fred.client';

// FRED (the keyed API, when configured, and the keyless CSV) and the Census geocoder, probed at their roots.
@Injectable()
export class MacroProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: MacroConfig, fred: FredClient) {
    const probe = (name: string, url: string, on = true) => probes.register(name, on ? httpProbe({ name, url, userAgent: config.MACRO_USER_AGENT }) : null);
    probe('fred', config.MACRO_FRED_BASE_URL, fred.enabled);
    probe('fred-csv', config.MACRO_FREDGRAPH_BASE_URL);
    probe('census', config.MACRO_CENSUS_BASE_URL);
  }
}
