import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { DiscoveryConfig } from './config';

export const startDiscovery = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'discovery', title: 'Discovery', config: DiscoveryConfig, env });
