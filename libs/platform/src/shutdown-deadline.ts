import type { JsonLogger } from './logger';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

// A replica told to stop must stop: if a shutdown hook hangs (a database pool waiting for a connection that never
// comes back), exit anyway after `timeoutMs` rather than linger until Kubernetes' SIGKILL. Armed before Nest's own
// signal handlers, since a hanging onModuleDestroy blocks every later hook. Returns the disarm for a closed app.
export function armShutdownDeadline(logger: JsonLogger, timeoutMs: number): () => void {
  const onSignal = (signal: string) => {
    setTimeout(() => {
      logger.event('error', 'shutdown did not finish in time; exiting', { signal, timeoutMs });
      process.exit(1);
    }, timeoutMs).unref();
  };
  for (const s of SIGNALS) process.once(s, onSignal);
  return () => SIGNALS.forEach((s) => process.off(s, onSignal));
}
