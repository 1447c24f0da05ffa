import { Module } from '@nestjs/common';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';
import { SolanaRpcClient } from './upstreams/solana-rpc.client';
import { TokensProbes } from './probes';

@Module({
  controllers: [TokensController],
  providers: [TokensService, TokensProbes, SolanaRpcClient],
})
export class AppModule {}
