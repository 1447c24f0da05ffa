// SEC EDGAR through the shared @toll/markets client, built from the SEC settings every SEC-calling group
// shares (one governor database, one "sec.gov" bucket across sec, company and screener).
import type { Provider } from '@nestjs/common';
import { SecEdgar, secEdgarFromSettings } from '@toll/markets';
import { APP_CONFIG, Clock, JsonLogger } from '@toll/platform';
import type { CompanyConfig } from '../config';

export const SecProvider: Provider = {
  provide: SecEdgar,
  inject: [APP_CONFIG, JsonLogger, Clock],
  useFactory: (config: CompanyConfig, logger: JsonLogger, clock: Clock) =>
    secEdgarFromSettings(config, {
      now: () => clock.now(),
      log: (event, fields) => logger.event('debug', event, fields),
      warn: (event, fields) => logger.event('warn', event, fields),
    }),
};
