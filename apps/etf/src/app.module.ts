import { Module } from '@nestjs/common';
import { EtfController } from './etf.controller';
import { EtfService } from './etf.service';
import { NasdaqClient, PolygonClient } from './upstreams/etf-sources';
import { Clock } from '@toll/platform';
import { EtfProbes } from './probes';

@Module({
  controllers: [EtfController],
  providers: [EtfService, EtfProbes, NasdaqClient, PolygonClient, Clock],
})
export class AppModule {}
