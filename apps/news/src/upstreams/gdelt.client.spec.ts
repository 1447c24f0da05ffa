import { JsonLogger } from '@toll/platform';
import { loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { NewsConfig } from '../config';
import { GdeltClient } from './gdelt.client';

const fixtures = loadFixtures(join(__dirname, '../../test/fixtures/gdelt'));
const fixture = (name: string) => fixtures.filter((f) => f.case === name);

describe(GdeltClient.name, () => {
  let fake: FakeUpstream;
  let gdelt: GdeltClient;
  const deadline = () => Date.now() + 2_000;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    gdelt = new GdeltClient(
      NewsConfig.parse({ NEWS_GDELT_URL: `${fake.url}/api/v2`, NEWS_GDELT_INTERVAL_MS: '20' }),
      new JsonLogger('news', 'error'),
    );
  });
  afterAll(() => fake.stop());

  it('a well-formed answer carries no notes', async () => {
    fake.use(fixture('artlist.bitcoin'));
    const { articles, notes } = await gdelt.articles('bitcoin', null, 7, deadline());
    expect(articles).toHaveLength(3);
    expect(notes).toEqual([]);
  });

  it('keeps a stray backslash in a title as written and says so', async () => {
    fake.use(fixture('artlist.invalid-escape'));
    const { articles, notes } = await gdelt.articles('tariffs', null, 7, deadline());
    expect(articles.map((a) => a.title)).toEqual([
      'Tariff deadline looms as talks stall',
      'Exporters brace for tariffs \\ What the new duties mean',
      'Zölle: EU droht mit Gegenmaßnahmen',
    ]);
    expect(articles[1]).toEqual({
      title: 'Exporters brace for tariffs \\ What the new duties mean',
      url: 'https://www.thehindu.com/business/tariffs-exporters/article1.ece',
      domain: 'thehindu.com',
      published_at: '2026-11-22T08:15:00.000Z',
      language: 'English',
      source_country: 'India',
      image: null,
    });
    expect(notes).toEqual(['gdelt sent malformed JSON: 1 stray backslash in article titles kept as written']);
  });

  it('drops only the record that stays unreadable after the repair, and says so', async () => {
    fake.use(fixture('artlist.broken-record'));
    const { articles, notes } = await gdelt.articles('elections', null, 7, deadline());
    expect(articles.map((a) => a.domain)).toEqual(['npr.org', 'lemonde.fr']);
    expect(notes).toEqual(['gdelt sent malformed JSON: 1 of 3 articles could not be read and were left out']);
  });

  it('drops a record missing a required field, and says so', async () => {
    const [good] = fixture('artlist.bitcoin');
    const body = good.response.body as { articles: Array<Record<string, string>> };
    const { sourcecountry: _, ...withoutCountry } = body.articles[0];
    fake.use([{ ...good, response: { status: 200, body: { articles: [withoutCountry, ...body.articles.slice(1)] } } }]);
    const { articles, notes } = await gdelt.articles('bitcoin', null, 7, deadline());
    expect(articles.map((a) => a.domain)).toEqual(['lemonde.fr', 'coindesk.com']);
    expect(notes).toEqual(['gdelt sent 1 of 3 articles without a required field; they were left out']);
  });

  it('reads a recorded real ArtList answer verbatim (empty url_mobile and socialimage, non-Latin titles)', async () => {
    fake.use(fixture('artlist.vizhinjam'));
    const { articles, notes } = await gdelt.articles('Vizhinjam', null, 7, deadline());
    expect(notes).toEqual([]);
    expect(articles.map((a) => [a.domain, a.language, a.published_at, a.image])).toEqual([
      ['thehindu.com', 'English', '2024-06-15T17:00:00.000Z', 'https://www.thehindu.com/theme/images/og-image.png'],
      ['mathrubhumi.com', 'Malayalam', '2024-07-06T09:30:00.000Z', null],
      ['thehindu.com', 'English', '2024-06-20T15:45:00.000Z', null],
      ['thehindubusinessline.com', 'English', '2024-07-15T10:30:00.000Z', null],
    ]);
    expect(articles[1].title).toBe('ട്രോളിങ് നിയന്ത്രണം നീങ്ങി ; വിഴിഞ്ഞം തീരത്ത് ആവേശം , vizhinjam , fish');
  });

  it('reads a recorded real TimelineVolRaw answer: counts, and each share of all coverage', async () => {
    fake.use(fixture('timeline.tigray'));
    expect(await gdelt.timeline('Tigray sourcecountry:EI', 90, deadline())).toEqual({
      resolution: 'day',
      series: [
        { date: '2020-11-03T00:00:00.000Z', count: 0, share: 0 },
        { date: '2020-11-04T00:00:00.000Z', count: 3, share: 0.001463 },
        { date: '2020-11-05T00:00:00.000Z', count: 0, share: 0 },
        { date: '2020-11-06T00:00:00.000Z', count: 0, share: 0 },
        { date: '2020-11-07T00:00:00.000Z', count: 0, share: 0 },
      ],
    });
  });

  it('a body beyond repair is still an upstream error', async () => {
    const [good] = fixture('artlist.bitcoin');
    fake.use([
      { ...good, response: { status: 200, body: '{"articles": [ {"url": "https://a.example/1","title": "cut off' } },
    ]);
    await expect(gdelt.articles('bitcoin', null, 7, deadline())).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'gdelt answered with malformed JSON',
    });
  });
});
