import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { EtfController } from './etf.controller';
import { EtfService } from './etf.service';
import { NasdaqClient, PolygonClient } from './upstreams/etf-sources';

@Module({
  controllers: [EtfController],
  providers: [EtfService, NasdaqClient, PolygonClient, Clock],
})
export class AppModule {}
