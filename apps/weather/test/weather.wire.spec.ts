import { Clock } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startWeather } from '../src/bootstrap';

const ALL_DOWN = ['open-meteo/unavailable-503', 'met-norway/unavailable-503', 'nws/unavailable-503'];

const T0 = Date.parse('2026-11-22T14:20:00Z');
const MINUTE = 60_000;

const OPEN_METEO = { text: 'Weather data by Open-Meteo.com', url: 'https://open-meteo.com/', license: 'CC BY 4.0' };
const MET_NORWAY = { text: 'Weather data from MET Norway', url: 'https://api.met.no/', license: 'CC BY 4.0 / NLOD' };
const NWS = {
  text: 'Alerts from the U.S. National Weather Service',
  url: 'https://www.weather.gov/',
  license: 'Public domain (US Government work)',
};
const FRESH_T0 = { as_of: '2026-11-22T14:20:00.000Z', stale: false };
const MET_FORECAST_NOTE =
  'MET Norway days are aggregated from hourly and 6-hourly steps: the first day covers only the hours left, and ' +
  'max/min come from those steps';

const BERLIN = { lat: 52.5201, lon: 13.4089 };
const BERLIN_LOCATION = {
  latitude: 52.52,
  longitude: 13.41,
  precision_deg: 0.01,
  requested: { latitude: 52.5201, longitude: 13.4089 },
  timezone: 'Europe/Berlin',
  elevation_m: 38,
};
const OSLO = { lat: 59.9139, lon: 10.7522 };
const OSLO_LOCATION = {
  latitude: 59.91,
  longitude: 10.75,
  precision_deg: 0.01,
  requested: { latitude: 59.9139, longitude: 10.7522 },
  timezone: 'Europe/Oslo',
  elevation_m: 15,
};
const KANSAS = { lat: 39.7456, lon: -97.0892 };

const BERLIN_CURRENT = {
  location: BERLIN_LOCATION,
  current: {
    time: '2026-11-22T15:15:00+01:00',
    condition: 'Slight rain',
    weather_code: 61,
    symbol_code: null,
    is_day: true,
    relative_humidity_pct: 81,
    cloud_cover_pct: 100,
    wind_direction_deg: 245,
    metric: {
      temperature_c: 6.4,
      apparent_temperature_c: 2.9,
      precipitation_mm: 0.2,
      wind_speed_kmh: 14.8,
      wind_gusts_kmh: 31.3,
      pressure_hpa: 1008.3,
    },
    imperial: {
      temperature_f: 43.5,
      apparent_temperature_f: 37.2,
      precipitation_in: 0.01,
      wind_speed_mph: 9.2,
      wind_gusts_mph: 19.4,
      pressure_inhg: 29.78,
    },
  },
  source: 'open-meteo',
  attribution: OPEN_METEO,
  notes: ['precipitation is the amount over the preceding 15 minutes'],
  freshness: FRESH_T0,
};

const KANSAS_ALERTS = {
  location: {
    latitude: 39.75,
    longitude: -97.09,
    precision_deg: 0.01,
    requested: { latitude: 39.7456, longitude: -97.0892 },
    timezone: 'America/Chicago',
    elevation_m: null,
  },
  coverage: 'US only',
  in_coverage: true,
  note: null,
  count: 1,
  alerts: [
    {
      id: 'urn:oid:2.49.0.1.840.0.7f3c2a1b9d8e4f60a1b2c3d4e5f60718.001.1',
      event: 'Winter Weather Advisory',
      headline:
        'Winter Weather Advisory issued November 22 at 8:12AM CST until November 23 at 6:00AM CST by NWS Topeka KS',
      severity: 'Moderate',
      urgency: 'Expected',
      certainty: 'Likely',
      status: 'Actual',
      message_type: 'Alert',
      category: 'Met',
      area: 'Washington; Marshall',
      sent: '2026-11-22T08:12:00-06:00',
      effective: '2026-11-22T08:12:00-06:00',
      onset: '2026-11-22T18:00:00-06:00',
      expires: '2026-11-22T16:15:00-06:00',
      ends: '2026-11-23T06:00:00-06:00',
      sender: 'NWS Topeka KS',
      description:
        '* WHAT...Snow expected. Total snow accumulations of 2 to 4 inches.\n\n* WHERE...Washington and Marshall ' +
        'Counties.',
      instruction: 'Slow down and use caution while traveling.',
      response: 'Execute',
    },
  ],
  updated: '2026-11-22T14:00:00+00:00',
  source: 'nws',
  attribution: NWS,
  freshness: FRESH_T0,
};

