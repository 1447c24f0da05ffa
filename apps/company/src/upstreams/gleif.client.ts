// GLEIF LEI API (docs/upstreams.md §14b): https://www.gleif.org/en/lei-data/gleif-api — keyless, CC0 data,
// about 60 requests/min per user. JSON:API shapes: `data` is one record or a list, each
// {type, id, attributes:{lei, entity, registration}}; a record without a parent answers 404 on /direct-parent
// (the parent is then a "reporting exception"); fuzzy completions link to records through
// relationships["lei-records"].data.id.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, RateGovernor, SharedRateGovernor, type Governor, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { CompanyConfig } from '../config';

const Address = z.object({
  addressLines: z.array(z.string()).default([]),
  city: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  postalCode: z.string().nullable().optional(),
});
const Record = z.object({
  id: z.string(),
  attributes: z.object({
    lei: z.string(),
    entity: z.object({
      legalName: z.object({ name: z.string() }),
      legalAddress: Address,
      headquartersAddress: Address.nullable().optional(),
      jurisdiction: z.string().nullable().optional(),
      legalForm: z
        .object({ id: z.string().nullable().optional(), other: z.string().nullable().optional() })
        .nullable()
        .optional(),
      status: z.string().nullable().optional(),
      category: z.string().nullable().optional(),
      creationDate: z.string().nullable().optional(),
    }),
    registration: z.object({
      status: z.string(),
      initialRegistrationDate: z.string().nullable().optional(),
      lastUpdateDate: z.string().nullable().optional(),
      nextRenewalDate: z.string().nullable().optional(),
    }),
  }),
});
export type LeiRecord = z.infer<typeof Record>;
const One = z.object({ data: Record });
const Many = z.object({ data: z.array(Record) });
const Completions = z.object({
  data: z.array(
    z.object({
      attributes: z.object({ value: z.string() }),
      relationships: z.object({ 'lei-records': z.object({ data: z.object({ id: z.string() }) }) }).optional(),
    }),
  ),
});
const Isins = z.object({ data: z.array(z.object({ attributes: z.object({ isin: z.string() }) })) });

const PAGE = { 'page[size]': 10 };

@Injectable()
export class GleifClient {
  readonly name = 'gleif';
  readonly governor: Governor;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: CompanyConfig, @Inject(JsonLogger) logger: JsonLogger) {
    const ratePerSecond = config.COMPANY_GLEIF_RATE_PER_MINUTE / 60;
    // Per process without the governor database: half the budget (two replicas), in bursts of one snapshot's calls.
    const fallback = { ratePerSecond: ratePerSecond / 2, burst: 10 };
    // One bucket for every replica when the governor database is configured (the one SEC uses too).
    this.governor = config.SEC_GOVERNOR_DATABASE_URL
      ? new SharedRateGovernor({
          databaseUrl: config.SEC_GOVERNOR_DATABASE_URL,
          key: 'api.gleif.org',
          ratePerSecond,
          fallback,
          log: (e, f) => logger.event('warn', e, f),
        })
      : new RateGovernor(fallback);
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.COMPANY_GLEIF_BASE_URL],
      timeoutMs: config.COMPANY_GLEIF_TIMEOUT_MS,
      userAgent: config.COMPANY_USER_AGENT,
      headers: { accept: 'application/vnd.api+json' },
      governor: this.governor,
      log: upstreamLog(logger),
    });
  }

  // null when GLEIF has no such LEI.
  record(lei: string, deadline: number): Promise<LeiRecord | null> {
    return this.orNull(this.api.getJson(`/api/v1/lei-records/${lei}`, {}, One, { deadline }).then((b) => b.data));
  }

  // The direct or ultimate accounting parent, or null when the entity reports none.
  parent(lei: string, level: 'direct' | 'ultimate', deadline: number): Promise<LeiRecord | null> {
    return this.orNull(
      this.api.getJson(`/api/v1/lei-records/${lei}/${level}-parent`, {}, One, { deadline }).then((b) => b.data),
    );
  }

  async isins(lei: string, deadline: number): Promise<string[]> {
    const body = await this.orNull(this.api.getJson(`/api/v1/lei-records/${lei}/isins`, PAGE, Isins, { deadline }));
    return body ? body.data.map((d) => d.attributes.isin) : [];
  }

  async byLegalName(name: string, deadline: number): Promise<LeiRecord[]> {
    return (
      await this.api.getJson('/api/v1/lei-records', { 'filter[entity.legalName]': name, ...PAGE }, Many, { deadline })
    ).data;
  }

  // GLEIF's own fuzzy matching on legal names: [{name, lei}], best first.
  async fuzzy(q: string, deadline: number): Promise<Array<{ name: string; lei: string }>> {
    const body = await this.api.getJson('/api/v1/fuzzycompletions', { field: 'entity.legalName', q }, Completions, {
      deadline,
    });
    return body.data.flatMap((d) =>
      d.relationships ? [{ name: d.attributes.value, lei: d.relationships['lei-records'].data.id }] : [],
    );
  }

  async close() {
    if (this.governor instanceof SharedRateGovernor) await this.governor.close();
  }

  private async orNull<T>(call: Promise<T>): Promise<T | null> {
    try {
      return await call;
    } catch (e) {
      if (e instanceof TollError && e.details?.status === 404) return null;
      throw e;
    }
  }
}
