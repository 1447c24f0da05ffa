export * from './nats-server';
export * from './http';
export * from './responder';
