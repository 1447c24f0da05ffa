import { Module } from '@nestjs/common';
import { BridgeController } from './bridge.controller';
import { BridgeService } from './bridge.service';
import { Clock } from './clock';
import { DefiLlamaClient } from './upstreams/defillama.client';

@Module({
  controllers: [BridgeController],
  providers: [BridgeService, DefiLlamaClient, Clock],
})
export class AppModule {}
