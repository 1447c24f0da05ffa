import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { SecConfig } from './config';

// SEC's data API, probed in the background at its root (outside the fair-access governor: one request a minute).
@Injectable()
export class SecProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: SecConfig) {
    probes.registerHttp(config.SEC_USER_AGENT, [{ name: 'sec', url: config.SEC_DATA_BASE_URL }]);
  }
}
