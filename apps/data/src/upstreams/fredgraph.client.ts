// FRED graph CSV download, keyless (docs/upstreams.md §3a, §15 fallback for rates): the same FDIC series
// and attribution as the FRED API. The client, its limits and odd shapes live in @toll/markets.
import { Inject, Injectable } from '@nestjs/common';
import { FredGraph } from '@toll/markets';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import type { DataConfig } from '../config';
import { clientOptions } from './client-options';

@Injectable()
export class FredgraphClient extends FredGraph {
  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    super({ baseUrl: config.DATA_FREDGRAPH_BASE_URL, timeoutMs: 8_000, ...clientOptions(config, logger) });
  }
}
