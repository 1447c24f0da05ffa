// Wikidata (docs/upstreams.md §14b): the company's item found by its LEI (property P1278) or SEC CIK (P5531),
// then its English description (CC0) and official website (P856). https://www.wikidata.org/w/api.php —
// keyless; Wikimedia's 2026 limits want an identifying User-Agent and at most ~150 requests/min, 3 at once.
// Odd shapes: search hits are items titled "Q…"; CIKs are stored both zero-padded and bare, so both are asked
// for; claims carry a rank ("preferred" first, "deprecated" never used).
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { CompanyConfig } from '../config';

const Search = z.object({ query: z.object({ search: z.array(z.object({ title: z.string() })) }) });
const Entities = z.object({
  entities: z.record(
    z.string(),
    z.object({
      id: z.string(),
      descriptions: z.record(z.string(), z.object({ value: z.string() })).optional(),
      sitelinks: z.record(z.string(), z.object({ title: z.string() })).optional(),
    }),
  ),
});
const Claims = z.object({
  claims: z.record(
    z.string(),
    z.array(
      z.object({ rank: z.string(), mainsnak: z.object({ datavalue: z.object({ value: z.unknown() }).optional() }) }),
    ),
  ),
});

export interface WikidataCompany {
  id: string; // Q-id
  description: string | null; // English, CC0
  website: string | null;
  wikipedia: string | null; // English article URL
}

const RANK = { preferred: 0, normal: 1 } as Record<string, number>;

@Injectable()
export class WikidataClient {
  readonly name = 'wikidata';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: CompanyConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.COMPANY_WIKIDATA_BASE_URL],
      timeoutMs: config.COMPANY_GLEIF_TIMEOUT_MS,
      userAgent: config.COMPANY_USER_AGENT,
      governor: { ratePerSecond: 2, burst: 3 },
      log: upstreamLog(logger),
    });
  }

  // The item with this LEI, else this CIK; null when Wikidata has none (or several: not guessed).
  async company(ids: { lei: string | null; cik: number | null }, deadline: number): Promise<WikidataCompany | null> {
    const statements = [
      ...(ids.lei ? [`P1278=${ids.lei}`] : []),
      ...(ids.cik !== null ? [`P5531=${String(ids.cik).padStart(10, '0')}`, `P5531=${ids.cik}`] : []),
    ];
    if (statements.length === 0) return null;
    const query = {
      action: 'query',
      list: 'search',
      srsearch: `haswbstatement:${statements.join('|')}`,
      srlimit: 2,
      srprop: '',
      format: 'json',
    };
    const hits = (await this.api.getJson('/w/api.php', query, Search, { deadline })).query.search;
    if (hits.length !== 1) return null;
    const id = hits[0].title;
    const [entities, claims] = await Promise.all([
      this.api.getJson(
        '/w/api.php',
        {
          action: 'wbgetentities',
          ids: id,
          props: 'descriptions|sitelinks',
          languages: 'en',
          sitefilter: 'enwiki',
          format: 'json',
        },
        Entities,
        { deadline },
      ),
      this.api.getJson('/w/api.php', { action: 'wbgetclaims', entity: id, property: 'P856', format: 'json' }, Claims, {
        deadline,
      }),
    ]);
    const item = entities.entities[id];
    const website = (claims.claims['P856'] ?? [])
      .filter((c) => c.rank in RANK && typeof c.mainsnak.datavalue?.value === 'string')
      .sort((a, b) => RANK[a.rank] - RANK[b.rank])[0]?.mainsnak.datavalue?.value as string | undefined;
    const article = item?.sitelinks?.['enwiki']?.title;
    return {
      id,
      description: item?.descriptions?.['en']?.value ?? null,
      website: website ?? null,
      wikipedia: article ? `https://en.wikipedia.org/wiki/${encodeURIComponent(article.replace(/ /g, '_'))}` : null,
    };
  }
}
