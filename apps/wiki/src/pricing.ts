import { FREE, perCall } from '@toll/contracts';

// Every wiki price on one screen (spec §4.15).
export const PRICES = {
  getAnswer: perCall('0.005'),
  getRelated: perCall('0.005'),
  getHealth: FREE,
} as const;
