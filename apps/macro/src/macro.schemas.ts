import { healthOutput } from '@toll/platform';
import { cacheHealth, providerHealth } from '@toll/upstream';
import { z } from 'zod';
import { SERIES_NAMES } from './series-catalog';

// Inputs are strict (unknown fields are rejected). GET query numbers arrive as numbers: the gateway coerces
// them from the announced JSON Schema.
const series = z
  .union([
    z.enum(SERIES_NAMES),
    z
      .string()
      .regex(
        /^[A-Z0-9][A-Z0-9_]{0,29}$/,
        'must be a friendly name from GET /toll/macro/series or a FRED series id in capitals, e.g. CPIAUCSL',
      ),
  ])
  .describe(`A friendly name (${SERIES_NAMES.join(', ')}) or a FRED series id in capitals such as CPIAUCSL`);

export const SeriesInput = z.strictObject({ series }).meta({ examples: [{ series: 'cpi' }] });
export type SeriesInput = z.infer<typeof SeriesInput>;

export const HistoryInput = z
  .strictObject({
    series,
    start: z
      .string()
      .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYY-MM-DD')
      .optional()
      .describe('First observation date to include, YYYY-MM-DD (default: the most recent `limit` observations)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(120)
      .describe('Most observations to return, newest first, 1-1000 (default 120)'),
  })
  .meta({ examples: [{ series: 'unemployment_rate', start: '2024-01-01', limit: 24 }] });
export type HistoryInput = z.infer<typeof HistoryInput>;

// A point or an address, never both: the rule spans two fields, so it is a refinement naming the field.
export const CivicInput = z
  .strictObject({
    lat: z.number().min(-90).max(90).optional().describe('Latitude in decimal degrees (with lon)'),
    lon: z.number().min(-180).max(180).optional().describe('Longitude in decimal degrees (with lat)'),
    address: z
      .string()
      .min(5)
      .max(200)
      .regex(/^[^\p{Cc}]+$/u, 'must be one line of text')
      .optional()
      .describe(
        'US street address on one line, e.g. "1600 Pennsylvania Ave NW, Washington, DC 20500" (instead of lat/lon)',
      ),
  })
  .superRefine((v, ctx) => {
    const point = v.lat !== undefined || v.lon !== undefined;
    if (point && v.address !== undefined)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'give either lat and lon or an address, not both' });
    else if (v.lat !== undefined && v.lon === undefined)
      ctx.addIssue({ code: 'custom', path: ['lon'], message: 'lon is required with lat' });
    else if (v.lon !== undefined && v.lat === undefined)
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat is required with lon' });
    else if (!point && v.address === undefined)
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'give lat and lon, or an address' });
  })
  .meta({ examples: [{ address: '1600 Pennsylvania Ave NW, Washington, DC 20500' }] });
export type CivicInput = z.infer<typeof CivicInput>;

export const EmptyInput = z.strictObject({});

const Freshness = z.object({
  as_of: z.string().describe('When the data was fetched from the source (ISO 8601 UTC)'),
  stale: z.boolean().describe('true when the source could not be reached and an older cached answer is served'),
  reason: z.string().optional().describe('Why stale data is served'),
});

const SeriesMeta = z.object({
  name: z.string().nullable().describe('Our friendly name, when the series is in the catalog'),
  id: z.string().describe('FRED series id'),
  title: z.string().describe('Series title as FRED publishes it'),
  units: z.string().describe('Units, e.g. Percent, Index 1982-1984=100, Billions of Dollars'),
  frequency: z.string().describe('Daily, Weekly, Monthly, Quarterly, …'),
  seasonal_adjustment: z
    .string()
    .describe('Seasonally Adjusted, Not Seasonally Adjusted, Seasonally Adjusted Annual Rate'),
  publisher: z.string().nullable().describe('The agency that produces the series (catalog series)'),
  last_updated: z
    .string()
    .nullable()
    .describe(
      "When FRED last updated the series: the latest release (ISO 8601); null when only FRED's keyless CSV answered",
    ),
});

const Point = z.object({
  date: z.string().describe('Observation period start, YYYY-MM-DD'),
  value: z.string().nullable().describe('Exact decimal string; null where the source has no value'),
});

const Provenance = {
  source: z
    .enum(['fred', 'fred-csv'])
    .describe('fred: the FRED API; fred-csv: its keyless CSV download (the fallback)'),
  source_url: z.string().describe('The series page on FRED'),
  attribution: z.string(),
  freshness: Freshness,
};

export const GetLatestOutput = z.object({
  series: SeriesMeta,
  latest: z.object({ date: z.string(), value: z.string() }).describe('The newest observation with a value'),
  previous: z
    .object({ date: z.string(), value: z.string() })
    .nullable()
    .describe('The observation with a value before it'),
  ...Provenance,
});
export type GetLatestOutput = z.infer<typeof GetLatestOutput>;

export const GetHistoryOutput = z.object({
  series: SeriesMeta,
  start: z.string().nullable(),
  count: z.number().int(),
  observations: z.array(Point).describe('Newest first'),
  ...Provenance,
});
export type GetHistoryOutput = z.infer<typeof GetHistoryOutput>;

const Representative = z.object({
  office: z.enum(['U.S. Senator', 'U.S. Representative', 'Delegate to the U.S. House', 'Resident Commissioner']),
  name: z.string(),
  party: z.string().nullable(),
  state: z.string(),
  district: z.number().int().nullable().describe('House district (0 at-large or non-voting); null for senators'),
  senate_class: z.number().int().nullable(),
  state_rank: z.string().nullable().describe('senior or junior (senators)'),
  term_start: z.string(),
  term_end: z.string(),
  phone: z.string().nullable(),
  office_address: z.string().nullable(),
  website: z.string().nullable(),
  contact_form: z.string().nullable(),
  bioguide_id: z.string().describe('Biographical Directory of the U.S. Congress id'),
});

const CivicSource = z.object({ id: z.string(), url: z.string(), license: z.string(), ...Freshness.shape });

export const GetRepresentativesOutput = z.object({
  point: z
    .object({ lat: z.number(), lon: z.number() })
    .describe('The point looked up (the geocoded point for an address)'),
  matched_address: z.string().nullable().describe("The Census geocoder's reading of the address"),
  state: z.object({ code: z.string(), name: z.string(), fips: z.string() }),
  county: z.object({ name: z.string(), fips: z.string() }).nullable(),
  congressional_district: z
    .object({
      congress: z.number().int(),
      code: z.string().describe('e.g. CA-11; CA-AL for at-large'),
      number: z.number().int().describe('0 for at-large and non-voting seats'),
      at_large: z.boolean(),
    })
    .nullable(),
  representatives: z.array(Representative).describe('Senators (senior first), then the House member'),
  not_covered: z.array(z.string()).describe('What this lookup does not answer'),
  sources: z.array(CivicSource),
  freshness: Freshness.describe('The older of the two sources; stale when either is'),
});
export type GetRepresentativesOutput = z.infer<typeof GetRepresentativesOutput>;

export const ListSeriesOutput = z.object({
  count: z.number().int(),
  series: z.array(SeriesMeta.omit({ last_updated: true })),
  note: z.string(),
});
export type ListSeriesOutput = z.infer<typeof ListSeriesOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(providerHealth),
  fred: z.object({
    api_key: z.boolean().describe('false: only the keyless CSV (catalog series only)'),
    governor: z.enum(['shared', 'per-process']),
  }),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
