// GDELT DOC 2.0 API: https://blog.gdeltproject.org/gdelt-doc-2-0-api-debuts/ (docs/upstreams.md §11).
// Keyless open data; credit "The GDELT Project". It returns titles and links only, never article text.
// Quota: "at most one request every 5 s" per IP, and in 2026 it sheds load (429 even on a first request),
// so every call in this process goes through ONE queue: a RateGovernor with burst 1 at one request per
// NEWS_GDELT_INTERVAL_MS (5.5 s by default, i.e. about 0.18 requests per second), no retries, and a 429
// pauses the queue for 30 s.
// Odd error shapes: query problems ("keyword too short", unbalanced quotes…) come back as plain text with
// HTTP 200; no match is `{}` (ArtList) or `timeline: []`; public clients strip stray control characters
// from the JSON before parsing it, and so do we. GDELT does not escape backslashes inside titles, so one
// title can make the whole body invalid JSON ("Invalid \escape", alex9smith/gdelt-doc-api#26, #28): stray
// backslashes are kept as literal ones, and an ArtList record still unreadable after that is left out
// alone (so is a record missing a field); every such repair is named in the answer's notes.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Query, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { NewsConfig } from '../config';
import type { Article, TimelinePoint } from '../news.schemas';

const NAME = 'gdelt';
// Enough for the largest `limit` (100), so one cached fetch serves every limit.
export const GDELT_MAX_RECORDS = 100;
const CONTROL_CHARS = /\p{Cc}/gu;
// A backslash with what follows it when that makes a JSON escape; a lone match is a stray backslash.
const BACKSLASH = /\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])?/g;
// Where one ArtList record ends and the next begins: GDELT writes `url` first in every record.
const RECORD_BOUNDARY = /}\s*,\s*(?={\s*"url"\s*:)/;
// After a 429 the whole queue pauses: requests sent while GDELT sheds load only prolong it, and callers
// get a fallback or a stale answer meanwhile.
const RATE_LIMITED_PAUSE_MS = 30_000;

const RawArticle = z.object({
  url: z.string(),
  title: z.string(),
  seendate: z.string(),
  domain: z.string(),
  language: z.string(),
  sourcecountry: z.string(),
  socialimage: z.string().optional(),
});
// Records are checked one by one below, so one bad record does not cost the others.
const ArtList = z.object({ articles: z.array(z.unknown()).default([]) });

const TimelineVolRaw = z.object({
  query_details: z.object({ date_resolution: z.string().optional() }).optional(),
  timeline: z.array(
    z.object({
      series: z.string(),
      data: z.array(z.object({ date: z.string(), value: z.number(), norm: z.number().optional() })),
    }),
  ),
});

export interface Articles {
  articles: Article[];
  notes: string[]; // repairs made to GDELT's answer; empty when it was well-formed
}

export interface Timeline {
  resolution: string | null;
  series: TimelinePoint[];
}

// "20261121T141500Z" → "2026-11-21T14:15:00.000Z"
const isoOf = (gdelt: string): string | null => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(gdelt);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z` : null;
};

@Injectable()
export class GdeltClient {
  private readonly api: Upstream;
  private pending = 0;
  private pausedUntil = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: NewsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.api = createUpstream({
      name: NAME,
      baseUrls: [config.NEWS_GDELT_URL],
      timeoutMs: config.NEWS_GDELT_TIMEOUT_MS,
      userAgent: config.NEWS_USER_AGENT,
      // A retry would take another 5.5 s slot from the queue everyone shares; the caller's fallback is quicker.
      maxAttempts: 1,
      // The single queue: burst 1, one request per NEWS_GDELT_INTERVAL_MS (default 5.5 s ≈ 0.18 rps; GDELT allows one
      // per 5 s).
      governor: { ratePerSecond: 1000 / config.NEWS_GDELT_INTERVAL_MS, burst: 1 },
      log: upstreamLog(logger),
    });
  }

  // GDELT requests waiting for their slot or in flight.
  get queueDepth() {
    return this.pending;
  }

  get intervalMs() {
    return this.config.NEWS_GDELT_INTERVAL_MS;
  }

  // When the queue is paused after a 429, until when (epoch ms); null when it is running.
  get pausedUntilMs() {
    return this.pausedUntil > Date.now() ? this.pausedUntil : null;
  }

  async articles(q: string, lang: string | null, days: number, deadline: number): Promise<Articles> {
    const query = {
      query: lang ? `${q} sourcelang:${lang}` : q,
      mode: 'ArtList',
      maxrecords: GDELT_MAX_RECORDS,
      timespan: `${days}d`,
      sort: 'DateDesc',
    };
    const { body, notes } = await this.call(query, ArtList, deadline);
    const records = body.articles.map((a) => RawArticle.safeParse(a));
    const articles = records.flatMap((r) => (r.success ? [r.data] : []));
    const incomplete = records.length - articles.length;
    if (incomplete)
      notes.push(`gdelt sent ${incomplete} of ${records.length} articles without a required field; they were left out`);
    if (notes.length) this.logger.event('warn', 'gdelt answer repaired', { upstream: NAME, notes });
    return {
      articles: articles.map((a) => ({
        title: a.title,
        url: a.url,
        domain: a.domain,
        published_at: isoOf(a.seendate),
        language: a.language || null,
        source_country: a.sourcecountry || null,
        image: a.socialimage || null,
      })),
      notes,
    };
  }

  // TimelineVolRaw gives the matching count and the total GDELT monitored (`norm`) per interval: both measures in one
  // call.
  async timeline(q: string, days: number, deadline: number): Promise<Timeline> {
    const { body } = await this.call(
      { query: q, mode: 'TimelineVolRaw', timespan: `${days}d` },
      TimelineVolRaw,
      deadline,
    );
    const points = body.timeline[0]?.data ?? [];
    return {
      resolution: body.query_details?.date_resolution ?? null,
      series: points.map((p) => ({
        date: isoOf(p.date) ?? p.date,
        count: Math.round(p.value),
        share: p.norm ? Math.round((p.value / p.norm) * 100 * 1e6) / 1e6 : null,
      })),
    };
  }

  private async call<S extends z.ZodType>(query: Query, schema: S, deadline: number): Promise<Parsed<z.infer<S>>> {
    if (this.pausedUntilMs !== null) {
      const until = new Date(this.pausedUntil).toISOString();
      throw new TollError('UPSTREAM_ERROR', `gdelt rate-limited us; requests paused until ${until}`, {
        upstream: NAME,
        status: 429,
        pausedUntil: until,
      });
    }
    this.pending++;
    try {
      return parseBody(await this.api.getText('doc/doc', { ...query, format: 'json' }, { deadline }), schema);
    } catch (e) {
      if (e instanceof TollError && e.details?.status === 429) this.pausedUntil = Date.now() + RATE_LIMITED_PAUSE_MS;
      throw e;
    } finally {
      this.pending--;
    }
  }
}

interface Parsed<T> {
  body: T;
  notes: string[];
}

function parseBody<S extends z.ZodType>(text: string, schema: S): Parsed<z.infer<S>> {
  const body = text.trim();
  // A 200 whose body is not a JSON object is GDELT's plain-text error (or an HTML page): an error, never data.
  if (!body.startsWith('{')) {
    const said = body.replace(/\s+/g, ' ').slice(0, 200);
    throw new TollError('UPSTREAM_ERROR', `gdelt refused the request: ${said}`, {
      upstream: NAME,
      status: 200,
      body: said,
    });
  }
  const { json, notes } = readJson(body.replace(CONTROL_CHARS, ' '));
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => ({ field: i.path.join('.') || '(root)', message: i.message }));
    throw new TollError('UPSTREAM_ERROR', 'gdelt answered with an unexpected shape', { upstream: NAME, issues });
  }
  return { body: parsed.data, notes };
}

const tryParse = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

// Strict JSON first; then stray backslashes made literal; then, for an article list, record by record.
function readJson(body: string): { json: unknown; notes: string[] } {
  const strict = tryParse(body);
  if (strict.ok) return { json: strict.value, notes: [] };
  let stray = 0;
  const repaired = body.replace(BACKSLASH, (m) => {
    if (m.length > 1) return m;
    stray++;
    return '\\\\';
  });
  const notes = stray
    ? [
        `gdelt sent malformed JSON: ${stray} stray backslash${stray === 1 ? '' : 'es'} in article titles kept as ` +
          `written`,
      ]
    : [];
  const whole = tryParse(repaired);
  if (whole.ok) return { json: whole.value, notes };
  const list = /^{\s*"articles"\s*:\s*\[([\s\S]*)]\s*}$/.exec(repaired);
  if (!list)
    throw new TollError('UPSTREAM_ERROR', 'gdelt answered with malformed JSON', {
      upstream: NAME,
      sample: body.slice(0, 120),
    });
  const chunks = list[1].trim().split(RECORD_BOUNDARY);
  const records = chunks.map((c, i) => tryParse(i < chunks.length - 1 ? `${c}}` : c));
  const articles = records.flatMap((r) => (r.ok ? [r.value] : []));
  if (!articles.length)
    throw new TollError('UPSTREAM_ERROR', 'gdelt answered with malformed JSON', {
      upstream: NAME,
      sample: body.slice(0, 120),
    });
  const lost = records.length - articles.length;
  notes.push(`gdelt sent malformed JSON: ${lost} of ${records.length} articles could not be read and were left out`);
  return { json: { articles }, notes };
}
