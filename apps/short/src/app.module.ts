import { Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { ShortSync } from './short-sync';
import { ShortController } from './short.controller';
import { ShortService } from './short.service';
import { FinraClient } from './upstreams/finra.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [ShortController],
  providers: [ShortService, ShortSync, PrismaService, FinraClient, Clock],
})
export class AppModule {}
