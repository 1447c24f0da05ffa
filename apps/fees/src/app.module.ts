import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { FeesController } from './fees.controller';
import { FeesService } from './fees.service';
import { SolanaRpcClient } from './upstreams/solana-rpc.client';

@Module({
  controllers: [FeesController],
  providers: [FeesService, SolanaRpcClient, Clock],
})
export class AppModule {}
