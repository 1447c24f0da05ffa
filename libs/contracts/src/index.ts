export * from './errors';
export * from './price';
export * from './manifest';
export * from './subjects';
export * from './envelopes';
export * from './registry';
export * from './canonical-json';
export * from './contract';
