import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { FundingController } from './funding.controller';
import { FundingService } from './funding.service';
import { LiquidationCollector } from './liquidation-collector';
import { LiquidationsRepository } from './liquidations.repository';
import { PrismaService } from './prisma.service';
import { BinanceClient } from './upstreams/binance.client';
import { BybitClient } from './upstreams/bybit.client';
import { OkxClient } from './upstreams/okx.client';

@Module({
  controllers: [FundingController],
  providers: [PrismaService, LiquidationsRepository, LiquidationCollector, FundingService, BinanceClient, BybitClient, OkxClient, Clock],
})
export class AppModule {}
