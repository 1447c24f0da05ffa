// USPTO Open Data Portal bulk datasets — https://data.uspto.gov/apis/bulk-data (docs/upstreams.md §14g).
// US Government work, public domain. Free API key in the X-API-KEY header. Product "Trademark Daily XML –
// Applications" (TRTDXFAP, configurable): one ZIP a day. GET /api/v1/datasets/products/{product}?fileDataFromDate=&
// fileDataToDate= answers { count, bulkDataProductBag: [{ productIdentifier, productTitleText, productFileBag:
// { count, fileDataBag: [{ fileName, fileSize, fileDataFromDate, fileDataToDate, fileDownloadURI, … }] } }] };
// fileDownloadURI (on the same API host) redirects to a signed download, which fetch follows.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, replayActive, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { TrademarksConfig } from '../config';

// One listing and a few downloads a day; one request every 2 s is plenty.
const RATE_PER_SECOND = 0.5;

const FileData = z.object({
  fileName: z.string().min(1),
  fileSize: z.number().int().nonnegative().optional(),
  fileDataFromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  fileDownloadURI: z.url(),
});
const Product = z.object({
  bulkDataProductBag: z.array(
    z.object({
      productIdentifier: z.string(),
      productFileBag: z.object({ fileDataBag: z.array(FileData) }).optional(),
    }),
  ),
});

export interface DailyFile {
  name: string;
  date: string; // YYYY-MM-DD
  uri: string;
}

@Injectable()
export class OdpClient {
  readonly id = 'odp-bulk';
  readonly baseUrl: string;
  readonly configured: boolean;
  readonly product: string;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: TrademarksConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.baseUrl = config.TRADEMARKS_ODP_BASE_URL;
    // Replay mode answers from fixtures, so a demo needs no key.
    this.configured = Boolean(config.TRADEMARKS_ODP_API_KEY) || replayActive();
    this.product = config.TRADEMARKS_ODP_PRODUCT;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.TRADEMARKS_ODP_TIMEOUT_MS,
      userAgent: config.TRADEMARKS_USER_AGENT,
      headers: config.TRADEMARKS_ODP_API_KEY ? { 'x-api-key': config.TRADEMARKS_ODP_API_KEY } : {},
      governor: { ratePerSecond: RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  // The daily ZIP files published for dates in [from, to], oldest first.
  async dailyFiles(from: string, to: string, deadline: number): Promise<DailyFile[]> {
    const body = await this.api.getJson(
      `api/v1/datasets/products/${this.product}`,
      { fileDataFromDate: from, fileDataToDate: to },
      Product,
      { deadline },
    );
    return body.bulkDataProductBag
      .flatMap((p) => p.productFileBag?.fileDataBag ?? [])
      .filter((f) => /\.zip$/i.test(f.fileName))
      .map((f) => ({ name: f.fileName, date: f.fileDataFromDate.slice(0, 10), uri: f.fileDownloadURI }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  }

  // Downloads through the configured API host (the listed URI's path), so a test or proxy host applies here too.
  download(file: DailyFile, deadline: number): Promise<Buffer> {
    return this.api.getBytes(new URL(file.uri).pathname, {}, { deadline });
  }
}
