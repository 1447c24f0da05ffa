import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import {
  padCik,
  SecEdgar,
  type Company,
  type EntityAddress,
  type EntityProfile,
  type Fundamentals,
} from '@toll/markets';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import {
  ProviderOutcomes,
  SharedRateGovernor,
  SwrCache,
  type Cached,
  type CachePolicy,
  type Freshness,
} from '@toll/upstream';
import type * as S from './company.schemas';
import type { CompanyConfig } from './config';
import { matchName, normalizedName } from './name-match';
import { GleifClient, type LeiRecord } from './upstreams/gleif.client';
import { WikidataClient, type WikidataCompany } from './upstreams/wikidata.client';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// docs/upstreams.md §16: company snapshot 24 h, stale up to 7 d; name searches against GLEIF likewise.
const GLEIF_CACHE: CachePolicy = { freshMs: DAY, staleMs: 7 * DAY };
const SEC_LICENSE = 'Public domain (US Government work)';
const GLEIF_LICENSE = 'CC0 (GLEIF LEI data)';

interface Link {
  cik: number | null;
  lei: string | null;
  ticker: string | null;
  cikFrom: S.GetSnapshotOutput['links']['cik_from'];
  leiFrom: S.GetSnapshotOutput['links']['lei_from'];
}

const freshnessOf = (f: Freshness) => ({
  as_of: f.fetchedAt,
  stale: f.stale,
  ...(f.reason ? { reason: f.reason } : {}),
});
const fromSec = (a: EntityAddress | null) =>
  a && { lines: a.lines, city: a.city, region: a.region, postal_code: a.postal_code, country: a.region_description };
const fromGleif = (a: NonNullable<LeiRecord['attributes']['entity']['headquartersAddress']> | undefined) =>
  a
    ? {
        lines: a.addressLines,
        city: a.city ?? null,
        region: a.region ?? null,
        postal_code: a.postalCode ?? null,
        country: a.country ?? null,
      }
    : null;
const entity = (r: LeiRecord | null) => r && { lei: r.attributes.lei, name: r.attributes.entity.legalName.name };

@Injectable()
export class CompanyService implements OnModuleDestroy {
  private readonly cache: SwrCache;
  private readonly outcomes: ProviderOutcomes;

  constructor(
    private readonly sec: SecEdgar,
    private readonly gleif: GleifClient,
    private readonly wikidata: WikidataClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: CompanyConfig,
  ) {
    this.cache = new SwrCache(5_000, () => this.clock.now());
    this.outcomes = new ProviderOutcomes(() => this.clock.now());
  }

  async onModuleDestroy() {
    await Promise.all([this.sec.close(), this.gleif.close()]);
  }

