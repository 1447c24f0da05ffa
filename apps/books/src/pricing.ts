import { FREE, perCall } from '@toll/contracts';

// Every books price on one screen (issue 17: 0.005 for a lookup, 0.01-0.02 for work that joins several sources).
export const PRICES = {
  getBook: perCall('0.005'),
  search: perCall('0.005'),
  // Up to 20 ISBNs in one Open Library request, with Google Books for the ones it lacks.
  getBatch: perCall('0.02'),
  getHealth: FREE,
} as const;
