export * from './constants';
export * from './rpc';
export * from './parsed-transaction';
export * from './wire-transaction';
export * from './address';
export * from './wire';
export * from './rpc-pool';
