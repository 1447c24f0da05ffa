import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './funding.schemas';
import { FundingService } from './funding.service';
import { PRICES } from './pricing';

// Room for the three venues asked in parallel, each with its own 3 s timeout and one retry.
const TIMEOUT_MS = 8_000;
const SOURCES =
  'Sources: Binance USDⓈ-M, Bybit v5 and OKX v5 public market data (keyless). Binance answers 451 and Bybit 403 ' +
  'from some regions (the US); ' +
  'a venue that fails is named in `unavailable` with its reason and the others are still served.';

@Controller()
export class FundingController {
  constructor(private readonly funding: FundingService) {}

  @TollRoute({
    operationId: 'funding.getFunding',
    method: 'GET',
    path: '/toll/funding/funding/{symbol}',
    summary:
      'Perpetual futures funding rate of one market on Binance, Bybit and OKX, normalised to hourly and ' +
      'annualized, with the cross-venue spread',
    description: `${SOURCES} Charged when at least one venue gave a rate; 404 when no venue lists the market.`,
    asks: [
      'funding rate for BTC perpetual on Binance, Bybit and OKX',
      'is funding positive or negative on SOL perps',
      'annualized funding of ETH futures across exchanges',
      'spread of funding between venues',
      'current perpetual swap funding rate',
      'whether longs or shorts pay funding on one market',
      'funding paid by longs on a perpetual swap',
      'funding rate spread between Binance and OKX',
    ],
    price: PRICES.getFunding,
    input: S.FundingInput,
    output: S.FundingOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['binance', 'bybit', 'okx', 'hyperliquid'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getFunding(msg: TollMessage<S.FundingInput>) {
    return this.funding.funding(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'funding.getLiquidations',
    method: 'GET',
    path: '/toll/funding/liquidations/{symbol}',
    summary:
      'Liquidation heatmap of a perpetual: liquidated notional by price and time bucket, long vs short, from ' +
      'recorded events, with the window actually covered',
    description:
      'Recorded by this group from OKX filled liquidations (no free source keeps history); every answer states ' +
      'which stretches of the window were recorded. ' +
      'hours 1-72, default 24. 404 for a market the collector does not track (see /toll/funding/health).',
    asks: [
      'where were longs liquidated on BTC',
      'liquidation heatmap for a perpetual',
      'how much got liquidated by price level',
      'recent long and short liquidations on ETH perps',
      'liquidation levels for SOL perpetual',
      'where did shorts get liquidated',
      'forced closures of leveraged positions on a coin',
      'liquidation clusters by price on a perpetual over the last day',
    ],
    price: PRICES.getLiquidations,
    input: S.LiquidationsInput,
    output: S.LiquidationsOutput,
    timeoutMs: 5_000,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getLiquidations(msg: TollMessage<S.LiquidationsInput>) {
    return this.funding.liquidations(msg.input);
  }

  @TollRoute({
    operationId: 'funding.getTopFunded',
    method: 'GET',
    path: '/toll/funding/top-funded',
    summary: 'Perpetual markets with the highest funding rates across venues, annualized, above a 24 h volume floor',
    description: SOURCES,
    asks: [
      'which perpetual markets have the highest funding right now',
      'where longs pay the most to stay in a position',
      'best coins to short for funding income',
      'top funding rates across exchanges',
      'highest annualized funding perps with real volume',
      'highest funding rates across perp markets',
      'perps with the richest funding to farm',
    ],
    price: PRICES.getTopFunded,
    input: S.TopFundedInput,
    output: S.TopFundedOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['UPSTREAM_ERROR'],
  })
  getTopFunded(msg: TollMessage<S.TopFundedInput>) {
    return this.funding.topFunded(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'funding.getHealth',
    method: 'GET',
    path: '/toll/funding/health',
    summary:
      'Funding rates service status: tracked markets, venues with their last success and failure, liquidation ' +
      'collector, tolls',
    asks: [
      'is the funding rates service up',
      'which exchanges does the funding service track and did they fail',
      'status of the liquidation collector',
      'funding service status',
      'funding service venues and collector status',
      'is the perp funding tracker running',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.funding.health();
  }
}
