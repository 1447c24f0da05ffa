// FRED API series observations for the FDIC national rates (SNDR, MMNDR, NDR*MCD), docs/upstreams.md §3a.
// The client, its terms, quota and odd shapes live in @toll/markets (shared with apps/macro). Primary for
// rates. The keyed API is the production path: the keyless fredgraph CSV is reported blocked for plain (non-browser)
// clients, so without DATA_FRED_API_KEY rates rest on a source that may refuse us; the client warns at start and
// health shows `fred_keyless_csv`.
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
    if (!this.enabled) {
      logger.event('warn', 'FRED runs keyless', {
        upstream: this.name,
        detail:
          'DATA_FRED_API_KEY is not set: rates come only from the keyless fredgraph CSV, which is reported ' +
          'blocked for plain clients; set the key in production',
      });
    }
  }
}
