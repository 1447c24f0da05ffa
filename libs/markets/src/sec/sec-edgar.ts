// SEC EDGAR: the ticker map (www.sec.gov/files/company_tickers.json), submissions and XBRL company facts
// (data.sec.gov), docs/upstreams.md §4. US Government work, public domain, keyless.
// Fair access: a User-Agent naming the company and a contact email is mandatory (undeclared tools are
// blocked), and at most 10 requests/s per user across ALL machines; going over blocks the IP for about
// 10 minutes. Every group that calls SEC must therefore use this client with one SharedRateGovernor
// (key "sec.gov"), and cache hard: ticker map 24 h (stale 7 d), submissions 1 h (24 h), facts 24 h (7 d).
// Odd shapes: the ticker map is an object keyed "0", "1", …; submissions keep recent filings as parallel
// arrays, newest first, with "" for a missing report date; a CIK without XBRL data answers 404 for facts.
// Retry and timeout policy (the one for every SEC caller; sources: SEC "Accessing EDGAR Data",
// https://www.sec.gov/os/accessing-edgar-data, and the retry list in @toll/upstream):
// - each attempt gets SEC_TIMEOUT_MS, never more than what is left of the caller's deadline;
// - at most 2 attempts, the second only after 429/500/502/503/504 or a network failure (connection reset or
//   refused, DNS): those say nothing about the request and a second try a moment later often answers;
// - never retried: 403 (SEC's "undeclared automated tool" / request-rate block: another request only extends
//   the ~10-minute block), 404 (no such filer or no XBRL data: NOT_FOUND), any other 4xx (our request is wrong),
//   and a body that fails its schema (the same body would come back);
// - every attempt, first or second, takes a token from the shared "sec.gov" governor first.
import { TollError } from '@toll/contracts';
import {
  createUpstream,
  RateGovernor,
  SharedRateGovernor,
  SwrCache,
  type Cached,
  type CachePolicy,
  type Governor,
  type Upstream,
} from '@toll/upstream';
import { z } from 'zod';
import { filingDocumentUrl, filingIndexUrl, padCik } from './archive';
import { extractFundamentals, type Fundamentals } from './fundamentals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const SEC_CACHE = {
  tickers: { freshMs: DAY, staleMs: 7 * DAY },
  submissions: { freshMs: HOUR, staleMs: DAY },
  facts: { freshMs: DAY, staleMs: 7 * DAY },
} satisfies Record<string, CachePolicy>;
// The whole fair-access budget is 10/s; keep headroom for clock jitter between replicas.
export const SEC_RATE_PER_SECOND = 8;

// The governor every SEC caller must use: shared through Postgres under the key "sec.gov" when a database
// is configured, else a per-process bucket at the fallback rate (said so in each group's health).
export function secGovernor(options: {
  databaseUrl?: string;
  ratePerSecond: number;
  fallbackRatePerSecond: number;
  log?: (event: string, fields: Record<string, unknown>) => void;
}): SharedRateGovernor | RateGovernor {
  const fallback = { ratePerSecond: options.fallbackRatePerSecond, burst: 1 };
  if (!options.databaseUrl) return new RateGovernor(fallback);
  return new SharedRateGovernor({
    databaseUrl: options.databaseUrl,
    key: 'sec.gov',
    ratePerSecond: options.ratePerSecond,
    fallback,
    log: options.log,
  });
}

const TickerMap = z.record(
  z.string(),
  z.object({ cik_str: z.number().int().positive(), ticker: z.string(), title: z.string() }),
);

const Recent = z.object({
  accessionNumber: z.array(z.string()),
  filingDate: z.array(z.string()),
  reportDate: z.array(z.string()),
  form: z.array(z.string()),
  primaryDocument: z.array(z.string()),
  primaryDocDescription: z.array(z.string()),
});
const Submissions = z.object({
  cik: z.union([z.string(), z.number()]),
  name: z.string(),
  filings: z.object({ recent: Recent }),
});

