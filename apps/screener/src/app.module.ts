import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { PrismaService } from './prisma.service';
import { ScreenerController } from './screener.controller';
import { ScreenerService } from './screener.service';
import { SnapshotBuild } from './snapshot-build';
import { NasdaqScreenerClient } from './upstreams/nasdaq-screener.client';
import { SecProvider } from './upstreams/sec.client';

@Module({
  controllers: [ScreenerController],
  providers: [ScreenerService, SnapshotBuild, PrismaService, NasdaqScreenerClient, SecProvider, Clock],
})
export class AppModule {}
