import { Module } from '@nestjs/common';
import { DnsResolver } from './dns-resolver';
import { MessagingController } from './messaging.controller';
import { MessagingService } from './messaging.service';
import { PoolAdmin } from './pool-admin';
import { PoolRepository } from './pool.repository';
import { PoolSweeper } from './pool-sweeper';
import { PrismaService } from './prisma.service';
import { TokenVault } from './token-vault';
import { BotApiClient } from './upstreams/bot-api.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [MessagingController],
  providers: [
    PrismaService,
    PoolRepository,
    TokenVault,
    BotApiClient,
    PoolSweeper,
    PoolAdmin,
    Clock,
    DnsResolver,
    MessagingService,
  ],
})
export class AppModule {}