// The real group over a real NATS server, its upstreams replayed by a local fake server.
describe('weather over NATS', () => {
  let now = T0;
  const {
    fake,
    use,
    call,
    fixture: fx,
  } = groupHarness({
    name: 'weather',
    start: startWeather,
    fixtures: join(__dirname, 'fixtures'),
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      WEATHER_OPENMETEO_BASE_URL: u.fake,
      WEATHER_METNO_BASE_URL: `${u.fake}/weatherapi`,
      WEATHER_NWS_BASE_URL: u.fake,
    }),
  });
  const data = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.err).toBeUndefined();
    return reply.response!.data;
  };

  it('serves its health: status, sources with licence terms, tolls, cache stats and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'weather', title: 'Weather', status: 'ok' });
    expect(health.endpoints.map((e: any) => e.operation_id)).toEqual([
      'weather.getCurrent',
      'weather.getForecast',
      'weather.getAlerts',
      'weather.getHealth',
    ]);
    expect(health.tolls).toEqual(
      tollsOf([
        ['weather.getCurrent', 'GET', '/toll/weather/current', '0.005'],
        ['weather.getForecast', 'GET', '/toll/weather/forecast', '0.005'],
        ['weather.getAlerts', 'GET', '/toll/weather/alerts', '0.005'],
        ['weather.getHealth', 'GET', '/toll/weather/health', null],
      ]),
    );
    expect(health.sources).toEqual([
      {
        id: 'open-meteo',
        role: 'primary: current conditions and daily forecast',
        enabled: true,
        base_url: fake.url,
        license: 'CC BY 4.0',
        terms:
          'The keyless API is for non-commercial use only (600/min, 5,000/h, 10,000/day); commercial use needs a ' +
          'paid API key (customer-api.open-meteo.com) or a self-hosted Open-Meteo (AGPLv3)',
        last_success_at: null,
        last_failure: null,
      },
      {
        id: 'met-norway',
        role: 'fallback: current conditions and daily forecast (about 9 days)',
        enabled: true,
        base_url: `${fake.url}/weatherapi`,
        license: 'CC BY 4.0 / NLOD',
        terms:
          'Keyless, commercial use allowed with credit; identifying User-Agent required; at most 20 requests/s ' +
          'per application',
        last_success_at: null,
        last_failure: null,
      },
      {
        id: 'nws',
        role: 'alerts: active alerts for US points',
        enabled: true,
        base_url: fake.url,
        license: 'Public domain (US Government work)',
        terms: 'Keyless; User-Agent with contact required; US points only',
        last_success_at: null,
        last_failure: null,
      },
    ]);
    expect(health.cache).toEqual({
      entries: 0,
      hits: 0,
      misses: 0,
      stale: 0,
      errors: 0,
      rounding: 'coordinates rounded to 0.01° (2 decimals) for cache keys and upstream calls',
    });
  });

  it('getCurrent: both unit systems from one Open-Meteo response, at the rounded point', async () => {
    use('open-meteo/current-berlin');
    expect(await data('getCurrent', BERLIN)).toEqual(BERLIN_CURRENT);
    expect(fake.hits).toEqual([
      {
        method: 'GET',
        path: '/v1/forecast',
        query: {
          latitude: '52.52',
          longitude: '13.41',
          current: fx('open-meteo/current-berlin').request.query!.current,
          timezone: 'auto',
          temperature_unit: 'celsius',
          wind_speed_unit: 'kmh',
          precipitation_unit: 'mm',
        },
      },
    ]);
  });

  it('getCurrent: a nearby point that rounds to the same 0.01° cell is served from the cache', async () => {
    use();
    expect(await data('getCurrent', { lat: 52.5198, lon: 13.4121 })).toEqual({
      ...BERLIN_CURRENT,
      location: { ...BERLIN_LOCATION, requested: { latitude: 52.5198, longitude: 13.4121 } },
    });
    expect(fake.hits).toEqual([]);
  });

  it('getForecast: daily forecast for the days asked', async () => {
    use('open-meteo/forecast-berlin-3d');
    expect(await data('getForecast', { ...BERLIN, days: 3 })).toEqual({
      location: BERLIN_LOCATION,
      days_requested: 3,
      days: [
        {
          date: '2026-11-22',
          condition: 'Slight rain',
          weather_code: 61,
          symbol_code: null,
          precipitation_probability_pct: 90,
          uv_index_max: 0.9,
          sunrise: '2026-11-22T07:38:00+01:00',
          sunset: '2026-11-22T16:00:00+01:00',
          metric: { temperature_max_c: 7.1, temperature_min_c: 2.3, precipitation_mm: 3.4, wind_speed_max_kmh: 22.3 },
          imperial: {
            temperature_max_f: 44.8,
            temperature_min_f: 36.1,
            precipitation_in: 0.13,
            wind_speed_max_mph: 13.9,
          },
        },
        {
          date: '2026-11-23',
          condition: 'Overcast',
          weather_code: 3,
          symbol_code: null,
          precipitation_probability_pct: 20,
          uv_index_max: 1.1,
          sunrise: '2026-11-23T07:40:00+01:00',
          sunset: '2026-11-23T15:59:00+01:00',
          metric: { temperature_max_c: 5.2, temperature_min_c: 1, precipitation_mm: 0, wind_speed_max_kmh: 15.1 },
          imperial: { temperature_max_f: 41.4, temperature_min_f: 33.8, precipitation_in: 0, wind_speed_max_mph: 9.4 },
        },
        {
          date: '2026-11-24',
          condition: 'Slight rain showers',
          weather_code: 80,
          symbol_code: null,
          precipitation_probability_pct: 65,
          uv_index_max: 0.8,
          sunrise: '2026-11-24T07:41:00+01:00',
          sunset: '2026-11-24T15:58:00+01:00',
          metric: { temperature_max_c: 4, temperature_min_c: -0.6, precipitation_mm: 1.2, wind_speed_max_kmh: 28.9 },
          imperial: {
            temperature_max_f: 39.2,
            temperature_min_f: 30.9,
            precipitation_in: 0.05,
            wind_speed_max_mph: 18,
          },
        },
      ],
      source: 'open-meteo',
      attribution: OPEN_METEO,
      notes: [],
      freshness: FRESH_T0,
    });
    expect(fake.hits.map((h) => [h.path, h.query.forecast_days, h.query.daily])).toEqual([
      [
        '/v1/forecast',
        '3',
        'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,' +
          'wind_speed_10m_max,sunrise,sunset,uv_index_max',
      ],
    ]);
  });

  it('getForecast: 7 days by default; values the model lacks are null', async () => {
    use('open-meteo/forecast-berlin-7d');
    const forecast = await data('getForecast', BERLIN);
    expect(fake.hits.map((h) => h.query.forecast_days)).toEqual(['7']);
    expect(forecast.days_requested).toBe(7);
    expect(forecast.days.map((d: any) => d.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(forecast.days[6]).toEqual({
      date: '2026-11-28',
      condition: 'Unknown',
      weather_code: null,
      symbol_code: null,
      precipitation_probability_pct: null,
      uv_index_max: null,
      sunrise: '2026-11-28T07:47:00+01:00',
      sunset: '2026-11-28T15:54:00+01:00',
      metric: { temperature_max_c: 6.1, temperature_min_c: 1.8, precipitation_mm: 0.1, wind_speed_max_kmh: 14.2 },
      imperial: { temperature_max_f: 43, temperature_min_f: 35.2, precipitation_in: 0, wind_speed_max_mph: 8.8 },
    });
  });

  it('getAlerts: active NWS alerts for a US point', async () => {
    use('nws/alerts-kansas');
    expect(await data('getAlerts', KANSAS)).toEqual(KANSAS_ALERTS);
    expect(fake.hits).toEqual([{ method: 'GET', path: '/alerts/active', query: { point: '39.75,-97.09' } }]);
  });

  it('getAlerts: a recorded real alert with `ends` null, an empty `instruction` and no `senderName` is read, empties as null', async () => {
    use('nws/alerts-new-mexico');
    const answer = await data('getAlerts', { lat: 34.49705, lon: -108.2084 });
    expect(answer).toMatchObject({ in_coverage: true, count: 1, updated: null, source: 'nws' });
    expect(answer.alerts[0]).toMatchObject({
      id: 'NWS-IDP-PROD-2587691',
      event: 'Special Weather Statement',
      onset: '2017-12-05T23:04:00+00:00',
      expires: '2017-12-06T11:00:00+00:00',
      ends: null,
      sender: null,
      instruction: null,
      response: 'Execute',
    });
    expect(fake.hits).toEqual([{ method: 'GET', path: '/alerts/active', query: { point: '34.5,-108.21' } }]);
  });

  it('getAlerts: an alert whose `ends` and `instruction` are null is read as such', async () => {
    use('nws/alerts-oklahoma-null-fields');
    const answer = await data('getAlerts', { lat: 35.4676, lon: -97.5164 });
    expect(answer).toMatchObject({ count: 1, updated: '2026-11-22T15:00:00+00:00' });
    expect(answer.alerts[0]).toMatchObject({
      event: 'Special Weather Statement',
      ends: null,
      instruction: null,
      sender: 'NWS Norman OK',
    });
  });

  it('getAlerts: a US point without alerts (NWS empty features) is an empty list, not an error', async () => {
    use('nws/alerts-miami-empty');
    expect(await data('getAlerts', { lat: 25.7743, lon: -80.1937 })).toEqual({
      location: {
        latitude: 25.77,
        longitude: -80.19,
        precision_deg: 0.01,
        requested: { latitude: 25.7743, longitude: -80.1937 },
        timezone: 'America/New_York',
        elevation_m: null,
      },
      coverage: 'US only',
      in_coverage: true,
      note: null,
      count: 0,
      alerts: [],
      updated: '2026-11-22T14:00:00+00:00',
      source: 'nws',
      attribution: NWS,
      freshness: FRESH_T0,
    });
  });

  it('getAlerts: a non-US point answers 200 with an empty list and a note, asking no upstream', async () => {
    use();
    expect(await data('getAlerts', BERLIN)).toEqual({
      location: { ...BERLIN_LOCATION, elevation_m: null },
      coverage: 'US only',
      in_coverage: false,
      note:
        'Alerts come from the US National Weather Service and cover US points only; 52.52,13.41 (Europe/Berlin) is ' +
        'outside the US.',
      count: 0,
      alerts: [],
      updated: null,
      source: null,
      attribution: null,
      freshness: null,
    });
    expect(fake.hits).toEqual([]);
  });

  it.each([
    ['getCurrent', { lon: 10 }, 'lat', 'Invalid input: expected number, received undefined'],
    ['getCurrent', { lat: 10 }, 'lon', 'Invalid input: expected number, received undefined'],
    ['getCurrent', { lat: 90.01, lon: 0 }, 'lat', 'Too big: expected number to be <=90'],
    ['getCurrent', { lat: -90.01, lon: 0 }, 'lat', 'Too small: expected number to be >=-90'],
    ['getCurrent', { lat: 0, lon: 180.5 }, 'lon', 'Too big: expected number to be <=180'],
    ['getCurrent', { lat: 0, lon: -180.5 }, 'lon', 'Too small: expected number to be >=-180'],
    ['getCurrent', { lat: 'north', lon: 0 }, 'lat', 'Invalid input: expected number, received string'],
    ['getCurrent', { lat: 0, lon: 0, units: 'imperial' }, 'units', 'is not an accepted field'],
    ['getForecast', { lat: 0, lon: 0, days: 0 }, 'days', 'Too small: expected number to be >=1'],
    ['getForecast', { lat: 0, lon: 0, days: 17 }, 'days', 'Too big: expected number to be <=16'],
    ['getForecast', { lat: 0, lon: 0, days: 2.5 }, 'days', 'Invalid input: expected int, received number'],
    ['getForecast', { lat: 91, lon: 0 }, 'lat', 'Too big: expected number to be <=90'],
    ['getAlerts', { lat: 0, lon: 181 }, 'lon', 'Too big: expected number to be <=180'],
    ['getAlerts', { lat: 0 }, 'lon', 'Invalid input: expected number, received undefined'],
    ['getHealth', { verbose: true }, 'verbose', 'is not an accepted field'],
  ])('%s refuses %j: INVALID_INPUT on %s', async (operation, input, field, message) => {
    use();
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('getCurrent: primary down (503) → MET Norway answers, named in the response', async () => {
    use('open-meteo/unavailable-503', 'met-norway/compact-oslo');
    expect(await data('getCurrent', OSLO)).toEqual({
      location: OSLO_LOCATION,
      current: {
        time: '2026-11-22T15:00:00+01:00',
        condition: 'Light snow',
        weather_code: null,
        symbol_code: 'lightsnow',
        is_day: null,
        relative_humidity_pct: 88.5,
        cloud_cover_pct: 96.1,
        wind_direction_deg: 190.3,
        metric: {
          temperature_c: 1.2,
          apparent_temperature_c: null,
          precipitation_mm: 0.3,
          wind_speed_kmh: 12.2,
          wind_gusts_kmh: null,
          pressure_hpa: 1012.4,
        },
        imperial: {
          temperature_f: 34.2,
          apparent_temperature_f: null,
          precipitation_in: 0.01,
          wind_speed_mph: 7.6,
          wind_gusts_mph: null,
          pressure_inhg: 29.9,
        },
      },
      source: 'met-norway',
      attribution: MET_NORWAY,
      notes: [
        'open-meteo failed (UPSTREAM_ERROR: open-meteo answered HTTP 503); answered by the fallback met-norway',
        'MET Norway values are the model forecast for the current hour; precipitation is the forecast for the ' +
          'next hour; apparent temperature and gusts are not available',
      ],
      freshness: FRESH_T0,
    });
    // No retry on the primary: straight to the fallback.
    expect(fake.hits.map((h) => [h.path, h.query.lat ?? h.query.latitude])).toEqual([
      ['/v1/forecast', '59.91'],
      ['/weatherapi/locationforecast/2.0/compact', '59.91'],
    ]);
  });

  it('getForecast: an Open-Meteo 200 with an error body is a failure → MET Norway days, fewer than asked, with notes', async () => {
    use('open-meteo/error-body-200-oslo', 'met-norway/compact-oslo');
    expect(await data('getForecast', { ...OSLO, days: 16 })).toEqual({
      location: OSLO_LOCATION,
      days_requested: 16,
      days: [
        {
          date: '2026-11-22',
          condition: 'Snow',
          weather_code: null,
          symbol_code: 'snow',
          precipitation_probability_pct: null,
          uv_index_max: null,
          sunrise: null,
          sunset: null,
          metric: { temperature_max_c: 1.2, temperature_min_c: 0.1, precipitation_mm: 2.4, wind_speed_max_kmh: 15.1 },
          imperial: {
            temperature_max_f: 34.2,
            temperature_min_f: 32.2,
            precipitation_in: 0.09,
            wind_speed_max_mph: 9.4,
          },
        },
        {
          date: '2026-11-23',
          condition: 'Light rain showers',
          weather_code: null,
          symbol_code: 'lightrainshowers_day',
          precipitation_probability_pct: null,
          uv_index_max: null,
          sunrise: null,
          sunset: null,
          metric: { temperature_max_c: 0.8, temperature_min_c: -2.4, precipitation_mm: 0.5, wind_speed_max_kmh: 16.6 },
          imperial: {
            temperature_max_f: 33.4,
            temperature_min_f: 27.7,
            precipitation_in: 0.02,
            wind_speed_max_mph: 10.3,
          },
        },
        {
          date: '2026-11-24',
          condition: 'Light sleet showers and thunder',
          weather_code: null,
          symbol_code: 'lightssleetshowersandthunder_day',
          precipitation_probability_pct: null,
          uv_index_max: null,
          sunrise: null,
          sunset: null,
          metric: { temperature_max_c: 1, temperature_min_c: -1.1, precipitation_mm: 8.9, wind_speed_max_kmh: 26.6 },
          imperial: {
            temperature_max_f: 33.8,
            temperature_min_f: 30,
            precipitation_in: 0.35,
            wind_speed_max_mph: 16.6,
          },
        },
      ],
      source: 'met-norway',
      attribution: MET_NORWAY,
      notes: [
        'open-meteo failed (UPSTREAM_ERROR: open-meteo answered with an unexpected shape); answered by the ' +
          'fallback met-norway',
        MET_FORECAST_NOTE,
        'MET Norway covers 3 days here; 16 were asked for',
      ],
      freshness: FRESH_T0,
    });
  });

  it('getAlerts: an NWS 200 with a problem+json body is an upstream error', async () => {
    use('nws/error-body-200-denver');
    expect((await call('getAlerts', { lat: 39.7392, lon: -104.9903 })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'nws answered with an unexpected shape',
      details: {
        upstream: 'nws',
        issues: [
          { field: 'type', message: 'Invalid input: expected "FeatureCollection"' },
          { field: 'features', message: 'Invalid input: expected array, received undefined' },
        ],
      },
    });
  });

  it('all providers down, cached values past their fresh time → served stale with as_of and reason', async () => {
    now = T0 + 11 * MINUTE; // current is fresh for 10 min (stale up to 60 more), alerts for 2 (stale up to 10 more)
    use(...ALL_DOWN);
    expect(await data('getCurrent', BERLIN)).toEqual({
      ...BERLIN_CURRENT,
      freshness: {
        as_of: '2026-11-22T14:20:00.000Z',
        stale: true,
        reason:
          'UPSTREAM_ERROR: No weather provider answered: open-meteo: open-meteo answered HTTP 503; met-norway: ' +
          'met-norway answered HTTP 503',
      },
    });
    expect(await data('getAlerts', KANSAS)).toEqual({
      ...KANSAS_ALERTS,
      freshness: { as_of: '2026-11-22T14:20:00.000Z', stale: true, reason: 'UPSTREAM_ERROR: nws answered HTTP 503' },
    });
  });

  it('all providers down and nothing cached → the error envelope (the gateway then releases the payment)', async () => {
    use(...ALL_DOWN);
    expect((await call('getCurrent', { lat: 48.8566, lon: 2.3522 })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message:
        'No weather provider answered: open-meteo: open-meteo answered HTTP 503; met-norway: met-norway answered ' +
        'HTTP 503',
      details: {
        attempts: [
          { source: 'open-meteo', code: 'UPSTREAM_ERROR', message: 'open-meteo answered HTTP 503' },
          { source: 'met-norway', code: 'UPSTREAM_ERROR', message: 'met-norway answered HTTP 503' },
        ],
      },
    });
    expect((await call('getAlerts', { lat: 47.6062, lon: -122.3321 })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'nws answered HTTP 503',
      details: { upstream: 'nws', status: 503 },
    });
  });

  it('a stale value past its stale window is no longer served', async () => {
    now = T0 + 71 * MINUTE; // beyond 10 min fresh + 60 min stale
    use(...ALL_DOWN);
    expect((await call('getCurrent', BERLIN)).err).toMatchObject({ code: 'UPSTREAM_ERROR' });
  });

  it.each([
    ['getCurrent', { lat: 41.9, lon: 12.5 }, 'open-meteo/slow-rome'],
    ['getAlerts', { lat: 42.36, lon: -71.06 }, 'nws/slow-boston'],
  ])(
    '%s: a caller deadline shorter than a slow upstream → UPSTREAM_TIMEOUT promptly',
    async (operation, input, slow) => {
      use(slow, ...ALL_DOWN);
      const started = Date.now();
      const { err } = await call(operation, input, 300);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toEqual({ code: 'UPSTREAM_TIMEOUT', message: expect.any(String), details: expect.any(Object) });
      expect(err.message).toMatch(/did not answer in \d+ ms/);
    },
  );

  it('health turns degraded after failures and counts the cache', async () => {
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.sources.map((s: any) => [s.id, s.last_failure?.code])).toEqual([
      ['open-meteo', 'UPSTREAM_TIMEOUT'],
      ['met-norway', 'UPSTREAM_TIMEOUT'],
      ['nws', 'UPSTREAM_TIMEOUT'],
    ]);
    expect(health.cache).toMatchObject({ entries: 9, stale: 2 });
  });

  it('getForecast: days before today (the clock moved on since the fetch) are left out, never listed as the forecast', async () => {
    use('open-meteo/forecast-berlin-3d');
    now = Date.parse('2026-11-23T12:00:00Z');
    const answer = await data('getForecast', { ...BERLIN, days: 3 });
    expect(answer.days.map((d: { date: string }) => d.date)).toEqual(['2026-11-23', '2026-11-24']);
    expect(answer.notes).toContainEqual(
      expect.stringMatching(
        /^1 day\(s\) before today \(2026-11-23, Europe\/Berlin\) left out: the forecast was fetched 2026-11-23T12:00:00\.000Z\.$/,
      ),
    );
    now = Date.parse('2026-11-26T12:00:00Z');
    expect((await call('getForecast', { ...BERLIN, days: 3 })).err).toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { today: '2026-11-26' },
    });
  });
});
