import { FREE } from '@toll/contracts';

// Every registry price on one screen (spec §4.1: the registry is free).
export const PRICES = {
  getListings: FREE,
  getSnapshot: FREE,
  submit: FREE,
  submitQuestionnaire: FREE,
  getHealth: FREE,
} as const;
