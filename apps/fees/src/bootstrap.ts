import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { FeesConfig } from './config';

export const GROUP = { name: 'fees', title: 'Fee Oracle' } as const;

export const startFees = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: FeesConfig, env });
