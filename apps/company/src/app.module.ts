import { Module } from '@nestjs/common';
import { CompanyController } from './company.controller';
import { CompanyService } from './company.service';
import { CompanyProbes } from './probes';
import { GleifClient } from './upstreams/gleif.client';
import { WikidataClient } from './upstreams/wikidata.client';
import { SecEdgar, secEdgarFromSettings } from '@toll/markets';
import { APP_CONFIG, Clock, JsonLogger } from '@toll/platform';

@Module({
  controllers: [CompanyController],
  providers: [
    CompanyService,
    CompanyProbes,
    // The one SEC client (@toll/markets), behind the governor every SEC caller shares.
    { provide: SecEdgar, inject: [APP_CONFIG, JsonLogger, Clock], useFactory: secEdgarFromSettings },
    GleifClient,
    WikidataClient,
    Clock,
  ],
})
export class AppModule {}
