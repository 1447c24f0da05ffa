import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { BridgeService } from './bridge.service';
import type { BridgeConfig } from './config';

// DefiLlama's two hosts, probed in the background at their roots. Scores read both (volumes from the bridges
// host, TVL and hacks from the API host) and stay available while their cached inputs can still be served.
@Injectable()
export class BridgeProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: BridgeConfig, bridges: BridgeService) {
    probes.registerHttp(config.BRIDGE_USER_AGENT, [
      { name: 'defillama', url: config.BRIDGE_DEFILLAMA_API_URL },
      { name: 'defillama-bridges', url: config.BRIDGE_DEFILLAMA_BRIDGES_URL },
    ]);
    for (const operationId of ['bridge.score', 'bridge.getBridges'])
      probes.servesFromCache(operationId, () => bridges.cachedForScores());
    probes.servesFromCache('bridge.getIncidents', () => bridges.cachedForIncidents());
  }
}
