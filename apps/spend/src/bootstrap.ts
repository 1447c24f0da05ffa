import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { SpendConfig } from './config';

export const startSpend = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'spend', title: 'Spend Governance', config: SpendConfig, env });
