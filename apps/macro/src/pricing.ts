import { FREE, perCall } from '@toll/contracts';

// Every Macro & Civic price on one screen. The spec shows none for this group: a single figure costs what a
// ticker's short interest does (0.005 is the spec's floor, used for one-value look-ups), a history or a
// civic look-up (two upstreams joined) what an ETF history does.
export const PRICES = {
  getLatest: perCall('0.005'),
  getHistory: perCall('0.01'),
  getRepresentatives: perCall('0.01'),
  listSeries: FREE,
  getHealth: FREE,
} as const;
