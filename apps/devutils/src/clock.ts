// The current time comes from a provider so tests can fix it.
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
