import { TollError } from '@toll/contracts';
import type { GroupHealth } from '@toll/platform';
import type { MetNorwayClient } from './upstreams/met-norway.client';
import type { NwsClient } from './upstreams/nws.client';
import type { OpenMeteoClient } from './upstreams/open-meteo.client';
import type { Forecast, WeatherProvider } from './weather.model';
import { WeatherService } from './weather.service';
import { Clock } from '@toll/platform';

const forecast: Forecast = { timezone: 'UTC', elevationM: null, days: [], notes: [] };
const provider = (id: WeatherProvider['id'], enabled: boolean) => ({
  id,
  enabled,
  baseUrl: `https://${id}.test`,
  current: jest.fn(),
  forecast: jest.fn(async () => forecast),
});

const service = (openMeteo: ReturnType<typeof provider>, metNorway: ReturnType<typeof provider>) =>
  new WeatherService(
    openMeteo as unknown as OpenMeteoClient,
    metNorway as unknown as MetNorwayClient,
    {} as NwsClient,
    new Clock(),
    {} as GroupHealth,
  );

describe(WeatherService.name, () => {
  it('skips a provider turned off by configuration (e.g. Open-Meteo without a commercial licence)', async () => {
    const [om, met] = [provider('open-meteo', false), provider('met-norway', true)];
    const out = await service(om, met).forecast({ lat: 1, lon: 2, days: 3 }, Date.now() + 1_000);
    expect(out).toMatchObject({ source: 'met-norway', notes: [] });
    expect(om.forecast).not.toHaveBeenCalled();
    expect(met.forecast).toHaveBeenCalledWith({ latitude: 1, longitude: 2 }, 3, expect.any(Number));
  });

  it('answers SERVICE_UNAVAILABLE when no provider is enabled', async () => {
    const err = await service(provider('open-meteo', false), provider('met-norway', false))
      .forecast({ lat: 1, lon: 2, days: 3 }, Date.now() + 1_000)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TollError);
    expect(err).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'No weather provider is enabled on this deployment',
    });
  });
});
