import { Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { ScreenerController } from './screener.controller';
import { ScreenerService } from './screener.service';
import { SnapshotBuild } from './snapshot-build';
import { NasdaqScreenerClient } from './upstreams/nasdaq-screener.client';
import { SecProvider } from './upstreams/sec.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [ScreenerController],
  providers: [ScreenerService, SnapshotBuild, PrismaService, NasdaqScreenerClient, SecProvider, Clock],
})
export class AppModule {}
