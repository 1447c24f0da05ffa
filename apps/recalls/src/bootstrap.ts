import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { RecallsConfig } from './config';

export const startRecalls = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'recalls', title: 'Recall Search', config: RecallsConfig, env });
