export * from './telemetry';
export * from './tracing';
export * from './buckets';
