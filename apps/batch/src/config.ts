import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const BatchConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_batch')),
  BATCH_MIGRATE_ON_START: z.enum(['true', 'false']).default('true'), // false where a release step migrates instead
  BATCH_DB_POOL: z.coerce.number().int().min(2).max(100).default(10), // connections per replica
});
export type BatchConfig = z.infer<typeof BatchConfig>;
