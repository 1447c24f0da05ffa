import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { NewsConfig } from './config';

export const startNews = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'news', title: 'News', config: NewsConfig, env });
