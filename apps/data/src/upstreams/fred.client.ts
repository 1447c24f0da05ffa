// FRED API series observations for the FDIC national rates (SNDR, MMNDR, NDR*MCD), docs/upstreams.md §3a.
// The client, its terms, quota and odd shapes live in @toll/markets (shared with apps/macro). Primary for
// rates; without DATA_FRED_API_KEY the keyless fredgraph CSV serves instead.
import { Inject, Injectable } from '@nestjs/common';
import { FredApi, fredGovernor } from '@toll/markets';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import type { DataConfig } from '../config';
import { clientOptions } from './client-options';

@Injectable()
export class FredClient extends FredApi {
  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    super({
      baseUrl: config.DATA_FRED_BASE_URL,
      apiKey: config.DATA_FRED_API_KEY,
      timeoutMs: 6_000,
      governor: fredGovernor({}), // per process: 100/min with room for one refresh burst
      ...clientOptions(config, logger),
    });
  }
}
