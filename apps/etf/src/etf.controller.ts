import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './etf.schemas';
import { EtfService } from './etf.service';
import { PRICES } from './pricing';

// Room for Nasdaq's short timeout (4 s), then Massive's, then a price call.
const TIMEOUT_MS = 12_000;
const SOURCES =
  'Sources: Nasdaq quote API (primary, unofficial) and Massive/Polygon (fallback, keyed). Histories are cached ' +
  '24 h, prices 15 min; ' +
  'stale data is labelled with as_of and reason. A ticker with no distribution on record is a 404 and the ' +
  'payment stays unused.';

@Controller()
export class EtfController {
  constructor(private readonly etf: EtfService) {}

  @TollRoute({
    operationId: 'etf.getDistributions',
    method: 'GET',
    path: '/toll/etf/distributions/{ticker}',
    summary:
      'Full ETF distribution history (ex, record and pay dates, amount, type), payout frequency, ' +
      'trailing-12-month total and annualized yield',
    description:
      `${SOURCES} The yield uses the price query when given, else the latest source price, and says which price ` +
      `and when.`,
    asks: [
      'dividend history of an ETF',
      'how much does SCHD pay and how often',
      'ex-dividend and pay dates for a fund',
      'trailing twelve month yield of an exchange traded fund',
      'past payouts of JEPI',
      'when is the next ETF payout and how much',
      'distribution yield of a fund over the last year',
      'monthly dividends paid by QYLD',
    ],
    price: PRICES.getDistributions,
    input: S.DistributionsInput,
    output: S.GetDistributionsOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['nasdaq', 'polygon'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getDistributions(msg: TollMessage<S.DistributionsInput>) {
    return this.etf.distributions(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'etf.getScreener',
    method: 'GET',
    path: '/toll/etf/screener',
    summary:
      'ETFs ranked by annualized distribution per share and yield, filtered by minimum yield and payout ' +
      'frequency, over a documented universe',
    description:
      'Answers from a snapshot of the whole universe rebuilt daily in the background (never a fan-out per ' +
      'request); evaluated_count, failed and match_count make the screen provably exhaustive over it.',
    asks: [
      'high-yield ETFs with monthly distributions',
      'rank funds by dividend yield',
      'exchange traded funds with yield above 6 percent',
      'best income ETFs by annual payout',
      'screen funds by payout frequency',
      'income funds with monthly payouts and high yield',
      'top yielding exchange traded funds',
    ],
    price: PRICES.getScreener,
    input: S.ScreenerInput,
    output: S.GetScreenerOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['UPSTREAM_ERROR'],
  })
  getScreener(msg: TollMessage<S.ScreenerInput>) {
    return this.etf.screener(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'etf.getHealth',
    method: 'GET',
    path: '/toll/etf/health',
    summary: 'ETF distributions service status, sources, screener universe and refresh, tolls and endpoint catalog',
    asks: [
      'is the ETF distributions service up',
      'which funds does the ETF screener cover',
      'when was ETF data last refreshed',
      'status of the fund dividend service',
      'ETF screener universe and refresh status',
      'etf data sources status',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.etf.health();
  }
}
