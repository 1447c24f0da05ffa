import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { CONCEPTS, padCik, SecEdgar, type Company } from '@toll/markets';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import { failedLast, ProviderOutcomes, SharedRateGovernor, type Cached } from '@toll/upstream';
import type { SecConfig } from './config';
import type * as S from './sec.schemas';

// Spec §8: the filings list is the last 10.
export const FILINGS_LIMIT = 10;
const ATTRIBUTION = 'Source: U.S. Securities and Exchange Commission, EDGAR (public domain)';
const TERMS =
  'Keyless; User-Agent with a contact email required; at most 10 requests/s per user across all machines (we ' +
  'keep to 8 with a shared governor)';
const FUNDAMENTALS_NOTES = [
  'Values are as reported in XBRL (not restated by us); on equal period ends an amendment (filed later) replaces ' +
    'the original.',
  'Each figure reads every concept in its list and keeps the fact with the latest period end; on equal ends the ' +
    'earlier concept in the list wins.',
  'Quarterly cash flow is year-to-date when the filer reports no three-month figure (period.days says which).',
];

const freshnessOf = (c: Cached<unknown>) => ({
  as_of: c.freshness.fetchedAt,
  stale: c.freshness.stale,
  ...(c.freshness.reason ? { reason: c.freshness.reason } : {}),
});

@Injectable()
export class SecService implements OnModuleDestroy {
  private readonly outcomes = new ProviderOutcomes<'sec'>(() => this.clock.now());

  constructor(
    private readonly sec: SecEdgar,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: SecConfig,
  ) {}

  // The shared governor's database connections.
  onModuleDestroy() {
    return this.sec.close();
  }

  async fundamentals(input: S.TickerInput, deadline: number): Promise<S.GetFundamentalsOutput> {
    const company = await this.company(input.ticker, deadline);
    const facts = await this.tracked(() => this.sec.fundamentals(company.cik, deadline));
    return {
      ...this.identity(company),
      annual: facts.value.annual,
      quarterly: facts.value.quarterly,
      concepts: CONCEPTS as unknown as Record<string, string[]>,
      source: 'sec',
      attribution: ATTRIBUTION,
      notes: FUNDAMENTALS_NOTES,
      freshness: freshnessOf(facts),
    };
  }

  async filings(input: S.TickerInput, deadline: number): Promise<S.GetFilingsOutput> {
    const company = await this.company(input.ticker, deadline);
    const list = await this.tracked(() => this.sec.filings(company.cik, FILINGS_LIMIT, deadline));
    return {
      ...this.identity(company),
      count: list.value.length,
      filings: list.value.map((f) => ({
        form: f.form,
        filing_date: f.filingDate,
        report_date: f.reportDate,
        accession_number: f.accessionNumber,
        primary_document: f.primaryDocument,
        description: f.description,
        url: f.url,
        index_url: f.indexUrl,
      })),
      source: 'sec',
      attribution: ATTRIBUTION,
      freshness: freshnessOf(list),
    };
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const governor = this.sec.rateGovernor;
    const outcome = this.outcomes.outcome('sec');
    return {
      ...described,
      status: failedLast(outcome) ? 'degraded' : 'ok',
      sources: [
        {
          id: 'sec-www',
          base_url: this.config.SEC_WWW_BASE_URL,
          license: 'Public domain (US Government work)',
          terms: TERMS,
          ...outcome,
        },
        {
          id: 'sec-data',
          base_url: this.config.SEC_DATA_BASE_URL,
          license: 'Public domain (US Government work)',
          terms: TERMS,
          ...outcome,
        },
      ],
      governor: {
        mode: this.sec.governorMode,
        rate_per_second: this.config.SEC_RATE_PER_SECOND,
        fallback_rate_per_second: this.config.SEC_FALLBACK_RATE_PER_SECOND,
        calls: governor instanceof SharedRateGovernor ? { ...governor.stats } : null,
      },
      cache: { entries: this.sec.cache.size, ...this.sec.cache.stats },
    };
  }

  // Unknown to SEC's ticker map → 404 (the gateway releases the hold: never charged).
  private async company(ticker: string, deadline: number): Promise<Company> {
    const found = await this.tracked(() => this.sec.company(ticker, deadline));
    if (!found.value)
      throw new TollError('NOT_FOUND', `${ticker.toUpperCase()} is not in SEC's ticker map`, {
        ticker: ticker.toUpperCase(),
      });
    return found.value;
  }

  private identity(company: Company) {
    return { ticker: company.ticker, cik: padCik(company.cik), name: company.name };
  }

  // Records the last success and failure of SEC for the health answer; NOT_FOUND is an answer, not a failure.
  private tracked<T>(call: () => Promise<T>): Promise<T> {
    return this.outcomes.track('sec', call);
  }
}
