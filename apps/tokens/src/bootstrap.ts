import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { TokensConfig } from './config';

export const startTokens = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'tokens', title: 'Token Safety', config: TokensConfig, env });
