import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { WikiConfig } from './config';

export const startWiki = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'wiki', title: 'Wiki Answers', config: WikiConfig, env });
