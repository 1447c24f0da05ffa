import { FREE, perCall } from '@toll/contracts';

// Every recalls price on one screen (issue 17: 0.005 for a lookup, 0.01-0.02 for work that joins several sources).
export const PRICES = {
  // Four agencies' datasets (FDA food, drug, device; CPSC) searched and merged.
  search: perCall('0.01'),
  // One NHTSA lookup.
  getVehicle: perCall('0.005'),
  // Two NHTSA services: VIN decoding, then the vehicle's recalls.
  getVin: perCall('0.01'),
  getHealth: FREE,
} as const;
