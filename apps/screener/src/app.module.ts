import { Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { ScreenerController } from './screener.controller';
import { ScreenerService } from './screener.service';
import { SnapshotBuild } from './snapshot-build';
import { NasdaqScreenerClient } from './upstreams/nasdaq-screener.client';
import { SecEdgar, secEdgarFromSettings } from '@toll/markets';
import { APP_CONFIG, Clock, JsonLogger } from '@toll/platform';

@Module({
  controllers: [ScreenerController],
  providers: [
    ScreenerService,
    SnapshotBuild,
    PrismaService,
    NasdaqScreenerClient,
    // The one SEC client (@toll/markets), behind the governor every SEC caller shares.
    { provide: SecEdgar, inject: [APP_CONFIG, JsonLogger, Clock], useFactory: secEdgarFromSettings },
    Clock,
  ],
})
export class AppModule {}
