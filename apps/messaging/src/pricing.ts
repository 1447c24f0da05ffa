import { FREE, perBotMonth } from '@toll/contracts';

// Every messaging price on one screen (spec §4.12, §8: 0.50 per bot-month).
export const PRICES = {
  provision: perBotMonth('0.50'),
  release: FREE,
  getHealth: FREE,
} as const;

// A bot-month is 30 days: the same length whatever month it starts in, and simple to renew onto.
export const LEASE_DAYS = 30;
export const LEASE_MS = LEASE_DAYS * 86_400_000;
