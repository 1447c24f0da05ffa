import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { NewsConfig } from './config';

// The providers the routes' `sources` name, probed in the background at their API roots (not GDELT's query queue).
@Injectable()
export class NewsProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: NewsConfig) {
    const probe = (name: string, url: string) => httpProbe({ name, url, userAgent: config.NEWS_USER_AGENT });
    probes.register('gdelt', probe('gdelt', config.NEWS_GDELT_URL));
    probes.register('wikimedia', config.NEWS_WIKIMEDIA_ENABLED ? probe('wikimedia', config.NEWS_WIKIMEDIA_URL) : null);
    probes.register('hn-algolia', config.NEWS_HN_ENABLED ? probe('hn-algolia', config.NEWS_HN_URL) : null);
  }
}
