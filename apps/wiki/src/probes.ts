import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { WikiConfig } from './config';

// Both Wikipedia APIs live on one host: one probe at its root stands for them.
@Injectable()
export class WikiProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: WikiConfig) {
    probes.register('wikipedia', httpProbe({ name: 'wikipedia', url: config.WIKI_WIKIPEDIA_URL, userAgent: config.WIKI_USER_AGENT }));
  }
}
