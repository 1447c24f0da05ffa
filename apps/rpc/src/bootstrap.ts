import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { RpcConfig } from './config';

export const startRpc = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'rpc', title: 'Solana RPC Gateway', config: RpcConfig, env });
