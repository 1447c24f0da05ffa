import { FREE, perCall } from '@toll/contracts';

// Every discovery price on one screen (spec §4.2).
export const PRICES = {
  match: perCall('0.02'),
  register: FREE,
  search: FREE,
  getHealth: FREE,
} as const;
