import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { DataConfig } from './config';

export const startData = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'data', title: 'Data bundle', config: DataConfig, env });