  async snapshot(input: S.SnapshotInput, deadline: number): Promise<S.GetSnapshotOutput> {
    const freshness: Array<{ id: string; license: string; f: Freshness }> = [];
    const link = await this.link(input, deadline, freshness);
    let profile: EntityProfile | null = null;
    let facts: Fundamentals | null = null;
    if (link.cik !== null) {
      const p = await this.tracked('sec', () => this.sec.profile(link.cik!, deadline));
      profile = p.value;
      freshness.push({ id: 'sec-submissions', license: SEC_LICENSE, f: p.freshness });
      facts = await this.tracked('sec', () => this.sec.fundamentals(link.cik!, deadline)).then(
        (c) => (freshness.push({ id: 'sec-companyfacts', license: SEC_LICENSE, f: c.freshness }), c.value),
        (e: unknown) => {
          if (e instanceof TollError && e.code === 'NOT_FOUND') return null; // a filer without XBRL data (a fund trust)
          throw e;
        },
      );
      if (!link.lei && profile.lei) Object.assign(link, { lei: profile.lei, leiFrom: 'sec' });
    }
    let record: LeiRecord | null = null;
    let parents: S.GetSnapshotOutput['parents'] = null;
    let isins: string[] = [];
    if (!link.lei && profile) {
      const found = await this.leiByLegalName(profile.name, deadline, freshness);
      if (found) Object.assign(link, { lei: found.attributes.lei, leiFrom: 'gleif-legal-name' });
    }
    if (link.lei) {
      const lei = link.lei;
      const r = await this.gleifCached(`record:${lei}`, () => this.gleif.record(lei, deadline));
      freshness.push({ id: 'gleif', license: GLEIF_LICENSE, f: r.freshness });
      record = r.value;
      if (record) {
        // Parents and ISINs are secondary: when GLEIF fails on them the snapshot still answers, with parents
        // null (unknown, not "none") and the failure named in sources, which marks the answer stale.
        try {
          const [direct, ultimate, codes] = await Promise.all([
            this.gleifCached(`direct:${lei}`, () => this.gleif.parent(lei, 'direct', deadline)),
            this.gleifCached(`ultimate:${lei}`, () => this.gleif.parent(lei, 'ultimate', deadline)),
            this.gleifCached(`isins:${lei}`, () => this.gleif.isins(lei, deadline)),
          ]);
          parents = { direct: entity(direct.value), ultimate: entity(ultimate.value) };
          isins = codes.value;
        } catch (e) {
          const reason = e instanceof TollError ? `${e.code}: ${e.message}` : 'GLEIF relationships failed';
          freshness.push({
            id: 'gleif-relationships',
            license: GLEIF_LICENSE,
            f: { source: 'gleif', fetchedAt: new Date(this.clock.now()).toISOString(), stale: true, reason },
          });
        }
      }
    }
    if (!profile && !record) throw new TollError('NOT_FOUND', 'No SEC filer or LEI record matches', { ...input });
    const wiki = await this.wiki(record ? record.attributes.lei : null, link.cik, deadline, freshness);
    const e = record?.attributes.entity;
    const annual = facts?.annual;
    return {
      name: profile?.name ?? e!.legalName.name,
      identifiers: {
        ticker: link.ticker ?? profile?.tickers[0] ?? null,
        tickers: profile?.tickers ?? [],
        exchanges: (profile?.exchanges ?? []).filter((x): x is string => !!x),
        cik: link.cik === null ? null : padCik(link.cik),
        lei: record ? record.attributes.lei : null,
        isins,
        ein: profile?.ein ?? null,
        wikidata: wiki?.id ?? null,
      },
      industry: profile?.sic ? { sic: profile.sic, description: profile.sicDescription } : null,
      jurisdiction: e?.jurisdiction ?? profile?.stateOfIncorporation ?? null,
      legal_form: e?.legalForm ? { elf_code: e.legalForm.id ?? null, other: e.legalForm.other ?? null } : null,
      status: record ? { entity: e!.status ?? null, lei_registration: record.attributes.registration.status } : null,
      fiscal_year_end: profile?.fiscalYearEnd
        ? `${profile.fiscalYearEnd.slice(0, 2)}-${profile.fiscalYearEnd.slice(2)}`
        : null,
      addresses: {
        business: fromSec(profile?.business ?? null),
        mailing: fromSec(profile?.mailing ?? null),
        legal: fromGleif(e?.legalAddress),
        headquarters: fromGleif(e?.headquartersAddress ?? undefined),
      },
      parents,
      key_financials: annual
        ? {
            revenue: annual.revenue,
            net_income: annual.net_income,
            total_assets: annual.total_assets,
            stockholders_equity: annual.stockholders_equity,
            shares_outstanding: annual.shares_outstanding,
            eps_diluted: annual.eps_diluted,
          }
        : null,
      description: wiki?.description
        ? {
            text: wiki.description,
            source: `Wikidata ${wiki.id}`,
            url: `https://www.wikidata.org/wiki/${wiki.id}`,
            license: 'CC0 (Wikidata)',
          }
        : profile?.description
          ? {
              text: profile.description,
              source: 'SEC EDGAR submissions (as filed)',
              url: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${padCik(link.cik!)}`,
              license: SEC_LICENSE,
            }
          : null,
      website: profile?.website ?? wiki?.website ?? null,
      wikipedia: wiki?.wikipedia ?? null,
      former_names: profile?.formerNames ?? [],
      links: { lei_from: record ? link.leiFrom : null, cik_from: link.cikFrom },
      sources: freshness.map(({ id, license, f }) => ({ id, license, ...freshnessOf(f) })),
      freshness: freshness
        .map(({ f }) => freshnessOf(f))
        .sort((a, b) => Number(b.stale) - Number(a.stale) || a.as_of.localeCompare(b.as_of))[0],
    };
  }

  async search(input: S.SearchInput, deadline: number): Promise<S.SearchOutput> {
    const sources: S.SearchOutput['sources'] = [];
    const byKey = new Map<string, S.SearchOutput['candidates'][number]>();
    const add = (
      key: string,
      fields: Omit<S.SearchOutput['candidates'][number], 'reasons' | 'score'>,
      score: number,
      reason: string,
    ) => {
      const c = byKey.get(key);
      if (!c) return byKey.set(key, { ...fields, score, reasons: [reason] });
      c.score = Math.max(c.score, score);
      c.reasons.push(reason);
      c.ticker ??= fields.ticker;
      c.cik ??= fields.cik;
      c.lei ??= fields.lei;
    };
    const [sec, gleif] = await Promise.allSettled([
      this.tracked('sec', () => this.sec.companies(deadline)),
      this.gleifCached(`fuzzy:${normalizedName(input.q)}`, () => this.gleif.fuzzy(input.q, deadline)),
    ]);
    const report = (id: string, r: PromiseSettledResult<Cached<unknown>>) =>
      sources.push(
        r.status === 'fulfilled'
          ? { id, ok: true, as_of: r.value.freshness.fetchedAt, stale: r.value.freshness.stale, error: null }
          : {
              id,
              ok: false,
              as_of: null,
              stale: false,
              error: r.reason instanceof Error ? r.reason.message : 'failed',
            },
      );
    report('sec-tickers', sec);
    report('gleif', gleif);
    if (sec.status === 'rejected' && gleif.status === 'rejected') throw sec.reason;
    if (sec.status === 'fulfilled') {
      const wanted = input.q.trim().toUpperCase().replace(/[./]/g, '-');
      const seen = new Set<number>();
      for (const c of sec.value.value as Company[]) {
        const fields = { name: c.name, ticker: c.ticker, cik: padCik(c.cik), lei: null };
        if (c.ticker === wanted) add(normalizedName(c.name), fields, 1, `ticker ${c.ticker} equals the query`);
        if (seen.has(c.cik)) continue; // a second share class: same company, same name
        seen.add(c.cik);
        const m = matchName(input.q, c.name);
        if (m) add(normalizedName(c.name), fields, m.score, `SEC: ${m.reason}`);
      }
    }
    if (gleif.status === 'fulfilled') {
      (gleif.value.value as Array<{ name: string; lei: string }>).forEach((g, i) => {
        const m = matchName(input.q, g.name);
        const score = m ? m.score : Math.max(0.3, 0.6 - i * 0.03);
        add(
          normalizedName(g.name),
          { name: g.name, ticker: null, cik: null, lei: g.lei },
          score,
          m ? `GLEIF: ${m.reason}` : `GLEIF fuzzy completion #${i + 1} on legal names`,
        );
      });
    }
    const candidates = [...byKey.values()]
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
      .slice(0, input.limit);
    if (candidates.length === 0)
      throw new TollError('NOT_FOUND', `No company name matches "${input.q}"`, { q: input.q });
    return { query: input.q, count: candidates.length, candidates, sources };
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const source = this.outcomes.health.bind(this.outcomes);
    return {
      ...described,
      status: this.outcomes.failing ? 'degraded' : 'ok',
      sources: [
        source(
          'sec',
          this.config.SEC_DATA_BASE_URL,
          SEC_LICENSE,
          'Keyless; User-Agent with a contact email; at most 10 requests/s per user across all machines (shared ' +
            'governor at 8/s)',
        ),
        source(
          'gleif',
          this.config.COMPANY_GLEIF_BASE_URL,
          GLEIF_LICENSE,
          `Keyless; about 60 requests/min per user (we keep to ${this.config.COMPANY_GLEIF_RATE_PER_MINUTE}/min)`,
        ),
        source(
          'wikidata',
          this.config.COMPANY_WIKIDATA_BASE_URL,
          'CC0 (Wikidata)',
          'Keyless; identifying User-Agent; Wikimedia limits about 150 requests/min (we keep to 2/s per process)',
        ),
      ],
      governor: {
        sec: this.sec.rateGovernor instanceof SharedRateGovernor ? 'shared' : 'per-process',
        gleif: this.gleif.governor instanceof SharedRateGovernor ? 'shared' : 'per-process',
        sec_rate_per_second: this.config.SEC_RATE_PER_SECOND,
      },
      cache: { entries: this.cache.size + this.sec.cache.size, ...this.cache.stats },
    };
  }

  // Which SEC filer (CIK) and which LEI the input names; unknown identifiers are NOT_FOUND.
  private async link(
    input: S.SnapshotInput,
    deadline: number,
    freshness: Array<{ id: string; license: string; f: Freshness }>,
  ): Promise<Link> {
    if (input.ticker !== undefined) {
      const found = await this.tracked('sec', () => this.sec.company(input.ticker!, deadline));
      if (!found.value)
        throw new TollError('NOT_FOUND', `${input.ticker.toUpperCase()} is not in SEC's ticker map`, {
          ticker: input.ticker.toUpperCase(),
        });
      freshness.push({ id: 'sec-tickers', license: SEC_LICENSE, f: found.freshness });
      return { cik: found.value.cik, ticker: found.value.ticker, lei: null, cikFrom: 'ticker', leiFrom: null };
    }
    if (input.cik !== undefined)
      return { cik: Number(input.cik), ticker: null, lei: null, cikFrom: 'input', leiFrom: null };
    if (input.lei !== undefined) {
      const lei = input.lei.toUpperCase();
      const r = await this.gleifCached(`record:${lei}`, () => this.gleif.record(lei, deadline));
      if (!r.value) throw new TollError('NOT_FOUND', `GLEIF has no LEI ${lei}`, { lei });
      // GLEIF carries no CIK: join on the legal name, only when exactly one SEC company has it.
      const sec = await this.uniqueSecCompany(r.value.attributes.entity.legalName.name, deadline);
      return {
        cik: sec?.cik ?? null,
        ticker: sec?.ticker ?? null,
        lei,
        cikFrom: sec ? 'gleif-legal-name' : null,
        leiFrom: 'input',
      };
    }
    const sec = await this.uniqueSecCompany(input.name!, deadline);
    if (sec) return { cik: sec.cik, ticker: sec.ticker, lei: null, cikFrom: 'name', leiFrom: null };
    const records = await this.gleifCached(`name:${normalizedName(input.name!)}`, () =>
      this.gleif.byLegalName(input.name!, deadline),
    );
    const exact = records.value.filter(
      (r) => normalizedName(r.attributes.entity.legalName.name) === normalizedName(input.name!),
    );
    if (exact.length === 1)
      return { cik: null, ticker: null, lei: exact[0].attributes.lei, cikFrom: null, leiFrom: 'input' };
    throw new TollError(
      'NOT_FOUND',
      `No single company is named "${input.name}"; company.search lists the candidates`,
      { name: input.name, exact_matches: exact.length },
    );
  }

  // The one SEC company whose name equals `name` (ignoring case, punctuation and legal form), else null.
  private async uniqueSecCompany(name: string, deadline: number): Promise<Company | null> {
    const all = await this.tracked('sec', () => this.sec.companies(deadline));
    const wanted = normalizedName(name);
    const ciks = new Map<number, Company>();
    for (const c of all.value) if (normalizedName(c.name) === wanted && !ciks.has(c.cik)) ciks.set(c.cik, c);
    return ciks.size === 1 ? [...ciks.values()][0] : null;
  }

  // An SEC filer without an LEI in its submissions: GLEIF's record with the same legal name, when exactly one
  // active US record has it (a name shared by several entities is left unlinked rather than guessed).
  private async leiByLegalName(
    name: string,
    deadline: number,
    freshness: Array<{ id: string; license: string; f: Freshness }>,
  ): Promise<LeiRecord | null> {
    const records = await this.gleifCached(`name:${normalizedName(name)}`, () =>
      this.gleif.byLegalName(name, deadline),
    ).catch(() => null);
    if (!records) return null; // GLEIF down: the SEC snapshot stands on its own
    freshness.push({ id: 'gleif-name-search', license: GLEIF_LICENSE, f: records.freshness });
    const same = records.value.filter(
      (r) =>
        normalizedName(r.attributes.entity.legalName.name) === normalizedName(name) &&
        r.attributes.entity.legalAddress.country === 'US',
    );
    return same.length === 1 ? same[0] : null;
  }

  // Description and website from Wikidata: an enrichment, so a failure leaves them null and is named in sources.
  private async wiki(
    lei: string | null,
    cik: number | null,
    deadline: number,
    freshness: Array<{ id: string; license: string; f: Freshness }>,
  ): Promise<WikidataCompany | null> {
    try {
      const found = await this.tracked('wikidata', () =>
        this.cache.get(`wikidata:${lei}:${cik}`, GLEIF_CACHE, async () => ({
          value: await this.wikidata.company({ lei, cik }, deadline),
          source: 'wikidata',
        })),
      );
      if (found.value) freshness.push({ id: 'wikidata', license: 'CC0 (Wikidata)', f: found.freshness });
      return found.value;
    } catch (e) {
      const reason = e instanceof TollError ? `${e.code}: ${e.message}` : 'Wikidata failed';
      freshness.push({
        id: 'wikidata',
        license: 'CC0 (Wikidata)',
        f: { source: 'wikidata', fetchedAt: new Date(this.clock.now()).toISOString(), stale: true, reason },
      });
      return null;
    }
  }

  private gleifCached<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    return this.tracked('gleif', () =>
      this.cache.get(key, GLEIF_CACHE, async () => ({ value: await load(), source: 'gleif' })),
    );
  }

  // Last success and failure per source for health (ProviderOutcomes).
  private tracked<T>(source: string, call: () => Promise<T>): Promise<T> {
    return this.outcomes.track(source, call);
  }
}
