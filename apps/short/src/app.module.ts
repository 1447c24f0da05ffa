import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { PrismaService } from './prisma.service';
import { ShortSync } from './short-sync';
import { ShortController } from './short.controller';
import { ShortService } from './short.service';
import { FinraClient } from './upstreams/finra.client';

@Module({
  controllers: [ShortController],
  providers: [ShortService, ShortSync, PrismaService, FinraClient, Clock],
})
export class AppModule {}
