import { Module } from '@nestjs/common';
import { SecController } from './sec.controller';
import { SecService } from './sec.service';
import { SecClient } from './upstreams/sec.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [SecController],
  providers: [SecService, SecClient, Clock],
})
export class AppModule {}
