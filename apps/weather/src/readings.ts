import type { Condition, CurrentObservation, DailyForecast } from './weather.model';

// Exact conversion factors: the mile is 1.609344 km and the inch 25.4 mm by definition;
// 1 inHg is 25.4 mm of mercury at 0 °C (13595.1 kg/m³) under standard gravity (9.80665 m/s²).
const KM_PER_MILE = 1.609344;
const MM_PER_INCH = 25.4;
const HPA_PER_INHG = (0.0254 * 13595.1 * 9.80665) / 100;

export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;
export const kmhToMph = (kmh: number) => kmh / KM_PER_MILE;
export const mmToInches = (mm: number) => mm / MM_PER_INCH;
export const hpaToInHg = (hpa: number) => hpa / HPA_PER_INHG;
export const msToKmh = (ms: number) => ms * 3.6;

// Rounding happens once, on the way out, after converting: 1 decimal for most values,
// 2 for inches of rain and inches of mercury (whose units are coarse).
export function round(value: number | null, decimals = 1): number | null {
  if (value === null) return null;
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r; // no "-0"
}
const to = (value: number | null, convert: (v: number) => number, decimals = 1) =>
  value === null ? null : round(convert(value), decimals);

const condition = (c: Condition) => ({ condition: c.text, weather_code: c.weatherCode, symbol_code: c.symbolCode });

export function presentCurrent(o: CurrentObservation) {
  return {
    time: o.time,
    ...condition(o.condition),
    is_day: o.isDay,
    relative_humidity_pct: round(o.humidityPct),
    cloud_cover_pct: round(o.cloudCoverPct),
    wind_direction_deg: round(o.windDirectionDeg),
    metric: {
      temperature_c: round(o.temperatureC),
      apparent_temperature_c: round(o.apparentTemperatureC),
      precipitation_mm: round(o.precipitationMm),
      wind_speed_kmh: round(o.windSpeedKmh),
      wind_gusts_kmh: round(o.windGustsKmh),
      pressure_hpa: round(o.pressureHpa),
    },
    imperial: {
      temperature_f: to(o.temperatureC, celsiusToFahrenheit),
      apparent_temperature_f: to(o.apparentTemperatureC, celsiusToFahrenheit),
      precipitation_in: to(o.precipitationMm, mmToInches, 2),
      wind_speed_mph: to(o.windSpeedKmh, kmhToMph),
      wind_gusts_mph: to(o.windGustsKmh, kmhToMph),
      pressure_inhg: to(o.pressureHpa, hpaToInHg, 2),
    },
  };
}

export function presentDay(d: DailyForecast) {
  return {
    date: d.date,
    ...condition(d.condition),
    precipitation_probability_pct: round(d.precipitationProbabilityPct),
    uv_index_max: round(d.uvIndexMax),
    sunrise: d.sunrise,
    sunset: d.sunset,
    metric: {
      temperature_max_c: round(d.temperatureMaxC),
      temperature_min_c: round(d.temperatureMinC),
      precipitation_mm: round(d.precipitationMm),
      wind_speed_max_kmh: round(d.windSpeedMaxKmh),
    },
    imperial: {
      temperature_max_f: to(d.temperatureMaxC, celsiusToFahrenheit),
      temperature_min_f: to(d.temperatureMinC, celsiusToFahrenheit),
      precipitation_in: to(d.precipitationMm, mmToInches, 2),
      wind_speed_max_mph: to(d.windSpeedMaxKmh, kmhToMph),
    },
  };
}
