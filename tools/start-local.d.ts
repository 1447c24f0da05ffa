// Types of tools/start-local.js for the suites that start the stack through npm start's own code.
export interface LocalStack {
  url: string;
  // The local chain (@toll/local-chain's DemoChain) unless SOLANA_RPC_URLS named another.
  chain: { url: string; usdcMint: string; demoWallet: { address: string; secretKey: Uint8Array } } | null;
  apps: string[];
  // Each app's process; metricsUrl is read from its start line (null until then, or when LOG_LEVEL hides it).
  processes: Array<{ name: string; pid: number; metricsUrl: string | null }>;
  databases: string[];
  readyMs: number;
  stop(): Promise<void>;
}

export function startLocal(options?: {
  replay?: boolean;
  env?: Record<string, string | undefined>;
  readyTimeoutMs?: number;
  log?: (line: string) => void;
  onCrash?: (name: string, code: number | string | null) => void;
  onStop?: (stop: () => Promise<void>) => void;
}): Promise<LocalStack>;

// Calls onLine with every whole line a child writes on stdout or stderr.
export function eachLine(child: import('node:child_process').ChildProcess, onLine: (line: string) => void): void;