const Fact = z.object({
  start: z.string().optional(),
  end: z.string(),
  val: z.number(),
  accn: z.string(),
  fy: z.number().int().nullable().optional(),
  fp: z.string().nullable().optional(),
  form: z.string(),
  filed: z.string(),
});
export type Fact = z.infer<typeof Fact>;
const Concept = z.object({ units: z.record(z.string(), z.array(Fact)) });
// companyfacts and frames carry the CIK as a number for most filers and as a zero-padded string
// ("0001046179") for others, foreign filers among them: both read as the number.
const CikField = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
]);
export const CompanyFacts = z.object({
  cik: CikField,
  entityName: z.string(),
  facts: z.record(z.string(), z.record(z.string(), Concept)),
});
export type CompanyFacts = z.infer<typeof CompanyFacts>;

const Address = z
  .object({
    street1: z.string().nullable().optional(),
    street2: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    stateOrCountry: z.string().nullable().optional(),
    zipCode: z.string().nullable().optional(),
    stateOrCountryDescription: z.string().nullable().optional(),
  })
  .nullable()
  .optional();
const Profile = z.object({
  cik: z.union([z.string(), z.number()]),
  name: z.string(),
  entityType: z.string().nullable().optional(),
  sic: z.string().nullable().optional(),
  sicDescription: z.string().nullable().optional(),
  tickers: z.array(z.string()).default([]),
  exchanges: z.array(z.string().nullable()).default([]),
  ein: z.string().nullable().optional(),
  lei: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
  fiscalYearEnd: z.string().nullable().optional(),
  stateOfIncorporation: z.string().nullable().optional(),
  stateOfIncorporationDescription: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  addresses: z.object({ mailing: Address, business: Address }).partial().default({}),
  formerNames: z
    .array(z.object({ name: z.string(), from: z.string().nullable().optional(), to: z.string().nullable().optional() }))
    .default([]),
});

export interface EntityAddress {
  lines: string[];
  city: string | null;
  region: string | null; // state code, or SEC's country code for a foreign address
  postal_code: string | null;
  region_description: string | null;
}

export interface EntityProfile {
  cik: number;
  name: string;
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  tickers: string[];
  exchanges: Array<string | null>;
  ein: string | null;
  lei: string | null;
  description: string | null;
  website: string | null;
  category: string | null;
  fiscalYearEnd: string | null; // MMDD
  stateOfIncorporation: string | null;
  stateOfIncorporationDescription: string | null;
  phone: string | null;
  business: EntityAddress | null;
  mailing: EntityAddress | null;
  formerNames: Array<{ name: string; from: string | null; to: string | null }>;
}

// SEC writes "" for many absent fields: read them as null.
const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const toAddress = (a: z.infer<typeof Address>): EntityAddress | null =>
  a && (a.street1 || a.city)
    ? {
        lines: [a.street1, a.street2].map(orNull).filter((l): l is string => l !== null),
        city: orNull(a.city),
        region: orNull(a.stateOrCountry),
        postal_code: orNull(a.zipCode),
        region_description: orNull(a.stateOrCountryDescription),
      }
    : null;
const toProfile = (cik: number, b: z.infer<typeof Profile>): EntityProfile => ({
  cik,
  name: b.name,
  entityType: orNull(b.entityType),
  sic: orNull(b.sic),
  sicDescription: orNull(b.sicDescription),
  tickers: b.tickers,
  exchanges: b.exchanges,
  ein: orNull(b.ein),
  lei: orNull(b.lei),
  description: orNull(b.description),
  website: orNull(b.website),
  category: orNull(b.category),
  fiscalYearEnd: orNull(b.fiscalYearEnd),
  stateOfIncorporation: orNull(b.stateOfIncorporation),
  stateOfIncorporationDescription: orNull(b.stateOfIncorporationDescription),
  phone: orNull(b.phone),
  business: toAddress(b.addresses.business),
  mailing: toAddress(b.addresses.mailing),
  formerNames: b.formerNames.map((f) => ({ name: f.name, from: f.from ?? null, to: f.to ?? null })),
});

