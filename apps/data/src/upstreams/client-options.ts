import { TollError } from '@toll/contracts';
import { upstreamLog, type JsonLogger } from '@toll/platform';
import type { DataConfig } from '../config';

// What every data upstream shares: our identifying User-Agent and the upstream call logs.
export const clientOptions = (config: DataConfig, logger: JsonLogger) => ({
  userAgent: config.DATA_USER_AGENT,
  log: upstreamLog(logger),
});

// An answer that passed the shape check but still carries no usable data (an error body, no rows, a zero price).
export const unusable = (upstream: string, message: string) =>
  new TollError('UPSTREAM_ERROR', `${upstream}: ${message}`, { upstream });
