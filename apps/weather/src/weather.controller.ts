import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './weather.schemas';
import { WeatherService } from './weather.service';

// Room for the primary's own timeout (4 s by default) and then the fallback's.
const TIMEOUT_MS = 10_000;
const CREDIT =
  'Sources: Open-Meteo (primary; data CC BY 4.0; its keyless API is non-commercial only, so paid deployments use ' +
  'an API key), ' +
  'MET Norway (fallback; CC BY 4.0 / NLOD). Coordinates are rounded to 2 decimals (about 1.1 km) for the ' +
  'upstream call and the cache; ' +
  'the response names the source, and stale data (all providers down) is labelled stale with as_of and reason.';

@Controller()
export class WeatherController {
  constructor(private readonly weather: WeatherService) {}

  @TollRoute({
    operationId: 'weather.getCurrent',
    method: 'GET',
    path: '/toll/weather/current',
    summary: 'Current conditions at a point, in metric and imperial units computed from one upstream response',
    description: CREDIT,
    asks: [
      'what is the weather right now in Tokyo',
      'current temperature and wind at these coordinates',
      'is it raining at this location now',
      'how hot is it outside here',
      'conditions at the moment in London',
      'current weather at latitude and longitude',
      'current precipitation and cloud cover here',
      'temperature outside at the moment',
    ],
    price: PRICES.getCurrent,
    input: S.CurrentInput,
    output: S.GetCurrentOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['open-meteo', 'met-norway'],
    errors: ['UPSTREAM_ERROR'],
  })
  getCurrent(msg: TollMessage<S.PointInput>) {
    return this.weather.current(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'weather.getForecast',
    method: 'GET',
    path: '/toll/weather/forecast',
    summary: 'Daily forecast at a point for 1-16 days (default 7), metric and imperial',
    description: `${CREDIT} MET Norway reaches about 9 days; fewer days than asked are then returned with a note.`,
    asks: [
      'weather forecast for the next week',
      'will it rain tomorrow in Chicago',
      'daily highs and lows for the coming days',
      'do I need an umbrella this weekend',
      '10-day forecast at a point',
      'rain chances for the next few days',
      'forecast for tomorrow at these coordinates',
      'will it be sunny on Saturday',
    ],
    price: PRICES.getForecast,
    input: S.ForecastInput,
    output: S.GetForecastOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['open-meteo', 'met-norway'],
    errors: ['UPSTREAM_ERROR'],
  })
  getForecast(msg: TollMessage<S.ForecastInput>) {
    return this.weather.forecast(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'weather.getAlerts',
    method: 'GET',
    path: '/toll/weather/alerts',
    summary: 'Active US National Weather Service alerts at a point; non-US points get an empty list and a note',
    description:
      'Source: api.weather.gov (public domain). Coverage is US only (the 50 states and the territories), judged ' +
      'offline from the ' +
      "point's time zone; elsewhere the answer is 200 with alerts [] and in_coverage false. Coordinates are " +
      'rounded to 2 decimals.',
    asks: [
      'weather warnings in effect near me',
      'active storm or flood alerts in Florida',
      'tornado warning at this location',
      'National Weather Service advisories for a point',
      'hurricane watch in effect here',
      'tornado or blizzard alerts active in a US county',
      'flash flood or heat advisory at a location',
      'NWS alerts for a US point',
    ],
    price: PRICES.getAlerts,
    input: S.AlertsInput,
    output: S.GetAlertsOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['nws'],
    errors: ['UPSTREAM_ERROR'],
  })
  getAlerts(msg: TollMessage<S.PointInput>) {
    return this.weather.alerts(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'weather.getHealth',
    method: 'GET',
    path: '/toll/weather/health',
    summary: 'Weather service status, sources with their licence terms, tolls, cache stats and endpoint catalog',
    asks: [
      'is the weather service up',
      'weather API status and sources',
      'is the forecast provider working',
      'weather service cache and licence terms',
      'is the weather provider reachable',
      'weather sources licence and status',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.weather.health();
  }
}
