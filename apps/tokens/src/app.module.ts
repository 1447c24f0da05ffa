import { Module } from '@nestjs/common';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';
import { SolanaRpcClient } from './upstreams/solana-rpc.client';

@Module({
  controllers: [TokensController],
  providers: [TokensService, SolanaRpcClient],
})
export class AppModule {}
