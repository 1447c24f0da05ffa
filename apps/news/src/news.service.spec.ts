import { TollError } from '@toll/contracts';
import type { GroupHealth } from '@toll/platform';
import { NewsService } from './news.service';
import type { GdeltClient } from './upstreams/gdelt.client';
import type { HnAlgoliaClient } from './upstreams/hn-algolia.client';
import type { WikimediaClient } from './upstreams/wikimedia.client';

const STORY = {
  title: 'Bitcoin',
  url: 'https://example.org/b',
  domain: 'example.org',
  published_at: '2026-11-22T09:30:00.000Z',
  language: null,
  source_country: null,
  image: null,
};
const down = () => Promise.reject(new TollError('UPSTREAM_ERROR', 'down'));

describe(NewsService.name, () => {
  it('gives the primary 60% of the time left and the fallback the rest', async () => {
    const deadlines: Record<string, number> = {};
    const gdelt = {
      articles: (_q: string, _l: string | null, _d: number, deadline: number) => ((deadlines.gdelt = deadline), down()),
    };
    const hn = {
      enabled: true,
      stories: (_q: string, _d: number, _m: number, deadline: number) => (
        (deadlines.hn = deadline),
        Promise.resolve([STORY])
      ),
    };
    const sut = new NewsService(
      gdelt as unknown as GdeltClient,
      {} as WikimediaClient,
      hn as unknown as HnAlgoliaClient,
      {} as GroupHealth,
    );
    const deadline = Date.now() + 10_000;

    const out = await sut.search({ q: 'bitcoin', days: 7, limit: 20 }, deadline);

    expect(out).toMatchObject({ source: 'hn-algolia', fallback: true, fallback_reason: 'gdelt: UPSTREAM_ERROR: down' });
    expect(deadlines.gdelt).toBeLessThanOrEqual(Date.now() + 6_000);
    expect(deadlines.gdelt).toBeGreaterThan(Date.now() + 5_500);
    expect(deadlines.hn).toBe(deadline);
  });

  it('answers SERVICE_UNAVAILABLE when every provider of an operation is disabled', async () => {
    const sut = new NewsService(
      {} as GdeltClient,
      { enabled: false } as WikimediaClient,
      { enabled: false } as HnAlgoliaClient,
      {} as GroupHealth,
    );

    await expect(sut.trending({ days: 1, limit: 20 }, Date.now() + 5_000)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'No news source could answer (wikimedia skipped: disabled; hn-algolia skipped: disabled)',
    });
  });
});
