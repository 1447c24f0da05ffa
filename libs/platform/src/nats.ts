import { connect, type NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

// noAsyncTraces: nats.js otherwise builds an Error (stack capture) for every request; the profile of the
// gateway's hot path showed it, and our own errors already carry the subject and request id.
export const connectNats = (servers: string, name: string): Promise<NatsConnection> =>
  connect({ servers: servers.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true });
