import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { MacroConfig } from './config';

export const GROUP = { name: 'macro', title: 'Macro & Civic' } as const;

export const startMacro = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: MacroConfig, env });
