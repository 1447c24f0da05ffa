// Massive (formerly Polygon.io) dividends and previous close, shared with the etf group through
// @toll/markets, where its terms and shapes are described. Off unless DATA_POLYGON_API_KEY is set.
import { Inject, Injectable } from '@nestjs/common';
import { PolygonEtfSource } from '@toll/markets';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import type { DataConfig } from '../config';
import { clientOptions } from './client-options';

@Injectable()
export class PolygonClient extends PolygonEtfSource {
  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    super({
      enabled: true,
      apiKey: config.DATA_POLYGON_API_KEY,
      baseUrl: config.DATA_POLYGON_BASE_URL,
      timeoutMs: 6_000,
      ...clientOptions(config, logger),
    });
  }
}
