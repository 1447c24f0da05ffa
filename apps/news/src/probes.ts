import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { NewsConfig } from './config';

// The providers the routes' `sources` name, probed in the background at their API roots (not GDELT's query queue).
@Injectable()
export class NewsProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: NewsConfig) {
    probes.registerHttp(config.NEWS_USER_AGENT, [
      { name: 'gdelt', url: config.NEWS_GDELT_URL },
      { name: 'wikimedia', url: config.NEWS_WIKIMEDIA_URL, enabled: config.NEWS_WIKIMEDIA_ENABLED },
      { name: 'hn-algolia', url: config.NEWS_HN_URL, enabled: config.NEWS_HN_ENABLED },
    ]);
  }
}
