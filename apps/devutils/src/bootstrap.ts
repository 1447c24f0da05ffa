import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { DevutilsConfig } from './config';

export const startDevutils = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'devutils', title: 'Dev Utilities', config: DevutilsConfig, env });
