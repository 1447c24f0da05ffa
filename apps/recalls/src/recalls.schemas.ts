import { healthOutput } from '@toll/platform';
import { cacheHealth, sourceHealth } from '@toll/upstream';
import { z } from 'zod';
import { VIN_PATTERN, vinCheckDigitValid } from './vin';

// Inputs are strict (unknown fields are rejected) and every string is bounded.
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};
const Day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
    .refine(isRealDate, 'is not a calendar date')
    .optional()
    .describe(what);

export const CATEGORIES = ['food', 'drug', 'device', 'consumer', 'vehicle'] as const;
export type SearchCategory = (typeof CATEGORIES)[number];
// NHTSA campaign numbers: two-digit year, V (vehicle), E (equipment), T (tire) or C (child seat), six digits.
export const CAMPAIGN_PATTERN = /^\d{2}[VETC]\d{6}$/i;
export const SEARCH_MAX = 50;

export const SearchInput = z
  .strictObject({
    // Letters, digits and plain punctuation only: the text goes inside a quoted openFDA phrase.
    q: z
      .string()
      .trim()
      .min(2)
      .max(100)
      .regex(/^[\p{L}\p{N} .,'&/-]+$/u, "may hold letters, digits, spaces and . , ' & / - only")
      .describe(
        'What to look for: a product, ingredient, hazard or firm, e.g. "listeria", "peanut butter", "stroller"',
      ),
    category: z
      .enum(CATEGORIES)
      .optional()
      .describe(
        'Only this kind: food, drug, device (FDA), consumer (CPSC products) or vehicle (NHTSA; q must be a ' +
          'campaign number such as 19V182000). ' +
          'Default: food, drug, device and consumer, or vehicle alone when q is a campaign number',
      ),
    from: Day('Recalls reported on or after this day'),
    to: Day('Recalls reported on or before this day'),
    classification: z
      .enum(['class-i', 'class-ii', 'class-iii'])
      .optional()
      .describe(
        'FDA severity: class-i (serious harm or death likely) to class-iii (unlikely to cause harm). CPSC and ' +
          'NHTSA do not classify, so this leaves consumer products and vehicles out',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(SEARCH_MAX)
      .default(20)
      .describe(`Recalls to return (1-${SEARCH_MAX}), newest first`),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    if (v.category === 'consumer' && v.classification)
      ctx.addIssue({ code: 'custom', path: ['classification'], message: 'CPSC recalls have no FDA classification' });
    if (v.category === 'vehicle' && v.classification)
      ctx.addIssue({ code: 'custom', path: ['classification'], message: 'NHTSA recalls have no FDA classification' });
    if (v.category === 'vehicle' && !CAMPAIGN_PATTERN.test(v.q)) {
      ctx.addIssue({
        code: 'custom',
        path: ['q'],
        message:
          'with category vehicle, give an NHTSA campaign number such as 19V182000 (for a make, model and year ' +
          'use recalls.getVehicle)',
      });
    }
  })
  .meta({ examples: [{ q: 'salmonella', category: 'food', limit: 10 }] });
export type SearchInput = z.infer<typeof SearchInput>;

const Name = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[\p{L}\p{N} .&/-]+$/u, 'may hold letters, digits, spaces and . & / - only')
    .describe(what);

export const GetVehicleInput = z
  .strictObject({
    make: Name('Vehicle make, e.g. "Honda"'),
    model: Name('Model, e.g. "Accord"'),
    year: z.number().int().min(1949).max(2099).describe('Model year'),
  })
  .meta({ examples: [{ make: 'Honda', model: 'Accord', year: 2018 }] });
export type GetVehicleInput = z.infer<typeof GetVehicleInput>;

export const GetVinInput = z
  .strictObject({
    vin: z
      .string()
      .trim()
      .regex(VIN_PATTERN, { message: 'must be 17 characters: capital letters except I, O, Q, and digits', abort: true })
      .refine(vinCheckDigitValid, 'check digit (9th character) does not match')
      .describe('17-character Vehicle Identification Number; the check digit is verified before payment'),
  })
  .meta({ examples: [{ vin: '1HGCM82633A004352' }] });
export type GetVinInput = z.infer<typeof GetVinInput>;

export const EmptyInput = z.strictObject({});

export const SourceName = z.enum(['openfda', 'cpsc', 'nhtsa-recalls', 'nhtsa-vpic']);
export type SourceName = z.infer<typeof SourceName>;

export const Recall = z.object({
  id: z.string().describe('Unique across sources: <source>:<source id>'),
  source: z.enum(['openfda', 'cpsc', 'nhtsa']),
  source_id: z
    .string()
    .describe("The agency's own number: FDA recall number, CPSC recall number, NHTSA campaign number"),
  category: z.enum(['food', 'drug', 'device', 'consumer', 'vehicle']),
  title: z.string(),
  reason: z.string().nullable().describe('Why the product was recalled'),
  hazard: z.string().nullable().describe('What could happen to a user'),
  classification: z.string().nullable().describe('FDA Class I/II/III; null for CPSC and NHTSA, which do not classify'),
  firm: z.string().nullable().describe('Recalling firm or manufacturer'),
  products: z.array(z.string()),
  dates: z.object({
    initiated: z.string().nullable().describe('YYYY-MM-DD the recall began'),
    reported: z.string().nullable().describe('YYYY-MM-DD the agency published or received it'),
    terminated: z.string().nullable(),
  }),
  distribution: z.string().nullable(),
  status: z.string().nullable().describe('FDA: Ongoing, Completed, Terminated; null where the source does not say'),
  remedy: z.string().nullable(),
  link: z.string().describe("Where the agency's record can be read"),
});
export type Recall = z.infer<typeof Recall>;

const Freshness = z.object({
  as_of: z.string().describe('ISO time the oldest part of this answer was fetched from its source'),
  stale: z.boolean().describe('True when a source failed and an older cached answer is served instead'),
  reason: z.string().nullable().describe('Why stale data was served; null when fresh'),
});

const Attribution = z.array(z.string()).describe('Credit and terms to show wherever the data is used');

export const SearchOutput = z.object({
  query: z.object({
    q: z.string(),
    categories: z.array(z.enum(CATEGORIES)),
    from: z.string().nullable(),
    to: z.string().nullable(),
    classification: z.string().nullable(),
    limit: z.number().int(),
  }),
  complete: z.boolean().describe('False when a dataset failed and its recalls are missing (see sources)'),
  count: z.number().int(),
  recalls: z.array(Recall).describe('Newest first by reported date, across datasets'),
  sources: z.array(
    z.object({
      dataset: z.enum(['fda-food', 'fda-drug', 'fda-device', 'cpsc', 'nhtsa']),
      outcome: z.enum(['ok', 'failed']),
      total: z.number().int().nullable().describe('Matches the dataset holds in all (null when it failed)'),
      error: z.string().nullable(),
      as_of: z.string().nullable(),
      stale: z.boolean(),
    }),
  ),
  attribution: Attribution,
  freshness: Freshness,
});
export type SearchOutput = z.infer<typeof SearchOutput>;

const VehicleRecall = Recall.extend({
  component: z.string().nullable(),
  park_it: z.boolean().describe('NHTSA: do not drive the vehicle until repaired'),
  park_outside: z.boolean().describe('NHTSA: park outside, away from structures (fire risk)'),
  over_the_air_update: z.boolean().describe('NHTSA: the remedy can be installed over the air'),
  notes: z.string().nullable(),
});
export type VehicleRecall = z.infer<typeof VehicleRecall>;

// What an empty list means, in a field an agent reads: NHTSA answers [] both for a vehicle without campaigns and for a
// make, model or year it does not know, so "none" is only certain for a vehicle known to exist (a decoded VIN).
const Listing = z
  .enum(['recalls_listed', 'none_listed', 'none_listed_or_unknown_vehicle'])
  .describe(
    'recalls_listed: campaigns found. none_listed: no campaign for a vehicle known to exist (decoded from its ' +
      'VIN). none_listed_or_unknown_vehicle: NHTSA lists nothing, which it also answers for a make, model or year ' +
      'it does not know; this is NOT "no recalls" (check the spelling, or look up the VIN)',
  );

// What both vehicle answers say after naming the vehicle.
const vehicleRecalls = {
  listing: Listing,
  count: z.number().int(),
  recalls: z.array(VehicleRecall).describe('Newest first'),
  note: z.string(),
  attribution: Attribution,
  freshness: Freshness,
};

export const GetVehicleOutput = z.object({
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.number().int() }),
  ...vehicleRecalls,
});
export type GetVehicleOutput = z.infer<typeof GetVehicleOutput>;

export const GetVinOutput = z.object({
  vehicle: z.object({
    vin: z.string(),
    make: z.string(),
    model: z.string(),
    year: z.number().int(),
    manufacturer: z.string().nullable(),
    body_class: z.string().nullable(),
    plant_country: z.string().nullable(),
    decode_note: z.string().nullable().describe("vPIC's own note on the decode (its ErrorText)"),
  }),
  ...vehicleRecalls,
});
export type GetVinOutput = z.infer<typeof GetVinOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(sourceHealth(SourceName)),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
