import type { Request } from 'express';
import type { GatewayConfig } from './config';

// Where callers reach us: the configured public URL, else the request's own scheme and host.
export const publicBaseUrl = (config: GatewayConfig, req: Request): string =>
  (config.GATEWAY_PUBLIC_URL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');
