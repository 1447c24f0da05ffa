import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { ShortConfig } from './config';

export const GROUP = { name: 'short', title: 'Short Interest' } as const;

export const startShort = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: ShortConfig, env });
