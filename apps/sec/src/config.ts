import { SEC_SETTINGS } from '@toll/markets';
import { BaseConfig } from '@toll/platform';
import type { z } from 'zod';

// The SEC settings every SEC-calling group shares, under the same names (their meaning: @toll/markets).
export const SecConfig = BaseConfig.extend(SEC_SETTINGS);
export type SecConfig = z.infer<typeof SecConfig>;
