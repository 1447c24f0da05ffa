import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { WikiConfig } from './config';

// Both Wikipedia APIs live on one host: one probe at its root stands for them.
@Injectable()
export class WikiProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: WikiConfig) {
    probes.registerHttp(config.WIKI_USER_AGENT, [{ name: 'wikipedia', url: config.WIKI_WIKIPEDIA_URL }]);
  }
}
