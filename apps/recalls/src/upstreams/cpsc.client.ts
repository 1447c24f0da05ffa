// CPSC recalls REST service (https://www.saferproducts.gov/RestWebServices, "Recall Retrieval Web Services"
// programmer's guide; upstreams.md §14e). Keyless, fair use. Licence: US government work, public domain.
// Odd shapes: the answer is a bare JSON array of every match (no paging, no limit parameter); dates are
// "YYYY-MM-DDT00:00:00" without a zone; lists (Products, Hazards, Remedies, Manufacturers) may be empty.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { RecallsConfig } from '../config';
import type { RecallPage } from './openfda.client';

const Named = z.array(z.object({ Name: z.string().nullable().optional() })).optional();
const CpscRecall = z.object({
  RecallID: z.number().int(),
  RecallNumber: z.string(),
  RecallDate: z.string().nullable().optional(),
  Title: z.string(),
  Description: z.string().nullable().optional(),
  URL: z.string().nullable().optional(),
  LastPublishDate: z.string().nullable().optional(),
  Products: z
    .array(z.object({ Name: z.string().nullable().optional(), NumberOfUnits: z.string().nullable().optional() }))
    .optional(),
  Hazards: Named,
  Remedies: Named,
  Manufacturers: Named,
});
const Recalls = z.array(CpscRecall);

const day = (s: string | null | undefined) => (s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null);
const names = (list: z.infer<typeof Named>) => (list ?? []).map((x) => x.Name?.trim()).filter((n): n is string => !!n);
const joined = (list: string[]) => (list.length ? list.join('; ') : null);

@Injectable()
export class CpscClient {
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) private readonly config: RecallsConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    this.api = createUpstream({
      name: 'cpsc',
      baseUrls: [config.RECALLS_CPSC_URL],
      timeoutMs: config.RECALLS_CPSC_TIMEOUT_MS,
      userAgent: config.RECALLS_USER_AGENT,
      governor: { ratePerSecond: config.RECALLS_CPSC_RATE_PER_SECOND, burst: 2 },
      log: upstreamLog(logger),
    });
  }

  get enabled() {
    return this.config.RECALLS_CPSC_ENABLED;
  }

  // Recalls whose title holds the text, newest first; CPSC returns every match, so the page is cut here.
  async search(
    filter: { q: string; from?: string; to?: string; limit: number },
    deadline: number,
  ): Promise<RecallPage> {
    const found = await this.api.getJson(
      '/Recall',
      { format: 'json', RecallTitle: filter.q, RecallDateStart: filter.from, RecallDateEnd: filter.to },
      Recalls,
      { deadline },
    );
    const recalls = found.map((r) => {
      const hazards = names(r.Hazards);
      return {
        id: `cpsc:${r.RecallNumber}`,
        source: 'cpsc' as const,
        source_id: r.RecallNumber,
        category: 'consumer' as const,
        title: r.Title.trim(),
        reason: r.Description?.trim() || null,
        hazard: joined(hazards),
        classification: null,
        firm: joined(names(r.Manufacturers)),
        products: (r.Products ?? []).flatMap((p) =>
          p.Name?.trim()
            ? [p.NumberOfUnits?.trim() ? `${p.Name.trim()} (${p.NumberOfUnits.trim()})` : p.Name.trim()]
            : [],
        ),
        dates: { initiated: day(r.RecallDate), reported: day(r.RecallDate), terminated: null },
        distribution: null,
        status: null,
        remedy: joined(names(r.Remedies)),
        link: r.URL?.trim() || `https://www.cpsc.gov/Recalls?search=${encodeURIComponent(r.RecallNumber)}`,
      };
    });
    recalls.sort((a, b) => (b.dates.reported ?? '').localeCompare(a.dates.reported ?? ''));
    return { total: recalls.length, recalls: recalls.slice(0, filter.limit) };
  }
}
