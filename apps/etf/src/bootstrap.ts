import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { EtfConfig } from './config';

export const GROUP = { name: 'etf', title: 'ETF Distributions' } as const;

export const startEtf = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: EtfConfig, env });
