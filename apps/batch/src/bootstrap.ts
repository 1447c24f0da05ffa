import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { BatchConfig } from './config';

export const startBatch = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'batch', title: 'Batch Scorer', config: BatchConfig, env });
