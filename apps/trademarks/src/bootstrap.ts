import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { TrademarksConfig } from './config';

export const GROUP = { name: 'trademarks', title: 'Trademark Watch' } as const;

export const startTrademarks = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: TrademarksConfig, env });
