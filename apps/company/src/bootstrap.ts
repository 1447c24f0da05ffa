import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { CompanyConfig } from './config';

export const GROUP = { name: 'company', title: 'Company Snapshot' } as const;

export const startCompany = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: CompanyConfig, env });
