import { FREE, perCall } from '@toll/contracts';

// Every SEC price on one screen (spec §4.9).
export const PRICES = {
  getFundamentals: perCall('0.02'),
  getFilings: FREE,
  getHealth: FREE,
} as const;
