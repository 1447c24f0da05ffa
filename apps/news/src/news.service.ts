import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { GroupHealth } from '@toll/platform';
import { SourceStatus, SwrCache, type Cached, type CachePolicy } from '@toll/upstream';
import { gdeltLanguage } from './languages';
import type * as S from './news.schemas';
import { GDELT_MAX_RECORDS, GdeltClient } from './upstreams/gdelt.client';
import { HnAlgoliaClient } from './upstreams/hn-algolia.client';
import { WikimediaClient } from './upstreams/wikimedia.client';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Cache times (upstreams.md §16); past the fresh time an entry is refetched, and served (labelled stale) only if that
// fails.
const SEARCH_CACHE: CachePolicy = { freshMs: 15 * MINUTE, staleMs: 24 * HOUR }; // GDELT's 5 s spacing and load shedding
// expensive upstream; hourly series move slowly
const TIMELINE_CACHE: CachePolicy = { freshMs: HOUR, staleMs: 24 * HOUR };
const TRENDING_CACHE: CachePolicy = { freshMs: 30 * MINUTE, staleMs: 24 * HOUR }; // page views are published once a day

// With a fallback still to try, the primary gets this share of the time left, so the fallback can answer in time.
const PRIMARY_SHARE = 0.6;
// The largest trending `limit`: one cached list serves every limit.
const TRENDING_MAX = 50;

type Source = S.SourceState['name'];

const ATTRIBUTION: Record<Source, string> = {
  gdelt: 'News index: The GDELT Project (https://www.gdeltproject.org)',
  wikimedia: 'Page views: Wikimedia Foundation (CC0); titles: Wikipedia; descriptions: Wikidata (CC0)',
  'hn-algolia': 'Hacker News (https://news.ycombinator.com) via Algolia HN Search',
};

const ROLES: Record<Source, string> = {
  gdelt: 'primary for search and timeline',
  wikimedia: 'primary for trending',
  'hn-algolia': 'fallback for search (English only) and trending',
};

const DEFINITIONS = {
  pageviews:
    'Topics drawing the most attention: English Wikipedia articles ranked by page views summed over the most ' +
    'recent complete UTC days ' +
    '(the Wikimedia "most read" list, which leaves out non-article pages). GDELT, the news index, has no ' +
    'trending mode.',
  points: 'Fallback, tech news only: Hacker News stories posted in the window, ranked by points.',
} as const;

interface Attempt<T> {
  source: Source;
  skip?: string | false; // why this provider cannot serve the request
  run: (deadline: number) => Promise<T>;
}

interface Answer<T> {
  data: T;
  fallback_reason: string | null;
}

interface Trend {
  metric: S.TrendingOutput['metric'];
  window: S.TrendingOutput['window'];
  items: S.TrendingItem[];
}

const iso = (ms: number) => new Date(ms).toISOString();
// Case and spacing do not change what GDELT matches, so they do not split the cache either.
const normalize = (q: string) => q.replace(/\s+/g, ' ');

@Injectable()
export class NewsService {
  // Reads the clock on every call rather than capturing Date.now, so tests can move time.
  private readonly cache = new SwrCache(5_000, () => Date.now());
  private readonly status = new SourceStatus<Source>();

  constructor(
    private readonly gdelt: GdeltClient,
    private readonly wikimedia: WikimediaClient,
    private readonly hn: HnAlgoliaClient,
    private readonly group: GroupHealth,
  ) {}

  async search(input: S.SearchInput, deadline: number): Promise<S.SearchOutput> {
    const q = normalize(input.q);
    const lang = input.lang ? (gdeltLanguage(input.lang) ?? null) : null;
    const hnSkip = !this.hn.enabled ? 'disabled' : lang && lang !== 'english' ? 'Hacker News is English-only' : false;
    // Keyed without `limit`: every fetch takes the most any limit needs.
    const cached = await this.cache.get(
      JSON.stringify(['search', q.toLowerCase(), lang, input.days]),
      SEARCH_CACHE,
      () =>
        this.firstAnswer(
          [
            { source: 'gdelt', run: (d) => this.gdelt.articles(q, lang, input.days, d) },
            {
              source: 'hn-algolia',
              skip: hnSkip,
              run: (d) =>
                this.hn.stories(q, input.days, GDELT_MAX_RECORDS, d).then((articles) => {
                  // Asked only because GDELT failed: the English-only fallback finding nothing is not "no news"
                  // (uncharged).
                  if (!articles.length)
                    throw new TollError(
                      'NOT_FOUND',
                      'hn-algolia, the fallback (Hacker News stories only), found nothing',
                    );
                  return { articles, notes: [] };
                }),
            },
          ],
          deadline,
        ),
    );
    const articles = cached.value.data.articles.slice(0, input.limit);
    return {
      query: { q, days: input.days, limit: input.limit, lang },
      ...provenance(cached),
      count: articles.length,
      articles,
      notes: cached.value.data.notes,
    };
  }

  async trending(input: S.TrendingInput, deadline: number): Promise<S.TrendingOutput> {
    const cached = await this.cache.get(JSON.stringify(['trending', input.days]), TRENDING_CACHE, () =>
      this.firstAnswer<Trend>(
        [
          {
            source: 'wikimedia',
            skip: !this.wikimedia.enabled && 'disabled',
            run: (d) => this.mostRead(input.days, d),
          },
          { source: 'hn-algolia', skip: !this.hn.enabled && 'disabled', run: (d) => this.topStories(input.days, d) },
        ],
        deadline,
      ),
    );
    const { metric, window, items } = cached.value.data;
    const top = items.slice(0, input.limit);
    return {
      days: input.days,
      limit: input.limit,
      metric,
      definition: DEFINITIONS[metric],
      window,
      ...provenance(cached),
      count: top.length,
      items: top,
    };
  }

