import { Module } from '@nestjs/common';
import { SecController } from './sec.controller';
import { SecService } from './sec.service';
import { SecClient } from './upstreams/sec.client';
import { Clock } from '@toll/platform';
import { SecProbes } from './probes';

@Module({
  controllers: [SecController],
  providers: [SecService, SecProbes, SecClient, Clock],
})
export class AppModule {}
