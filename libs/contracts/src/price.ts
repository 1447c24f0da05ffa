import { z } from 'zod';

// USD prices are decimal strings (never floats); at most 6 decimals so they convert exactly to USDC atomic units.
export const UsdAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,5})(\.\d{1,6})?$/, 'a USD decimal string with at most 6 decimals');

export const PriceSpec = z.discriminatedUnion('per', [
  z.object({ per: z.literal('call'), usd: UsdAmount }),
  // One payment buys `requests` calls; the same proof keeps paying until they are used up.
  z.object({ per: z.literal('block'), usd: UsdAmount, requests: z.number().int().min(2).max(1_000_000) }),
  z.object({ per: z.literal('bot-month'), usd: UsdAmount }),
]);
export type PriceSpec = z.infer<typeof PriceSpec>;

export const FREE = null;

export const perCall = (usd: string): PriceSpec => PriceSpec.parse({ per: 'call', usd });
export const perBlock = (usd: string, requests: number): PriceSpec => PriceSpec.parse({ per: 'block', usd, requests });
export const perBotMonth = (usd: string): PriceSpec => PriceSpec.parse({ per: 'bot-month', usd });