const Frame = z.object({
  data: z.array(
    z.object({ accn: z.string(), cik: CikField, entityName: z.string(), end: z.string(), val: z.number() }),
  ),
});
export type FrameRow = z.infer<typeof Frame>['data'][number];

export interface Company {
  cik: number;
  ticker: string; // as SEC spells it
  name: string;
}

export interface Filing {
  form: string;
  filingDate: string;
  reportDate: string | null;
  accessionNumber: string;
  primaryDocument: string;
  description: string | null;
  url: string;
  indexUrl: string;
}

export interface SecEdgarOptions {
  userAgent: string; // "Company Name contact@example.com", as SEC asks
  wwwBaseUrl: string; // https://www.sec.gov
  dataBaseUrl: string; // https://data.sec.gov
  timeoutMs: number;
  governor: Governor; // the one shared by every replica and group (SharedRateGovernor, key "sec.gov")
  now?: () => number;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

// SEC spells share classes with a dash (BRK-B); callers often use a dot or a slash.
export const secTicker = (ticker: string) => ticker.trim().toUpperCase().replace(/[./]/g, '-');

// One client per process; what it caches (ticker map, submissions, extracted fundamentals) is per process,
// while the governor in front of it is shared.
export class SecEdgar {
  readonly cache: SwrCache;
  readonly rateGovernor: Governor;
  private readonly www: Upstream;
  private readonly data: Upstream;
  private readonly now: () => number;
  private closing?: Promise<void>;

  constructor(options: SecEdgarOptions) {
    this.rateGovernor = options.governor;
    // maxAttempts 2: the policy in the header (one retry, on the retryable statuses of @toll/upstream only).
    const common = {
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
      governor: options.governor,
      log: options.log,
      maxAttempts: 2,
    };
    this.www = createUpstream({ name: 'sec-www', baseUrls: [options.wwwBaseUrl], ...common });
    this.data = createUpstream({ name: 'sec-data', baseUrls: [options.dataBaseUrl], ...common });
    this.now = options.now ?? Date.now;
    this.cache = new SwrCache(5_000, this.now);
  }

  // Ticker → company, or null for a ticker SEC does not list. The map is one ~1 MB file fetched once a day.
  async company(ticker: string, deadline: number): Promise<Cached<Company | null>> {
    const map = await this.tickerMap(deadline);
    return { value: map.value.get(secTicker(ticker)) ?? null, freshness: map.freshness };
  }

  // Every company in the ticker map, one row per ticker (a company with several share classes appears once
  // per class, its primary ticker first): the directory name search and the screener universe read.
  async companies(deadline: number): Promise<Cached<Company[]>> {
    const map = await this.tickerMap(deadline);
    return { value: [...map.value.values()], freshness: map.freshness };
  }

  // The entity profile from the submissions file: names, identifiers, industry, addresses, fiscal year end.
  async profile(cik: number, deadline: number): Promise<Cached<EntityProfile>> {
    return this.cache.get(`profile:${cik}`, SEC_CACHE.submissions, async () => {
      const body = await this.data
        .getJson(`/submissions/CIK${padCik(cik)}.json`, {}, Profile, { deadline })
        .catch((e: unknown) => {
          if (e instanceof TollError && e.details?.status === 404)
            throw new TollError('NOT_FOUND', `SEC has no filer with CIK ${cik}`, { cik });
          throw e;
        });
      return { value: toProfile(cik, body), source: 'sec' };
    });
  }

