import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { RegistryConfig } from './config';

export const startRegistry = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'registry', title: 'Discovery', config: RegistryConfig, env });
