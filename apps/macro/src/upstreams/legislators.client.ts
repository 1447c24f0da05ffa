// The congress-legislators dataset (@unitedstates project): current members of Congress with their current
// term (docs/upstreams.md §14d). https://theunitedstates.io/congress-legislators/legislators-current.json,
// mirrored on GitHub Pages. Public domain (CC0), keyless; one ~1 MB file updated when membership changes.
// Odd shapes: the current term is the last of `terms`; `district` is 0 for at-large seats and for the
// non-voting delegates and resident commissioner; senators carry `class` and `state_rank` instead.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { MacroConfig } from '../config';

const Term = z.object({
  type: z.enum(['sen', 'rep']),
  start: z.string(),
  end: z.string(),
  state: z.string(),
  district: z.number().int().optional(),
  class: z.number().int().optional(),
  state_rank: z.string().optional(),
  party: z.string().optional(),
  url: z.string().optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
  contact_form: z.string().optional(),
});
const Legislators = z.array(
  z.object({
    id: z.object({ bioguide: z.string() }),
    name: z.object({ first: z.string(), last: z.string(), official_full: z.string().optional() }),
    terms: z.array(Term).min(1),
  }),
);

export interface Member {
  bioguideId: string;
  name: string;
  term: z.infer<typeof Term>;
}

export const LEGISLATORS_PATH = '/congress-legislators/legislators-current.json';

@Injectable()
export class LegislatorsClient {
  readonly name = 'congress-legislators';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: MacroConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: config.MACRO_LEGISLATORS_BASE_URLS,
      timeoutMs: config.MACRO_LEGISLATORS_TIMEOUT_MS,
      userAgent: config.MACRO_USER_AGENT,
      governor: { ratePerSecond: 1, burst: 2 },
      log: upstreamLog(logger),
    });
  }

  async current(deadline: number): Promise<Member[]> {
    const body = await this.api.getJson(LEGISLATORS_PATH, {}, Legislators, { deadline });
    return body.map((m) => ({
      bioguideId: m.id.bioguide,
      name: m.name.official_full ?? `${m.name.first} ${m.name.last}`,
      term: m.terms[m.terms.length - 1],
    }));
  }
}
