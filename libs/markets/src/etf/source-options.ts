import { TollError } from '@toll/contracts';

export interface EtfSourceOptions {
  enabled: boolean;
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

// An answer that passed the shape check but still carries no usable data (an error body, no rows, a zero price).
export const unusable = (upstream: string, message: string) =>
  new TollError('UPSTREAM_ERROR', `${upstream}: ${message}`, { upstream });
