import { healthOutput } from '@toll/platform';
import { lastOutcome } from '@toll/upstream';
import { z } from 'zod';
import { decodeTronAddress, TRON_ADDRESS_PATTERN } from './tron-address';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// The pattern is what JSON Schema can say (the gateway refuses it before any 402); the checksum is the refine.
const PATTERN = new RegExp(TRON_ADDRESS_PATTERN);
const tronAddress = (role: string) =>
  z
    .string()
    .regex(PATTERN, 'a TRON base58 address: T followed by 33 base58 characters')
    .refine(
      (a) => !PATTERN.test(a) || decodeTronAddress(a) !== null,
      'not a valid TRON address: the base58check checksum does not match',
    )
    .describe(`${role}: TRON base58check address (T…)`);

export const EstimateInput = z
  .strictObject({
    from: tronAddress('Sender'),
    to: tronAddress('Recipient'),
    amount_usdt: z
      .number()
      .positive()
      .max(1e12)
      .refine((n) => /^\d+(\.\d{1,6})?$/.test(String(n)), 'at most 6 decimals (USDT has 6)')
      .describe('USDT to send (6 decimals at most)'),
    trx_balance_sun: z
      .number()
      .int()
      .min(0)
      .max(MAX_SAFE)
      .optional()
      .describe("Sender's TRX balance in sun (1 TRX = 1,000,000 sun): the answer says whether it covers the burn"),
    contract_call: z
      .boolean()
      .default(false)
      .describe(
        'true: also simulate this exact transfer on the node (from the sender) and use its energy instead of the ' +
          'band; the band is used if the simulation reverts',
      ),
  })
  .meta({
    examples: [
      { from: 'TAuD2W5vggcdy1cNpem4uH3HreRMyPQLHT', to: 'TEB2oMAzDDHq869w79okFtUHE1bkLbH5RL', amount_usdt: 12.5 },
    ],
  });
export type EstimateInput = z.infer<typeof EstimateInput>;

export const EmptyInput = z.strictObject({});

const Sun = z.string().describe('sun (1 TRX = 1,000,000 sun), integer string');
const Trx = z.string().describe('TRX, decimal string');
const Usd = z.string().nullable().describe('USD at trx_usd, decimal string to the cent; null without a TRX/USD price');

const TrxUsd = z
  .object({
    usd: z.string().nullable(),
    source: z.string().nullable(),
    as_of: z.string().nullable(),
    reason: z.string().optional(),
  })
  .describe("TRX/USD from the data group's price cache; usd null (with reason) when it has no fresh price");

const NodeParams = z.object({
  energy_fee_sun: z.number().int().describe('getEnergyFee: sun burned per energy unit'),
  bandwidth_fee_sun: z.number().int().describe('getTransactionFee: sun burned per bandwidth byte'),
  free_bandwidth_per_day: z.number().int().describe('getFreeNetLimit'),
  as_of: z.string(),
  stale: z.boolean(),
});

export const EstimateOutput = z.object({
  from: z.string(),
  to: z.string(),
  amount_usdt: z.string(),
  recipient: z.object({
    holds_usdt: z.boolean().describe('balanceOf(to) > 0: the 64 k vs 130 k energy band'),
    usdt_balance: z.string().describe('USDT, decimal string'),
    activated: z.boolean().describe('The account exists on chain (a TRC-20 transfer does not activate it)'),
  }),
  energy: z.object({
    required: z.number().int(),
    basis: z.enum(['band', 'simulation']),
    band: z.string(),
    sender_available: z.number().int().describe('Staked or delegated energy the sender has left'),
    to_burn: z.number().int(),
  }),
  bandwidth: z.object({
    required_bytes: z.number().int(),
    sender_available_bytes: z.number().int().describe('Free daily bandwidth left plus staked bandwidth left'),
    burned: z.boolean().describe('When the sender lacks the bytes, the whole transaction is paid in TRX'),
  }),
  cost: z.object({
    energy_burn_sun: Sun,
    bandwidth_burn_sun: Sun,
    total_burn_sun: Sun,
    total_burn_trx: Trx,
    total_burn_usd: Usd,
  }),
  balance_check: z
    .object({ trx_balance_sun: Sun, covers_burn: z.boolean(), shortfall_sun: Sun })
    .nullable()
    .describe('null when trx_balance_sun was not given'),
  rent: z.object({ available: z.boolean(), reason: z.string() }).describe('Renting the energy instead of burning TRX'),
  params: NodeParams,
  trx_usd: TrxUsd,
  notes: z.array(z.string()),
});
export type EstimateOutput = z.infer<typeof EstimateOutput>;

export const PricesOutput = z.object({
  energy_unit_price_sun: z.number().int(),
  bandwidth_unit_price_sun: z.number().int(),
  free_bandwidth_per_day: z.number().int(),
  usdt_transfer_burn: z
    .object({
      to_holder: z.object({ energy: z.number().int(), trx: Trx, usd: Usd }),
      to_empty: z.object({ energy: z.number().int(), trx: Trx, usd: Usd }),
    })
    .describe('TRX burned by a sender with no energy, for the two bands (plus bandwidth)'),
  trx_usd: TrxUsd,
  params: NodeParams,
});
export type PricesOutput = z.infer<typeof PricesOutput>;

export const HealthOutput = healthOutput({
  nodes: z.array(z.object({ id: z.string(), host: z.string(), role: z.enum(['primary', 'fallback']) })),
  node: z.object({
    ...lastOutcome,
  }),
  trx_usd: TrxUsd,
  usdt_contract: z.string(),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
