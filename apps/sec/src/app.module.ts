import { Module } from '@nestjs/common';
import { Clock } from './clock';
import { SecController } from './sec.controller';
import { SecService } from './sec.service';
import { SecClient } from './upstreams/sec.client';

@Module({
  controllers: [SecController],
  providers: [SecService, SecClient, Clock],
})
export class AppModule {}
