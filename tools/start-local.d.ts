// Types of tools/start-local.js for the suites that start the stack through npm start's own code.
import type { DemoChain } from '@toll/local-chain';

export interface LocalStack {
  url: string;
  chain: DemoChain | null;
  apps: string[];
  databases: string[];
  readyMs: number;
  stop(): Promise<void>;
}

export function startLocal(options?: {
  replay?: boolean;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  onCrash?: (name: string, code: number | string | null) => void;
  onStop?: (stop: () => Promise<void>) => void;
}): Promise<LocalStack>;
