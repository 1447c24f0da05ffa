import { FREE, perCall } from '@toll/contracts';

// Every Company Snapshot price on one screen. The spec shows none for this group: the snapshot joins SEC
// submissions, XBRL facts and GLEIF (record, parents, ISINs), and is priced like SEC fundamentals (0.02); the
// name search costs the spec's lowest price, so resolving a name before a snapshot is cheap.
export const PRICES = {
  getSnapshot: perCall('0.02'),
  search: perCall('0.005'),
  getHealth: FREE,
} as const;
