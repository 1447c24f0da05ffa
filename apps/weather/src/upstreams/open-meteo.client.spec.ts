import { JsonLogger } from '@toll/platform';
import { startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { WeatherConfig } from '../config';
import { OpenMeteoClient } from './open-meteo.client';

const client = (env: Record<string, string>) =>
  new OpenMeteoClient(WeatherConfig.parse(env), new JsonLogger('weather', 'error'));

describe(OpenMeteoClient.name, () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(() => fake.stop());

  it('uses the free host without a key and the commercial host with one, unless a base URL is set', () => {
    expect(client({}).baseUrl).toBe('https://api.open-meteo.com');
    expect(client({ WEATHER_OPENMETEO_API_KEY: 'k' }).baseUrl).toBe('https://customer-api.open-meteo.com');
    expect(
      client({ WEATHER_OPENMETEO_API_KEY: 'k', WEATHER_OPENMETEO_BASE_URL: 'https://meteo.internal' }).baseUrl,
    ).toBe('https://meteo.internal');
    expect(client({ WEATHER_OPENMETEO_ENABLED: 'false' }).enabled).toBe(false);
  });

  it('sends the API key as the apikey query parameter, with the configured User-Agent', async () => {
    let userAgent: string | undefined;
    const realFetch = globalThis.fetch;
    // Installed before the client exists: the upstream wrapper takes fetch when it is created.
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      userAgent = (init?.headers as Record<string, string>)['user-agent'];
      return realFetch(input, init);
    });
    const api = client({
      WEATHER_OPENMETEO_API_KEY: 's3cret',
      WEATHER_OPENMETEO_BASE_URL: fake.url,
      WEATHER_USER_AGENT: 'TestAgent/2.0 (ops@test.example)',
    });
    fake.use([]);
    await expect(api.current({ latitude: 1, longitude: 2 }, Date.now() + 2_000)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
    spy.mockRestore();
    expect(fake.hits[0].query).toMatchObject({ latitude: '1', longitude: '2', apikey: 's3cret' });
    expect(userAgent).toBe('TestAgent/2.0 (ops@test.example)');
  });
});
