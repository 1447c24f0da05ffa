// Data ages are measured on this clock (deadlines stay on Date.now()), so tests can age the caches.
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => Date.now() };
