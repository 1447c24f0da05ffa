import { FREE, perCall } from '@toll/contracts';

// Every jobs price on one screen. A search runs over an index merged from several sources (the spec's 0.01-0.02
// band for work joining sources, at its low end since it runs locally); one posting by id is a lookup (0.005).
export const PRICES = {
  searchJobs: perCall('0.01'),
  getJob: perCall('0.005'),
  getHealth: FREE,
} as const;
