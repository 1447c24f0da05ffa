import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { JobsConfig } from './config';

export const GROUP = { name: 'jobs', title: 'Jobs Aggregator' } as const;

export const startJobs = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: JobsConfig, env });
