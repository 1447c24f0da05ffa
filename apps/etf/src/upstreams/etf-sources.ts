// The ETF distribution sources shared with apps/data through @toll/markets (terms, shapes and Nasdaq's
// browser-like headers are described there): Nasdaq first, Massive (keyed) as the fallback.
import { Inject, Injectable } from '@nestjs/common';
import { NASDAQ_BROWSER_USER_AGENT, NasdaqEtfSource, PolygonEtfSource } from '@toll/markets';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import type { EtfConfig } from '../config';

// Full histories: Nasdaq's default answer is a short recent list; Massive pages at 1,000.
const MAX_ROWS = 1_000;

@Injectable()
export class NasdaqClient extends NasdaqEtfSource {
  constructor(@Inject(APP_CONFIG) config: EtfConfig, @Inject(JsonLogger) logger: JsonLogger) {
    super({
      enabled: config.ETF_NASDAQ_ENABLED,
      baseUrl: config.ETF_NASDAQ_BASE_URL,
      timeoutMs: config.ETF_NASDAQ_TIMEOUT_MS,
      userAgent: NASDAQ_BROWSER_USER_AGENT,
      maxRows: MAX_ROWS,
      log: upstreamLog(logger),
    });
  }
}

@Injectable()
export class PolygonClient extends PolygonEtfSource {
  constructor(@Inject(APP_CONFIG) config: EtfConfig, @Inject(JsonLogger) logger: JsonLogger) {
    super({
      enabled: true,
      apiKey: config.ETF_POLYGON_API_KEY,
      baseUrl: config.ETF_POLYGON_BASE_URL,
      timeoutMs: config.ETF_POLYGON_TIMEOUT_MS,
      ratePerMinute: config.ETF_POLYGON_RATE_PER_MINUTE,
      userAgent: config.ETF_USER_AGENT,
      maxRows: MAX_ROWS,
      log: upstreamLog(logger),
    });
  }
}
