import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { FundingConfig } from './config';

export const GROUP = { name: 'funding', title: 'Funding Rates' } as const;

export const startFunding = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: FundingConfig, env });
