// FINRA consolidated short interest files — https://cdn.finra.org/equity/otcmarket/biweekly/shrt{YYYYMMDD}.csv
// (docs/upstreams.md §5; format in ../short-file.ts). Keyless, one file (about 2 MB) per settlement date.
// Terms: "Source: FINRA"; finra.org terms restrict reproducing or redistributing FINRA content, so we answer
// with per-ticker figures and a derived top-20, never the raw file (legal check before production).
// Odd shapes: a date without a file answers 403 or 404 (not yet published, or not a settlement date).
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import type { ShortConfig } from '../config';

@Injectable()
export class FinraClient {
  readonly baseUrl: string;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: ShortConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.baseUrl = config.SHORT_FINRA_BASE_URL;
    this.api = createUpstream({
      name: 'finra',
      baseUrls: [this.baseUrl],
      timeoutMs: config.SHORT_FINRA_TIMEOUT_MS,
      userAgent: config.SHORT_USER_AGENT,
      governor: { ratePerSecond: config.SHORT_FINRA_RATE_PER_SECOND, burst: 4 },
      log: upstreamLog(logger),
    });
  }

  fileUrl(settlementDate: string): string {
    return `${this.baseUrl}${this.path(settlementDate)}`;
  }

  // The file's text, or null when FINRA has none for that date (yet).
  async file(settlementDate: string, deadline: number): Promise<string | null> {
    try {
      return await this.api.getText(
        this.path(settlementDate),
        {},
        { deadline, headers: { accept: 'text/plain, text/csv, */*' } },
      );
    } catch (e) {
      if (e instanceof TollError && [403, 404].includes(e.details?.status as number)) return null;
      throw e;
    }
  }

  private path(settlementDate: string) {
    return `/equity/otcmarket/biweekly/shrt${settlementDate.replace(/-/g, '')}.csv`;
  }
}
