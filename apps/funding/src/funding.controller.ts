import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './funding.schemas';
import { FundingService } from './funding.service';
import { PRICES } from './pricing';

// Room for the three venues asked in parallel, each with its own 3 s timeout and one retry.
const TIMEOUT_MS = 8_000;
const SOURCES =
  'Sources: Binance USDⓈ-M, Bybit v5 and OKX v5 public market data (keyless). Binance answers 451 and Bybit 403 from some regions (the US); ' +
  'a venue that fails is named in `unavailable` with its reason and the others are still served.';

@Controller()
export class FundingController {
  constructor(private readonly funding: FundingService) {}

  @TollRoute({
    operationId: 'funding.getFunding',
    method: 'GET',
    path: '/toll/funding/funding/{symbol}',
    summary: 'Perpetual futures funding rate of one market on Binance, Bybit and OKX, normalised to hourly and annualized, with the cross-venue spread',
    description: `${SOURCES} Charged when at least one venue gave a rate; 404 when no venue lists the market.`,
    price: PRICES.getFunding,
    input: S.FundingInput,
    output: S.FundingOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['binance', 'bybit', 'okx', 'hyperliquid'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getFunding(@Payload() msg: TollMessage<S.FundingInput>) {
    return this.funding.funding(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'funding.getLiquidations',
    method: 'GET',
    path: '/toll/funding/liquidations/{symbol}',
    summary: 'Liquidation heatmap of a perpetual: liquidated notional by price and time bucket, long vs short, from recorded events, with the window actually covered',
    description:
      'Recorded by this group from OKX filled liquidations (no free source keeps history); every answer states which stretches of the window were recorded. ' +
      'hours 1-72, default 24. 404 for a market the collector does not track (see /toll/funding/health).',
    price: PRICES.getLiquidations,
    input: S.LiquidationsInput,
    output: S.LiquidationsOutput,
    timeoutMs: 5_000,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getLiquidations(@Payload() msg: TollMessage<S.LiquidationsInput>) {
    return this.funding.liquidations(msg.input);
  }

  @TollRoute({
    operationId: 'funding.getTopFunded',
    method: 'GET',
    path: '/toll/funding/top-funded',
    summary: 'Perpetual markets with the highest funding rates across venues, annualized, above a 24 h volume floor',
    description: SOURCES,
    price: PRICES.getTopFunded,
    input: S.TopFundedInput,
    output: S.TopFundedOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['UPSTREAM_ERROR'],
  })
  getTopFunded(@Payload() msg: TollMessage<S.TopFundedInput>) {
    return this.funding.topFunded(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'funding.getHealth',
    method: 'GET',
    path: '/toll/funding/health',
    summary: 'Funding rates service status: tracked markets, venues with their last success and failure, liquidation collector, tolls',
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.funding.health();
  }
}
