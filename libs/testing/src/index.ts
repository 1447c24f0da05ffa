export * from './nats-server';
export * from './http';
export * from './responder';
export * from './fake-upstream';
export * from './database';
export * from './group-harness';
export * from './redis-server';
export * from './health';
