// Histogram buckets in seconds, shared so dashboards and alert rules can name the same `le` everywhere.
// Calls through the gateway and payments: 1 ms to 30 s (the longest operation timeout).
export const REQUEST_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// One statement or one RPC read: 0.5 ms to 5 s (the client-side timeouts).
export const STEP_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
// Bodies: 64 B to 1 MiB.
export const BODY_BYTES = [64, 256, 1024, 4096, 16384, 65536, 262144, 1048576];
