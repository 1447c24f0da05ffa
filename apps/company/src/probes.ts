import { Inject, Injectable } from '@nestjs/common';
import { SecEdgar } from '@toll/markets';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { CompanyConfig } from './config';

// SEC's data API and GLEIF, probed in the background at their roots (outside both rate governors: one request a
// minute each). Wikidata only adds a description and a website, so its outage refuses nobody and it is not probed.
// A search can still be answered while SEC's ticker map is cached (fresh or within its stale window).
@Injectable()
export class CompanyProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: CompanyConfig, sec: SecEdgar) {
    probes.registerHttp(config.COMPANY_USER_AGENT, [
      { name: 'sec', url: config.SEC_DATA_BASE_URL },
      { name: 'gleif', url: config.COMPANY_GLEIF_BASE_URL },
    ]);
    probes.servesFromCache('company.search', () => sec.hasTickerMap());
  }
}
