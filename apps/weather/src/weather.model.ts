// What the providers' clients hand the service: metric values as the provider gave them (or converted
// from its own units), unrounded, so both unit systems are computed from the same numbers.

export type SourceId = 'open-meteo' | 'met-norway' | 'nws';

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Condition {
  text: string;
  weatherCode: number | null; // WMO 4677 code (Open-Meteo)
  symbolCode: string | null; // MET Norway symbol (e.g. "partlycloudy_day")
}

export interface CurrentObservation {
  time: string; // ISO 8601 with the local offset
  timezone: string;
  elevationM: number | null;
  condition: Condition;
  isDay: boolean | null;
  humidityPct: number | null;
  cloudCoverPct: number | null;
  windDirectionDeg: number | null;
  temperatureC: number | null;
  apparentTemperatureC: number | null;
  precipitationMm: number | null;
  windSpeedKmh: number | null;
  windGustsKmh: number | null;
  pressureHpa: number | null;
  notes: string[];
}

export interface DailyForecast {
  date: string; // local YYYY-MM-DD
  condition: Condition;
  precipitationProbabilityPct: number | null;
  uvIndexMax: number | null;
  sunrise: string | null;
  sunset: string | null;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  windSpeedMaxKmh: number | null;
}

export interface Forecast {
  timezone: string;
  elevationM: number | null;
  days: DailyForecast[];
  notes: string[];
}

// A provider of current conditions and daily forecasts; the service tries them in order.
export interface WeatherProvider {
  readonly id: SourceId;
  readonly enabled: boolean;
  current(point: Point, deadline: number): Promise<CurrentObservation>;
  forecast(point: Point, days: number, deadline: number): Promise<Forecast>;
}
