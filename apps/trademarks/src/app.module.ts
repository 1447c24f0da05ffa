import { Module } from '@nestjs/common';
import { Clock } from '@toll/platform';
import { IngestService } from './ingest.service';
import { MarksRepository } from './marks.repository';
import { PrismaService } from './prisma.service';
import { TrademarksController } from './trademarks.controller';
import { TrademarksService } from './trademarks.service';
import { OdpClient } from './upstreams/odp.client';
import { TsdrClient } from './upstreams/tsdr.client';

@Module({
  controllers: [TrademarksController],
  providers: [TrademarksService, MarksRepository, IngestService, PrismaService, TsdrClient, OdpClient, Clock],
})
export class AppModule {}
