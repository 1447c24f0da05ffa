// SEC EDGAR through the shared @toll/markets client (terms, limits and odd shapes are described there),
// behind the SEC governor that every replica and every SEC-calling group shares.
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { SecEdgar, secGovernor } from '@toll/markets';
import { APP_CONFIG, Clock, JsonLogger } from '@toll/platform';
import { SharedRateGovernor } from '@toll/upstream';
import type { SecConfig } from '../config';

@Injectable()
export class SecClient extends SecEdgar implements OnModuleDestroy {
  readonly governor: ReturnType<typeof secGovernor>;

  constructor(@Inject(APP_CONFIG) config: SecConfig, @Inject(JsonLogger) logger: JsonLogger, clock: Clock) {
    const log = (event: string, fields: Record<string, unknown>) => logger.event('debug', event, fields);
    const governor = secGovernor({
      databaseUrl: config.SEC_GOVERNOR_DATABASE_URL,
      ratePerSecond: config.SEC_RATE_PER_SECOND,
      fallbackRatePerSecond: config.SEC_FALLBACK_RATE_PER_SECOND,
      log: (event, fields) => logger.event('warn', event, fields),
    });
    super({
      userAgent: config.SEC_USER_AGENT,
      wwwBaseUrl: config.SEC_WWW_BASE_URL,
      dataBaseUrl: config.SEC_DATA_BASE_URL,
      timeoutMs: config.SEC_TIMEOUT_MS,
      governor,
      now: () => clock.now(),
      log,
    });
    this.governor = governor;
  }

  get governorMode(): 'shared' | 'per-process' {
    return this.governor instanceof SharedRateGovernor ? 'shared' : 'per-process';
  }

  async onModuleDestroy() {
    if (this.governor instanceof SharedRateGovernor) await this.governor.close();
  }
}
