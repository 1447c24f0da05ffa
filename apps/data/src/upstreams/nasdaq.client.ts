// Nasdaq quote API (unofficial website back-end), shared with the etf group through @toll/markets, where its
// terms, odd shapes and browser-like headers are described. Behind DATA_NASDAQ_ENABLED, with Massive
// (DATA_POLYGON_API_KEY) as the fallback.
import { Inject, Injectable } from '@nestjs/common';
import { NASDAQ_BROWSER_USER_AGENT, NasdaqEtfSource } from '@toll/markets';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import type { DataConfig } from '../config';
import { clientOptions } from './client-options';

@Injectable()
export class NasdaqClient extends NasdaqEtfSource {
  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    const { log } = clientOptions(config, logger);
    // A hang (the reported failure mode) costs at most this, leaving time for the Massive fallback.
    super({
      enabled: config.DATA_NASDAQ_ENABLED,
      baseUrl: config.DATA_NASDAQ_BASE_URL,
      timeoutMs: 4_000,
      userAgent: NASDAQ_BROWSER_USER_AGENT,
      log,
    });
  }
}
