import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { TronConfig } from './config';

export const GROUP = { name: 'tron', title: 'Tron Energy' } as const;

export const startTron = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: TronConfig, env });
