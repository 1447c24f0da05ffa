import { Module } from '@nestjs/common';
import { CompanyController } from './company.controller';
import { CompanyService } from './company.service';
import { GleifClient } from './upstreams/gleif.client';
import { SecProvider } from './upstreams/sec.client';
import { WikidataClient } from './upstreams/wikidata.client';
import { Clock } from '@toll/platform';

@Module({
  controllers: [CompanyController],
  providers: [CompanyService, SecProvider, GleifClient, WikidataClient, Clock],
})
export class AppModule {}
