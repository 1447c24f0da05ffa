import { Module } from '@nestjs/common';
import { RecallsController } from './recalls.controller';
import { RecallsService } from './recalls.service';
import { CpscClient } from './upstreams/cpsc.client';
import { NhtsaClient } from './upstreams/nhtsa.client';
import { OpenFdaClient } from './upstreams/openfda.client';
import { RecallsProbes } from './probes';

@Module({
  controllers: [RecallsController],
  providers: [RecallsService, RecallsProbes, OpenFdaClient, CpscClient, NhtsaClient],
})
export class AppModule {}
