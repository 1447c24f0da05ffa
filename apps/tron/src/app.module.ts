import { Module } from '@nestjs/common';
import { TronController } from './tron.controller';
import { TronService } from './tron.service';
import { TronNodeClient } from './upstreams/tron-node.client';
import { TrxPriceClient } from './upstreams/trx-price.client';
import { Clock } from '@toll/platform';
import { TronProbes } from './probes';

@Module({
  controllers: [TronController],
  providers: [TronService, TronProbes, TronNodeClient, TrxPriceClient, Clock],
})
export class AppModule {}
