import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './short.schemas';
import { ShortService } from './short.service';

const TIMEOUT_MS = 5_000; // answered from our own database
const SOURCE =
  "Source: FINRA's semi-monthly consolidated short interest files, loaded into our database as they are " +
  'published (about 7 business days after ' +
  'settlement); every answer gives both the settlement date and the publication date.';

@Controller()
export class ShortController {
  constructor(private readonly shorts: ShortService) {}

  @TollRoute({
    operationId: 'short.getShort',
    method: 'GET',
    path: '/toll/short/short/{ticker}',
    summary:
      'Latest short interest for a US-listed ticker: shares short, previous period, change, average daily ' +
      'volume, days to cover, settlement and publication dates',
    description: `${SOURCE} A ticker absent from the data is a 404 and the payment stays unused.`,
    asks: [
      'short interest in GameStop',
      'how many shares of a stock are sold short and days to cover',
      'is a ticker heavily shorted',
      'latest bearish positions on a US stock',
      'change in short position since last period',
      'days to cover for a ticker',
      'how many shares of a stock are sold short',
      'short float of a stock',
    ],
    price: PRICES.getShort,
    input: S.TickerInput,
    output: S.GetShortOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND'],
  })
  getShort(msg: TollMessage<S.TickerInput>) {
    return this.shorts.short(msg.input);
  }

  @TollRoute({
    operationId: 'short.getMostShorted',
    method: 'GET',
    path: '/toll/short/most-shorted',
    summary: 'Top 20 most-shorted US stocks by days to cover for the latest settlement date (liquidity floor applied)',
    description: `${SOURCE} Exchange-listed only, average daily volume at least the stated floor.`,
    asks: [
      'most shorted stocks right now',
      'which US stocks have the highest days to cover',
      'top short squeeze candidates',
      'ranking of heavily shorted equities',
      'stocks with the biggest short positions',
      'heavily shorted names by days to cover this period',
      'list of tickers with the largest short interest',
    ],
    price: PRICES.getMostShorted,
    input: S.EmptyInput,
    output: S.GetMostShortedOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getMostShorted() {
    return this.shorts.mostShorted();
  }

  @TollRoute({
    operationId: 'short.getHealth',
    method: 'GET',
    path: '/toll/short/health',
    summary: 'Short interest sync status: last settlement date loaded, when, next expected; tolls and endpoint catalog',
    asks: [
      'is the short interest service up',
      'when was short interest data last loaded',
      'next expected short interest update',
      'status of the short data sync',
      'which settlement date is loaded for short data',
      'when will short interest refresh',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.shorts.health();
  }
}
