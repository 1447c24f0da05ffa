import type { Condition } from './weather.model';

// WMO 4677 weather interpretation codes as Open-Meteo documents them (https://open-meteo.com/en/docs).
const WMO: Record<number, string> = {
  0: 'Clear sky',
  1: 'Mainly clear',
  2: 'Partly cloudy',
  3: 'Overcast',
  45: 'Fog',
  48: 'Depositing rime fog',
  51: 'Light drizzle',
  53: 'Moderate drizzle',
  55: 'Dense drizzle',
  56: 'Light freezing drizzle',
  57: 'Dense freezing drizzle',
  61: 'Slight rain',
  63: 'Moderate rain',
  65: 'Heavy rain',
  66: 'Light freezing rain',
  67: 'Heavy freezing rain',
  71: 'Slight snow fall',
  73: 'Moderate snow fall',
  75: 'Heavy snow fall',
  77: 'Snow grains',
  80: 'Slight rain showers',
  81: 'Moderate rain showers',
  82: 'Violent rain showers',
  85: 'Slight snow showers',
  86: 'Heavy snow showers',
  95: 'Thunderstorm',
  96: 'Thunderstorm with slight hail',
  99: 'Thunderstorm with heavy hail',
};

export function wmoCondition(code: number | null): Condition {
  const text = code === null ? 'Unknown' : (WMO[code] ?? `WMO code ${code}`);
  return { text, weatherCode: code, symbolCode: null };
}

const MET_PLAIN: Record<string, string> = {
  clearsky: 'Clear sky',
  fair: 'Fair',
  partlycloudy: 'Partly cloudy',
  cloudy: 'Cloudy',
  fog: 'Fog',
};
// The other MET symbols compose intensity, precipitation, showers and thunder, e.g. "heavyrainshowersandthunder".
// MET's own list spells two of them "lightssleet…" and "lightssnow…", hence "lights?".
const MET_COMPOSED = /^(lights?|heavy)?(rain|sleet|snow)(showers)?(andthunder)?$/;
const MET_VARIANT = /_(day|night|polartwilight)$/;

// MET Norway symbol codes (https://api.met.no/weatherapi/weathericon/2.0/documentation) to plain text.
export function metCondition(symbol: string | null): Condition {
  if (symbol === null) return { text: 'Unknown', weatherCode: null, symbolCode: null };
  const base = symbol.replace(MET_VARIANT, '');
  const m = MET_COMPOSED.exec(base);
  const words = m
    ? [m[1] && m[1].replace(/s$/, ''), m[2], m[3], m[4] && 'and thunder'].filter(Boolean).join(' ')
    : (MET_PLAIN[base] ?? base);
  return { text: words.charAt(0).toUpperCase() + words.slice(1), weatherCode: null, symbolCode: symbol };
}

// MET marks day and night only on the symbols that differ by it ("cloudy" has no variant).
export function metIsDay(symbol: string | null): boolean | null {
  const variant = symbol && MET_VARIANT.exec(symbol)?.[1];
  return variant === 'day' ? true : variant === 'night' ? false : null;
}
