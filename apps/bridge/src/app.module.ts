import { Module } from '@nestjs/common';
import { BridgeController } from './bridge.controller';
import { BridgeService } from './bridge.service';
import { DefiLlamaClient } from './upstreams/defillama.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [BridgeController],
  providers: [BridgeService, DefiLlamaClient, Clock],
})
export class AppModule {}
