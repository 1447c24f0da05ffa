// openFDA enforcement reports (https://open.fda.gov/apis/food/enforcement/, …/drug/…, …/device/…; upstreams.md §14e).
// Keyless (240 requests/min and 1,000/day per IP) or a free key (120,000/day), sent as `api_key`.
// Licence: CC0; openFDA's disclaimer asks that the data not be relied on for medical decisions or official alerts.
// Odd shapes: a search with no match is HTTP 404 with {error: {code: "NOT_FOUND", message: "No matches found!"}},
// which is an empty result here; dates are YYYYMMDD strings; `more_code_info` and `openfda` vary by dataset.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { RecallsConfig } from '../config';
import type { Recall } from '../recalls.schemas';

export type FdaDataset = 'food' | 'drug' | 'device';

export interface FdaFilter {
  q: string;
  from?: string; // YYYY-MM-DD
  to?: string;
  classification?: 'class-i' | 'class-ii' | 'class-iii';
  limit: number;
}

export interface RecallPage {
  total: number;
  recalls: Recall[];
}

const Text = z.string().optional();
const Enforcement = z.object({
  recall_number: z.string(),
  status: Text,
  classification: Text,
  recalling_firm: Text,
  city: Text,
  state: Text,
  country: Text,
  distribution_pattern: Text,
  product_description: z.string(),
  product_quantity: Text,
  code_info: Text,
  reason_for_recall: Text,
  recall_initiation_date: Text,
  report_date: Text,
  termination_date: Text,
});
const Page = z.object({
  meta: z.object({ results: z.object({ total: z.number().int() }) }),
  results: z.array(Enforcement),
});

const CLASS = { 'class-i': 'Class I', 'class-ii': 'Class II', 'class-iii': 'Class III' } as const;
const TITLE_MAX = 200;
const day = (yyyymmdd: string | undefined) =>
  yyyymmdd && /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}` : null;
const compactDay = (iso: string) => iso.replace(/-/g, '');
const orNull = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

@Injectable()
export class OpenFdaClient {
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) private readonly config: RecallsConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    this.api = createUpstream({
      name: 'openfda',
      baseUrls: [config.RECALLS_OPENFDA_URL],
      timeoutMs: config.RECALLS_OPENFDA_TIMEOUT_MS,
      userAgent: config.RECALLS_USER_AGENT,
      governor: { ratePerSecond: config.RECALLS_OPENFDA_RATE_PER_SECOND, burst: 3 },
      log: upstreamLog(logger),
    });
  }

  // The newest enforcement reports of one dataset whose reason, product or firm holds the phrase.
  async search(dataset: FdaDataset, filter: FdaFilter, deadline: number): Promise<RecallPage> {
    const phrase = `"${filter.q}"`;
    const clauses = [`(reason_for_recall:${phrase} OR product_description:${phrase} OR recalling_firm:${phrase})`];
    if (filter.from || filter.to)
      clauses.push(
        `report_date:[${filter.from ? compactDay(filter.from) : '19000101'} TO ` +
          `${filter.to ? compactDay(filter.to) : '29991231'}]`,
      );
    if (filter.classification) clauses.push(`classification:"${CLASS[filter.classification]}"`);
    const query = {
      search: clauses.join(' AND '),
      sort: 'report_date:desc',
      limit: filter.limit,
      api_key: this.config.RECALLS_OPENFDA_API_KEY,
    };
    try {
      const page = await this.api.getJson(`/${dataset}/enforcement.json`, query, Page, { deadline });
      return { total: page.meta.results.total, recalls: page.results.map((r) => this.recall(dataset, r)) };
    } catch (e) {
      // openFDA's "No matches found!" is an answer: nothing matched.
      if (e instanceof TollError && e.details?.status === 404) return { total: 0, recalls: [] };
      throw e;
    }
  }

  private recall(dataset: FdaDataset, r: z.infer<typeof Enforcement>): Recall {
    const description = r.product_description.replace(/\s+/g, ' ').trim();
    const place = [r.city, r.state, r.country].map(orNull).filter(Boolean).join(', ');
    return {
      id: `openfda:${r.recall_number}`,
      source: 'openfda',
      source_id: r.recall_number,
      category: dataset,
      title: description.length > TITLE_MAX ? `${description.slice(0, TITLE_MAX - 1)}…` : description,
      reason: orNull(r.reason_for_recall),
      // FDA enforcement reports state the hazard as the reason for the recall.
      hazard: orNull(r.reason_for_recall),
      classification: orNull(r.classification),
      firm: orNull(r.recalling_firm) && (place ? `${r.recalling_firm!.trim()} (${place})` : r.recalling_firm!.trim()),
      products: [
        description,
        ...(orNull(r.code_info) ? [`Codes: ${r.code_info!.trim()}`] : []),
        ...(orNull(r.product_quantity) ? [`Quantity: ${r.product_quantity!.trim()}`] : []),
      ],
      dates: {
        initiated: day(r.recall_initiation_date),
        reported: day(r.report_date),
        terminated: day(r.termination_date),
      },
      distribution: orNull(r.distribution_pattern),
      status: orNull(r.status),
      remedy: null,
      link:
        `https://api.fda.gov/${dataset}/enforcement.json?search=recall_number:%22` +
        `${encodeURIComponent(r.recall_number)}%22`,
    };
  }
}
