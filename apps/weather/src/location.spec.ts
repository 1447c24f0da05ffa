import { isUsPoint, pointKey, roundPoint, timezoneOf } from './location';

describe('location', () => {
  it('rounds to 2 decimals for the upstream call and the cache key', () => {
    expect(roundPoint({ lat: 52.5201, lon: 13.4089 })).toEqual({ latitude: 52.52, longitude: 13.41 });
    expect(pointKey(roundPoint({ lat: -0.001, lon: 179.999 }))).toBe('0.00,180.00');
  });

  it.each([
    ['New York', 40.71, -74.01, true],
    ['Honolulu', 21.31, -157.86, true],
    ['Anchorage', 61.22, -149.9, true],
    ['San Juan', 18.47, -66.11, true],
    ['Guam', 13.47, 144.75, true],
    ['Pago Pago (American Samoa)', -14.28, -170.7, true],
    ['Apia (Samoa)', -13.83, -171.76, false],
    ['Toronto', 43.65, -79.38, false],
    ['Tijuana', 32.53, -117.04, false],
    ['London', 51.51, -0.13, false],
    ['open Atlantic', 30, -40, false],
  ])('%s counts as a US point: %s', (_name, lat, lon, us) => {
    const p = roundPoint({ lat, lon });
    expect(isUsPoint(p, timezoneOf(p))).toBe(us);
  });
});
