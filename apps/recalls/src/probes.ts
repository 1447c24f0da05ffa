import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { RecallsConfig } from './config';

// The recall agencies' APIs, probed in the background at their roots.
@Injectable()
export class RecallsProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: RecallsConfig) {
    probes.registerHttp(config.RECALLS_USER_AGENT, [
      { name: 'openfda', url: config.RECALLS_OPENFDA_URL },
      { name: 'cpsc', url: config.RECALLS_CPSC_URL, enabled: config.RECALLS_CPSC_ENABLED },
      { name: 'nhtsa-recalls', url: config.RECALLS_NHTSA_URL },
      { name: 'nhtsa-vpic', url: config.RECALLS_VPIC_URL },
    ]);
  }
}
