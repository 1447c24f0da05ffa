import { FREE, perCall } from '@toll/contracts';

// Every trademark price on one screen. A status is one office look-up (0.005); a similar-mark search scores the
// whole local index three ways (exact, phonetic, fuzzy), the spec's 0.01-0.02 band for heavier work, at its low end.
export const PRICES = {
  getStatus: perCall('0.005'),
  searchMarks: perCall('0.01'),
  getHealth: FREE,
} as const;
