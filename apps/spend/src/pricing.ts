import { FREE, perCall } from '@toll/contracts';

// Every spend-governance price on one screen (spec §4.8: only the check is paid).
export const PRICES = {
  check: perCall('0.01'),
  confirm: FREE,
  void: FREE,
  setPolicy: FREE,
  getPolicy: FREE,
  getAudit: FREE,
  getHealth: FREE,
} as const;
