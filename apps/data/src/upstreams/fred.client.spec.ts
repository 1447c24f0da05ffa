import { JsonLogger } from '@toll/platform';
import { loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { DataConfig } from '../config';
import { FredClient } from './fred.client';

const fixtures = loadFixtures(join(__dirname, '../../test/fixtures/fred'));

describe(FredClient.name, () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream(fixtures);
  });
  afterAll(() => fake.stop());

  const make = (env: Record<string, string>) => {
    const logger = new JsonLogger('data', 'error');
    const events = jest.spyOn(logger, 'event').mockImplementation(() => undefined);
    return { client: new FredClient(DataConfig.parse({ DATA_FRED_BASE_URL: fake.url, ...env }), logger), events };
  };

  it('without a key it is off and warns at start that rates rest on the keyless CSV', () => {
    const { client, events } = make({});
    expect(client.enabled).toBe(false);
    expect(events).toHaveBeenCalledWith('warn', 'FRED runs keyless', {
      upstream: 'fred',
      detail:
        'DATA_FRED_API_KEY is not set: rates come only from the keyless fredgraph CSV, which is reported blocked ' +
        'for plain clients; set the key in production',
    });
  });

  it('with a key it is the production path: the key goes as api_key and the newest valued observation wins', async () => {
    const { client, events } = make({ DATA_FRED_API_KEY: 'k3y' });
    expect(client.enabled).toBe(true);
    expect(events).not.toHaveBeenCalledWith('warn', 'FRED runs keyless', expect.anything());
    expect(await client.latest('SNDR', Date.now() + 2_000)).toEqual({
      date: '2026-10-19',
      value: '0.38',
      source: 'fred',
    });
    expect(fake.hits.at(-1)?.query).toMatchObject({ series_id: 'SNDR', api_key: 'k3y', file_type: 'json' });
  });
});
