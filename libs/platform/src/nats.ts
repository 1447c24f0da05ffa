import { connect, type NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export const connectNats = (servers: string, name: string): Promise<NatsConnection> =>
  connect({ servers: servers.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
