import { Module } from '@nestjs/common';
import { FeesController } from './fees.controller';
import { FeesService } from './fees.service';
import { SolanaRpcClient } from './upstreams/solana-rpc.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [FeesController],
  providers: [FeesService, SolanaRpcClient, Clock],
})
export class AppModule {}
