import { BaseConfig } from '@toll/platform';
import { z } from 'zod';

export const DevutilsConfig = BaseConfig.extend({
  // Off on deployments that cannot spare the ~180 MB the offline IP databases take once loaded.
  DEVUTILS_GEO_ENABLED: z.stringbool().default(true),
  // Load the IP databases at start instead of on the first lookup of each address family.
  DEVUTILS_GEO_PRELOAD: z.stringbool().default(false),
});
export type DevutilsConfig = z.infer<typeof DevutilsConfig>;
