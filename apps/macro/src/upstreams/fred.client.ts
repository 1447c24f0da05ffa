// FRED through the shared @toll/markets client (terms, quota and odd shapes are described there): the API
// when a key is configured, behind the FRED governor shared by replicas; the keyless CSV as the fallback.
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { FredApi, FredGraph, fredGovernor } from '@toll/markets';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { SharedRateGovernor, type Governor } from '@toll/upstream';
import type { MacroConfig } from '../config';

@Injectable()
export class FredClient extends FredApi implements OnModuleDestroy {
  readonly governor: Governor;

  constructor(@Inject(APP_CONFIG) config: MacroConfig, @Inject(JsonLogger) logger: JsonLogger) {
    const governor = fredGovernor({
      databaseUrl: config.FRED_GOVERNOR_DATABASE_URL,
      log: (event, fields) => logger.event('warn', event, fields),
    });
    super({
      baseUrl: config.MACRO_FRED_BASE_URL,
      apiKey: config.MACRO_FRED_API_KEY,
      timeoutMs: config.MACRO_FRED_TIMEOUT_MS,
      userAgent: config.MACRO_USER_AGENT,
      governor,
      log: upstreamLog(logger),
    });
    this.governor = governor;
  }

  async onModuleDestroy() {
    if (this.governor instanceof SharedRateGovernor) await this.governor.close();
  }
}

@Injectable()
export class FredgraphClient extends FredGraph {
  constructor(@Inject(APP_CONFIG) config: MacroConfig, @Inject(JsonLogger) logger: JsonLogger) {
    super({
      baseUrl: config.MACRO_FREDGRAPH_BASE_URL,
      timeoutMs: config.MACRO_FRED_TIMEOUT_MS,
      userAgent: config.MACRO_USER_AGENT,
      log: upstreamLog(logger),
    });
  }
}