  // One concept for one period across every filer (the screener's input), e.g. us-gaap NetIncomeLoss USD CY2025,
  // or an instant such as StockholdersEquity CY2026Q2I. Per-share units are written "USD-per-shares" in the path.
  // Not cached: a scheduled build reads each frame once. NOT_FOUND when SEC has no frame for that period.
  async frame(taxonomy: string, concept: string, unit: string, period: string, deadline: number): Promise<FrameRow[]> {
    const body = await this.data
      .getJson(`/api/xbrl/frames/${taxonomy}/${concept}/${unit}/${period}.json`, {}, Frame, { deadline })
      .catch((e: unknown) => {
        if (e instanceof TollError && e.details?.status === 404)
          throw new TollError('NOT_FOUND', `SEC has no ${taxonomy}:${concept} frame for ${period}`, {
            concept,
            period,
          });
        throw e;
      });
    return body.data;
  }

  // Whether the ticker map can still be served from cache (fresh or stale) with SEC down.
  hasTickerMap(): boolean {
    const entry = this.cache.peek('tickers');
    return (
      entry !== undefined &&
      this.now() - Date.parse(entry.freshness.fetchedAt) <= SEC_CACHE.tickers.freshMs + SEC_CACHE.tickers.staleMs
    );
  }

  // Whether the fair-access budget is shared through Postgres or kept per process (each group's health says so).
  get governorMode(): 'shared' | 'per-process' {
    return this.rateGovernor instanceof SharedRateGovernor ? 'shared' : 'per-process';
  }

  // Releases the shared governor's connections (a per-process governor holds none). Each group calls it on
  // shutdown once nothing of its own still calls SEC (the screener waits for a running build first); idempotent.
  close(): Promise<void> {
    this.closing ??= this.rateGovernor instanceof SharedRateGovernor ? this.rateGovernor.close() : Promise.resolve();
    return this.closing;
  }

  private tickerMap(deadline: number): Promise<Cached<Map<string, Company>>> {
    return this.cache.get('tickers', SEC_CACHE.tickers, async () => {
      const body = await this.www.getJson('/files/company_tickers.json', {}, TickerMap, { deadline });
      const byTicker = new Map<string, Company>();
      // The file lists a company's primary ticker first; keep the first entry for a repeated ticker.
      for (const row of Object.values(body))
        if (!byTicker.has(row.ticker))
          byTicker.set(row.ticker, { cik: row.cik_str, ticker: row.ticker, name: row.title });
      return { value: byTicker, source: 'sec' };
    });
  }

  // The latest filings, newest first, at most `limit` of them.
  async filings(cik: number, limit: number, deadline: number): Promise<Cached<Filing[]>> {
    return this.cache.get(`submissions:${cik}:${limit}`, SEC_CACHE.submissions, async () => {
      const body = await this.data.getJson(`/submissions/CIK${padCik(cik)}.json`, {}, Submissions, { deadline });
      const r = body.filings.recent;
      const value = r.accessionNumber.slice(0, limit).map((accessionNumber, i): Filing => {
        const indexUrl = filingIndexUrl(cik, accessionNumber);
        return {
          form: r.form[i],
          filingDate: r.filingDate[i],
          reportDate: r.reportDate[i] || null,
          accessionNumber,
          primaryDocument: r.primaryDocument[i],
          description: r.primaryDocDescription[i] || null,
          url: r.primaryDocument[i] ? filingDocumentUrl(cik, accessionNumber, r.primaryDocument[i]) : indexUrl,
          indexUrl,
        };
      });
      return { value, source: 'sec' };
    });
  }

  // Latest annual and quarterly figures from the XBRL company facts, or NOT_FOUND for a company with none.
  async fundamentals(cik: number, deadline: number): Promise<Cached<Fundamentals>> {
    return this.cache.get(`facts:${cik}`, SEC_CACHE.facts, async () => {
      let body: CompanyFacts;
      try {
        body = await this.data.getJson(`/api/xbrl/companyfacts/CIK${padCik(cik)}.json`, {}, CompanyFacts, { deadline });
      } catch (e) {
        if (e instanceof TollError && e.details?.status === 404)
          throw new TollError('NOT_FOUND', `SEC has no XBRL financial data for CIK ${cik}`, { cik });
        throw e;
      }
      return { value: extractFundamentals(body), source: 'sec' };
    });
  }
}
