import { FREE, perCall } from '@toll/contracts';

// Every weather price on one screen (spec §4.13).
export const PRICES = {
  getCurrent: perCall('0.005'),
  getForecast: perCall('0.005'),
  getAlerts: perCall('0.005'),
  getHealth: FREE,
} as const;
