import { FREE, perCall } from '@toll/contracts';

// Every batch-scorer price on one screen (spec §4.6: only the score is paid).
export const PRICES = {
  score: perCall('0.005'),
  checkpoint: FREE,
  getPayer: FREE,
  getHealth: FREE,
} as const;
