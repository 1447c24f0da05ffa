import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './macro.schemas';
import { MacroService } from './macro.service';
import { PRICES } from './pricing';

// Room for the FRED API, then its CSV fallback.
const SERIES_TIMEOUT_MS = 12_000;
const FRED =
  'Source: FRED (Federal Reserve Bank of St. Louis), the API with its keyless CSV as fallback, cached 6 h ' +
  '(served stale up to 30 days, ' +
  'labelled). An unknown or copyrighted series is a 404 and the payment stays unused.';

@Controller()
export class MacroController {
  constructor(private readonly macro: MacroService) {}

  @TollRoute({
    operationId: 'macro.getLatest',
    method: 'GET',
    path: '/toll/macro/latest/{series}',
    summary:
      'Latest value of a US macroeconomic series (CPI inflation, unemployment rate, GDP, Fed funds policy rate, ' +
      'Treasury yields, national debt) by friendly name or FRED id, with units, frequency, seasonal adjustment ' +
      'and release date',
    description: FRED,
    asks: [
      'current US inflation rate',
      'what is the unemployment rate now',
      'latest fed funds rate',
      "today's 10-year treasury yield",
      'how big is the national debt',
      'most recent GDP number',
      'current CPI reading',
      'latest jobless rate in the US',
      'what is the interest rate set by the Fed',
      'the newest single value of an economic series, not its past',
      'most recent reading of a FRED indicator',
    ],
    price: PRICES.getLatest,
    input: S.SeriesInput,
    output: S.GetLatestOutput,
    timeoutMs: SERIES_TIMEOUT_MS,
    sources: ['fred', 'fred-csv'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getLatest(msg: TollMessage<S.SeriesInput>) {
    return this.macro.latest(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'macro.getHistory',
    method: 'GET',
    path: '/toll/macro/history/{series}',
    summary:
      'History of a US economic series over time, for charts: CPI inflation, unemployment, real GDP growth, ' +
      'federal funds rate, Treasury yields, national debt; monthly, quarterly or daily values since a start ' +
      'date, up to 1000 points',
    description: FRED,
    asks: [
      'chart of US inflation over the past ten years',
      'unemployment rate history since 2000',
      'how interest rates changed over time',
      'time series of treasury yields',
      'GDP growth by quarter for a graph',
      'historical CPI values for a chart',
      'how has the national debt grown over the years',
      'past values of an economic indicator as a series',
    ],
    price: PRICES.getHistory,
    input: S.HistoryInput,
    output: S.GetHistoryOutput,
    timeoutMs: SERIES_TIMEOUT_MS,
    sources: ['fred', 'fred-csv'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getHistory(msg: TollMessage<S.HistoryInput>) {
    return this.macro.history(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'macro.getRepresentatives',
    method: 'GET',
    path: '/toll/macro/representatives',
    summary:
      'Who represents a US street address or map point in Congress: my congressman or congresswoman (House ' +
      'representative), both senators, the congressional district, state and county, with phone and website',
    description:
      'Sources: US Census geocoder (public domain) for the district, the congress-legislators dataset (CC0) for ' +
      'the members. Federal level only: state and local officials are not covered. ' +
      'A point outside the US or an address the geocoder cannot match is a 404 and the payment stays unused.',
    asks: [
      'who is my congressman for this address',
      'which senators represent this location',
      'find my House representative and congressional district',
      'elected officials in Congress for a street address',
      'who represents me in Washington',
      'my senators for a zip code address',
      'congressional district of a location',
    ],
    price: PRICES.getRepresentatives,
    input: S.CivicInput,
    output: S.GetRepresentativesOutput,
    timeoutMs: 15_000,
    sources: ['census'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getRepresentatives(msg: TollMessage<S.CivicInput>) {
    return this.macro.representatives(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'macro.listSeries',
    method: 'GET',
    path: '/toll/macro/series',
    summary:
      'List of the economic indicators available by name (cpi, unemployment_rate, gdp, fed_funds_rate, ' +
      'treasury_10y, national_debt, …) with FRED id, units and frequency',
    asks: [
      'which economic indicators can I query',
      'ids of every macroeconomic series on offer',
      'names of the available macro series',
      'list the FRED series you support with units',
      'what economic data is available',
      'which indicators does the macro service know',
      'available economic series names and FRED ids',
    ],
    price: PRICES.listSeries,
    input: S.EmptyInput,
    output: S.ListSeriesOutput,
    timeoutMs: 2_000,
  })
  listSeries() {
    return this.macro.listSeries();
  }

  @TollRoute({
    operationId: 'macro.getHealth',
    method: 'GET',
    path: '/toll/macro/health',
    summary:
      'Macro economic data and civic lookup service status: is it working, source terms, FRED key and governor, ' +
      'tolls, cache stats and endpoint catalog',
    asks: [
      'is the macro economics service up',
      'status of the economic data and civic lookup service',
      'is the FRED-backed service working',
      'macro service rate limit and cache',
      'macro data service FRED key and cache status',
      'is the civic lookup working',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.macro.health();
  }
}
