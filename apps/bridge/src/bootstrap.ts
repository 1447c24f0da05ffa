import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { BridgeConfig } from './config';

export const GROUP = { name: 'bridge', title: 'Bridge Scorer' } as const;

export const startBridge = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { ...GROUP, config: BridgeConfig, env });
