import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './screener.schemas';
import { ScreenerService } from './screener.service';

const SOURCE =
  "Runs locally over a snapshot rebuilt nightly from Nasdaq's stock screener (prices, market caps, sectors) and " +
  'SEC XBRL frames (revenue, net income, ' +
  'operating income, equity, dividends); answers carry evaluated_count, match_count and the snapshot as_of.';

@Controller()
export class ScreenerController {
  constructor(private readonly screener: ScreenerService) {}

  @TollRoute({
    operationId: 'screener.screen',
    method: 'POST',
    path: '/toll/screener/screen',
    summary:
      'Screen US stocks by market cap, sector, price, P/E, price/book, net and operating margin, revenue growth ' +
      'and dividend yield ranges, sorted, up to 100 rows with evaluated_count and match_count',
    description: SOURCE,
    asks: [
      'find large cap tech stocks with P/E under 20',
      'filter US stocks by dividend yield and margins',
      'list undervalued companies with revenue growth',
      'stock screen by sector and market cap, sorted',
      'which stocks have price to book below 1',
      'stocks with dividend yield over 4% in utilities',
      'filter equities by valuation and growth',
      'find profitable small caps',
    ],
    price: PRICES.screen,
    input: S.ScreenInput,
    output: S.ScreenOutput,
    timeoutMs: 5_000,
    errors: ['UPSTREAM_ERROR'],
  })
  screen(msg: TollMessage<S.ScreenInput>) {
    return this.screener.screen(msg.input);
  }

  @TollRoute({
    operationId: 'screener.preview',
    method: 'POST',
    path: '/toll/screener/preview',
    summary:
      'Free preview of a stock screen: how many US stocks match the filters and the first 3 tickers, before ' +
      'paying for the full results',
    description: SOURCE,
    asks: [
      'how many stocks match these filters before I pay',
      'free count of a stock screen and first tickers',
      'try a screen without paying for full results',
      'preview screener results',
      'count matches of my stock filters for free',
      'first three tickers of a screen before paying',
      'number of stocks that meet my screening criteria',
      'how many stocks pass a dividend yield or valuation filter',
    ],
    price: PRICES.preview,
    input: S.PreviewInput,
    output: S.PreviewOutput,
    timeoutMs: 5_000,
    errors: ['UPSTREAM_ERROR'],
  })
  preview(msg: TollMessage<S.PreviewInput>) {
    return this.screener.preview(msg.input);
  }

  @TollRoute({
    operationId: 'screener.getStock',
    method: 'GET',
    path: '/toll/screener/stock/{ticker}',
    summary:
      'Valuation ratios of one ticker: P/E, price to book, net and operating margin, revenue growth, dividend ' +
      'yield, market cap and sector of a single US stock from the screener data',
    description: SOURCE,
    asks: [
      'valuation ratios of one stock',
      "what is Apple's P/E and dividend yield",
      'market cap and sector of a ticker',
      'price to book and margins for a single company',
      'dividend yield and P/E of a single ticker',
      'how is one stock valued: ratios and margins',
      'look up the valuation multiples of one listed company',
      'fundamentals of a single company by its ticker',
    ],
    price: PRICES.getStock,
    input: S.TickerInput,
    output: S.StockOutput,
    timeoutMs: 5_000,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getStock(msg: TollMessage<S.TickerInput>) {
    return this.screener.stock(msg.input);
  }

  @TollRoute({
    operationId: 'screener.getHealth',
    method: 'GET',
    path: '/toll/screener/health',
    summary:
      'Stock screener status: when the data was last rebuilt, how many stocks it covers, last build outcome, ' +
      'screenable fields and sectors, tolls and endpoint catalog',
    asks: [
      'is the stock screener up',
      'when was the screener data last rebuilt',
      'which fields and sectors can I screen on',
      'screener service status',
      'stock screener data freshness and coverage',
      'screenable fields of the screener',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.screener.health();
  }
}
