import { metCondition, metIsDay, wmoCondition } from './conditions';

describe('conditions', () => {
  it('names WMO codes as Open-Meteo documents them', () => {
    expect(wmoCondition(95)).toEqual({ text: 'Thunderstorm', weatherCode: 95, symbolCode: null });
    expect(wmoCondition(42)).toEqual({ text: 'WMO code 42', weatherCode: 42, symbolCode: null });
    expect(wmoCondition(null)).toEqual({ text: 'Unknown', weatherCode: null, symbolCode: null });
  });

  it.each([
    ['clearsky_day', 'Clear sky'],
    ['partlycloudy_polartwilight', 'Partly cloudy'],
    ['cloudy', 'Cloudy'],
    ['heavyrainshowersandthunder_night', 'Heavy rain showers and thunder'],
    ['lightssnowshowersandthunder_day', 'Light snow showers and thunder'],
    ['sleet', 'Sleet'],
    ['somethingnew', 'Somethingnew'],
  ])('reads the MET symbol %s as "%s"', (symbol, text) => {
    expect(metCondition(symbol)).toEqual({ text, weatherCode: null, symbolCode: symbol });
  });

  it('takes day or night from the symbol variant only', () => {
    expect([
      metIsDay('fair_day'),
      metIsDay('fair_night'),
      metIsDay('fair_polartwilight'),
      metIsDay('cloudy'),
      metIsDay(null),
    ]).toEqual([true, false, null, null, null]);
  });
});
