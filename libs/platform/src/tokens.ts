export const GROUP_INFO = Symbol('GROUP_INFO');
export const APP_CONFIG = Symbol('APP_CONFIG');

export interface GroupInfo {
  name: string;
  title: string;
  version: string;
  startedAt: Date;
}

// The app's Telemetry (libs/telemetry): its metrics registry and, with traces on, its tracer.
export const TELEMETRY = Symbol('TELEMETRY');
