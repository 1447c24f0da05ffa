import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { RecallsConfig } from './config';

// The recall agencies' APIs, probed in the background at their roots.
@Injectable()
export class RecallsProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: RecallsConfig) {
    const probe = (name: string, url: string, on = true) => probes.register(name, on ? httpProbe({ name, url, userAgent: config.RECALLS_USER_AGENT }) : null);
    probe('openfda', config.RECALLS_OPENFDA_URL);
    probe('cpsc', config.RECALLS_CPSC_URL, config.RECALLS_CPSC_ENABLED);
    probe('nhtsa-recalls', config.RECALLS_NHTSA_URL);
    probe('nhtsa-vpic', config.RECALLS_VPIC_URL);
  }
}
