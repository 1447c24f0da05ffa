import { Module } from '@nestjs/common';
import { FundingController } from './funding.controller';
import { FundingService } from './funding.service';
import { LiquidationCollector } from './liquidation-collector';
import { LiquidationsRepository } from './liquidations.repository';
import { PrismaService } from './prisma.service';
import { BinanceClient } from './upstreams/binance.client';
import { BybitClient } from './upstreams/bybit.client';
import { HyperliquidClient } from './upstreams/hyperliquid.client';
import { OkxClient } from './upstreams/okx.client';
import { Clock } from '@toll/platform';
import { FundingProbes } from './probes';

@Module({
  controllers: [FundingController],
  providers: [
    PrismaService,
    LiquidationsRepository,
    LiquidationCollector,
    FundingService,
    FundingProbes,
    BinanceClient,
    BybitClient,
    OkxClient,
    HyperliquidClient,
    Clock,
  ],
})
export class AppModule {}
