import { Module } from '@nestjs/common';
import { BridgeController } from './bridge.controller';
import { BridgeService } from './bridge.service';
import { DefiLlamaClient } from './upstreams/defillama.client';
import { Clock } from '@toll/platform';
import { BridgeProbes } from './probes';

@Module({
  controllers: [BridgeController],
  providers: [BridgeService, BridgeProbes, DefiLlamaClient, Clock],
})
export class AppModule {}
