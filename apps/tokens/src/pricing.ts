import { FREE, perCall } from '@toll/contracts';

// Every tokens price on one screen (spec §4.10).
export const PRICES = {
  getToken: perCall('0.005'),
  getScore: perCall('0.02'),
  getLaunches: FREE,
  getHealth: FREE,
} as const;
