import { connect, type NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

// servers: NATS_URL, one URL or a cluster's nodes separated by commas. On a lost connection the client tries the
// other known servers (the list, and those the cluster announces) every reconnectTimeWait, for ever.
// noAsyncTraces: nats.js otherwise builds an Error (stack capture) for every request; the profile of the
// gateway's hot path showed it, and our own errors already carry the subject and request id.
export const connectNats = (servers: string, name: string): Promise<NatsConnection> =>
  connect({
    servers: servers.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    noAsyncTraces: true,
  });
