import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { SecConfig } from './config';

export const GROUP = { name: 'sec', title: 'SEC Fundamentals' } as const;

export const startSec = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: SecConfig, env });
