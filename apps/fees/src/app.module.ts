import { Module } from '@nestjs/common';
import { FeesController } from './fees.controller';
import { FeesService } from './fees.service';
import { SolanaRpcClient } from './upstreams/solana-rpc.client';
import { Clock } from '@toll/platform';
import { FeesProbes } from './probes';

@Module({
  controllers: [FeesController],
  providers: [FeesService, FeesProbes, SolanaRpcClient, Clock],
})
export class AppModule {}
