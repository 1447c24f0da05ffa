import { Module } from '@nestjs/common';
import { SourceBoard } from './source-board';
import { WikipediaActionClient } from './upstreams/wikipedia-action.client';
import { WikipediaRestClient } from './upstreams/wikipedia-rest.client';
import { WikiController } from './wiki.controller';
import { WikiService } from './wiki.service';
import { WikiProbes } from './probes';

@Module({
  controllers: [WikiController],
  providers: [WikiService, WikiProbes, SourceBoard, WikipediaRestClient, WikipediaActionClient],
})
export class AppModule {}
