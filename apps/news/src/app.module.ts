import { Module } from '@nestjs/common';
import { NewsController } from './news.controller';
import { NewsService } from './news.service';
import { GdeltClient } from './upstreams/gdelt.client';
import { HnAlgoliaClient } from './upstreams/hn-algolia.client';
import { WikimediaClient } from './upstreams/wikimedia.client';
import { NewsProbes } from './probes';

// Nest providers are singletons: one GdeltClient, hence one GDELT queue per process.
@Module({
  controllers: [NewsController],
  providers: [NewsService, NewsProbes, GdeltClient, WikimediaClient, HnAlgoliaClient],
})
export class AppModule {}
