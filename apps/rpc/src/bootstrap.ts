import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { RpcConfig } from './config';

export const startRpc = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'rpc', title: 'RPC Gateway', config: RpcConfig, env });
