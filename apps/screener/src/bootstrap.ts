import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { ScreenerConfig } from './config';

export const GROUP = { name: 'screener', title: 'Stock Screener' } as const;

export const startScreener = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: ScreenerConfig, env });