  async timeline(input: S.TimelineInput, deadline: number): Promise<S.TimelineOutput> {
    const q = normalize(input.q);
    // No fallback: GDELT's bulk files cover hours, not 90 days, and Hacker News counts a different population.
    const cached = await this.cache.get(JSON.stringify(['timeline', q.toLowerCase(), input.days]), TIMELINE_CACHE, () =>
      this.firstAnswer([{ source: 'gdelt', run: (d) => this.gdelt.timeline(q, input.days, d) }], deadline),
    );
    const { resolution, series } = cached.value.data;
    return {
      query: { q, days: input.days },
      ...provenance(cached),
      resolution,
      total: series.reduce((sum, p) => sum + p.count, 0),
      series,
    };
  }

  health(): S.HealthOutput {
    const sources = (['gdelt', 'wikimedia', 'hn-algolia'] as const).map((name) => this.sourceState(name));
    const paused = this.gdelt.pausedUntilMs;
    return {
      ...this.group.describe(),
      status: sources.some((s) => s.state === 'failing') ? 'degraded' : 'ok',
      sources,
      queue: {
        upstream: 'gdelt',
        depth: this.gdelt.queueDepth,
        interval_ms: this.gdelt.intervalMs,
        paused_until: paused === null ? null : iso(paused),
      },
      cache: { entries: this.cache.size, ...this.cache.stats },
    };
  }

  // Providers in order of preference; the first to answer wins and the ones passed over are named.
  private async firstAnswer<T>(
    attempts: Attempt<T>[],
    deadline: number,
  ): Promise<{ value: Answer<T>; source: Source }> {
    const passedOver: string[] = [];
    const errors: TollError[] = [];
    for (const [i, attempt] of attempts.entries()) {
      if (attempt.skip) {
        passedOver.push(`${attempt.source} skipped: ${attempt.skip}`);
        continue;
      }
      const now = Date.now();
      const last = !attempts.slice(i + 1).some((a) => !a.skip);
      try {
        const data = await attempt.run(last ? deadline : now + Math.floor((deadline - now) * PRIMARY_SHARE));
        this.status.ok(attempt.source);
        return {
          value: { data, fallback_reason: passedOver.length ? passedOver.join('; ') : null },
          source: attempt.source,
        };
      } catch (e) {
        if (!(e instanceof TollError)) throw e;
        // A source that answered "nothing" is up, though its answer did not settle the question.
        if (e.code === 'NOT_FOUND') this.status.ok(attempt.source);
        else this.status.failed(attempt.source, e);
        errors.push(e);
        passedOver.push(`${attempt.source}: ${e.code}: ${e.message}`);
      }
    }
    const code = !errors.length
      ? 'SERVICE_UNAVAILABLE'
      : errors.every((e) => e.code === 'UPSTREAM_TIMEOUT')
        ? 'UPSTREAM_TIMEOUT'
        : 'UPSTREAM_ERROR';
    throw new TollError(code, `No news source could answer (${passedOver.join('; ')})`, { attempts: passedOver });
  }

  // The feed of day D lists D-1's most-read articles, so the feeds of today and the days before cover the last complete
  // days.
  private async mostRead(days: number, deadline: number): Promise<Trend> {
    const today = Math.floor(Date.now() / DAY) * DAY;
    const feeds = await Promise.allSettled(
      Array.from({ length: days }, (_, i) => this.wikimedia.mostRead(new Date(today - i * DAY), deadline)),
    );
    const found = feeds.flatMap((f) => (f.status === 'fulfilled' && f.value ? [f.value] : []));
    if (!found.length) {
      const failure = feeds.find((f) => f.status === 'rejected');
      throw failure
        ? failure.reason
        : new TollError('UPSTREAM_ERROR', 'wikimedia has no most-read list for the window yet', {
            upstream: 'wikimedia',
          });
    }
    const totals = new Map<string, Omit<S.TrendingItem, 'rank'>>();
    for (const article of found.flatMap((day) => day.articles)) {
      const total = totals.get(article.url) ?? {
        title: article.title,
        url: article.url,
        score: 0,
        summary: article.description,
      };
      total.score += article.views;
      totals.set(article.url, total);
    }
    const ranked = [...totals.values()]
      .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
      .slice(0, TRENDING_MAX);
    const dates = found.map((day) => Date.parse(day.date)).sort((a, b) => a - b);
    return {
      metric: 'pageviews',
      window: { from: iso(dates[0]), to: iso(dates[dates.length - 1] + DAY), days_covered: found.length },
      items: ranked.map((item, i) => ({ rank: i + 1, ...item })),
    };
  }

  private async topStories(days: number, deadline: number): Promise<Trend> {
    const now = Date.now();
    const stories = await this.hn.top(days, TRENDING_MAX, deadline);
    return {
      metric: 'points',
      window: { from: iso(now - days * DAY), to: iso(now), days_covered: days },
      items: stories.map((s, i) => ({ rank: i + 1, title: s.title, url: s.url, score: s.points, summary: null })),
    };
  }

  private sourceState(name: Source): S.SourceState {
    const enabled = name === 'gdelt' || (name === 'wikimedia' ? this.wikimedia.enabled : this.hn.enabled);
    return { name, role: ROLES[name], enabled, ...this.status.report(name, enabled) };
  }
}

function provenance<T>(cached: Cached<Answer<T>>) {
  const source = cached.freshness.source as Source;
  return {
    source,
    fallback: cached.value.fallback_reason !== null,
    fallback_reason: cached.value.fallback_reason,
    as_of: cached.freshness.fetchedAt,
    stale: cached.freshness.stale,
    reason: cached.freshness.reason ?? null,
    attribution: ATTRIBUTION[source],
  };
}
