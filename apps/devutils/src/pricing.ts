import { FREE, perCall } from '@toll/contracts';

// Every devutils price on one screen (spec §4.16: all paid at 0.005 unless stated).
export const PRICES = {
  getIp: perCall('0.005'),
  genUuid: perCall('0.005'),
  genPassword: perCall('0.005'),
  genToken: perCall('0.005'),
  encodeBase64: perCall('0.005'),
  decodeBase64: perCall('0.005'),
  hashSha256: perCall('0.005'),
  hashMd5: perCall('0.005'),
  decodeJwt: perCall('0.005'),
  getTimeNow: perCall('0.005'),
  convertTime: perCall('0.005'),
  convertUnits: perCall('0.005'),
  convertColor: perCall('0.005'),
  parseCron: perCall('0.005'),
  formatJson: perCall('0.005'),
  validateJson: perCall('0.005'), // price not shown in the spec; priced like its siblings
  getHealth: FREE,
} as const;
