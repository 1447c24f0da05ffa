import { FigureValue } from '@toll/markets';
import { cacheHealth, providerHealth } from '@toll/upstream';
import { healthOutput } from '@toll/platform';
import { z } from 'zod';

// ISO 17442: 18 characters then two check digits; the whole code, letters read as 10..35, is 1 mod 97.
export function leiChecksumValid(lei: string): boolean {
  let remainder = 0;
  for (const ch of lei.toUpperCase()) {
    const digits = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

const ticker = z
  .string()
  .regex(/^[A-Za-z0-9]{1,7}([.-][A-Za-z0-9]{1,3})?$/, 'must be a US ticker symbol such as AAPL or BRK.B')
  .describe('US ticker symbol, e.g. AAPL or BRK.B');
const cik = z
  .string()
  .regex(/^\d{1,10}$/, 'must be an SEC CIK: 1 to 10 digits')
  .describe('SEC Central Index Key, e.g. 320193 or 0000320193');
const lei = z
  .string()
  .regex(/^[A-Za-z0-9]{18}[0-9]{2}$/, 'must be a 20-character LEI (ISO 17442)')
  .describe('Legal Entity Identifier, 20 characters, e.g. HWUPKR0MPOU8FGXBT394');
const name = z
  .string()
  .min(2)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u, 'must be one line of text')
  .describe(
    'Company name; must match one company exactly (ignoring case, punctuation and legal form), else use company.search',
  );

// Exactly one identifier; the LEI's check digits are verified here, so a mistyped LEI is refused before any 402.
export const SnapshotInput = z
  .strictObject({ ticker: ticker.optional(), cik: cik.optional(), lei: lei.optional(), name: name.optional() })
  .superRefine((v, ctx) => {
    const given = (['ticker', 'cik', 'lei', 'name'] as const).filter((k) => v[k] !== undefined);
    if (given.length === 0)
      ctx.addIssue({ code: 'custom', path: ['ticker'], message: 'give one of ticker, cik, lei or name' });
    if (given.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: [given[1]],
        message: `give only one of ticker, cik, lei or name (${given.join(' and ')} given)`,
      });
    if (v.lei !== undefined && /^[A-Za-z0-9]{18}[0-9]{2}$/.test(v.lei) && !leiChecksumValid(v.lei)) {
      ctx.addIssue({ code: 'custom', path: ['lei'], message: 'LEI check digits do not match (ISO 17442 mod 97)' });
    }
  })
  .meta({ examples: [{ ticker: 'AAPL' }] });
export type SnapshotInput = z.infer<typeof SnapshotInput>;

export const SearchInput = z
  .strictObject({
    q: z
      .string()
      .min(2)
      .max(100)
      .regex(/^[^\p{Cc}]+$/u, 'must be one line of text')
      .describe('Company name or part of it, e.g. "alphabet" or "berkshire hath"'),
    limit: z.number().int().min(1).max(20).default(10).describe('Most candidates to return, 1-20 (default 10)'),
  })
  .meta({ examples: [{ q: 'berkshire hath', limit: 5 }] });
export type SearchInput = z.infer<typeof SearchInput>;

export const EmptyInput = z.strictObject({});

const Freshness = z.object({
  as_of: z.string().describe('When the data was fetched from the source (ISO 8601 UTC)'),
  stale: z.boolean().describe('true when the source could not be reached and an older cached answer is served'),
  reason: z.string().optional(),
});

const Address = z
  .object({
    lines: z.array(z.string()),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  })
  .nullable();

const Entity = z.object({ lei: z.string(), name: z.string() }).nullable();
const Source = z.object({ id: z.string(), license: z.string(), ...Freshness.shape });

export const GetSnapshotOutput = z.object({
  name: z.string().describe('Legal name (SEC conformed name for SEC filers, else GLEIF legal name)'),
  identifiers: z.object({
    ticker: z.string().nullable(),
    tickers: z.array(z.string()),
    exchanges: z.array(z.string()),
    cik: z.string().nullable().describe('Zero-padded to 10 digits'),
    lei: z.string().nullable(),
    isins: z.array(z.string()).describe('ISINs GLEIF links to the LEI (at most 10)'),
    ein: z.string().nullable(),
    wikidata: z.string().nullable(),
  }),
  industry: z
    .object({ sic: z.string(), description: z.string().nullable() })
    .nullable()
    .describe('SEC Standard Industrial Classification'),
  jurisdiction: z
    .string()
    .nullable()
    .describe('GLEIF jurisdiction (ISO 3166, e.g. US-DE), else the SEC state of incorporation'),
  legal_form: z
    .object({ elf_code: z.string().nullable(), other: z.string().nullable() })
    .nullable()
    .describe('GLEIF legal form: ISO 20275 ELF code'),
  status: z
    .object({ entity: z.string().nullable(), lei_registration: z.string() })
    .nullable()
    .describe('GLEIF entity status (ACTIVE, INACTIVE) and LEI registration status (ISSUED, LAPSED, …)'),
  fiscal_year_end: z.string().nullable().describe('MM-DD'),
  addresses: z
    .record(z.enum(['business', 'mailing', 'legal', 'headquarters']), Address)
    .describe(
      'business and mailing from SEC, legal and headquarters from GLEIF: {lines, city, region, postal_code, ' +
        'country} or null',
    ),
  parents: z
    .object({ direct: Entity, ultimate: Entity })
    .nullable()
    .describe('Accounting parents reported to GLEIF; null without an LEI'),
  key_financials: z
    .record(
      z.enum(['revenue', 'net_income', 'total_assets', 'stockholders_equity', 'shares_outstanding', 'eps_diluted']),
      FigureValue.nullable(),
    )
    .nullable()
    .describe(
      'Latest fiscal-year figures from SEC XBRL (null for non-SEC filers), each null or {value (exact decimal ' +
        'string), unit, concept, period {start, end, days}, fiscal_year, fiscal_period, form, accession_number, ' +
        'filed, filing_index_url, classes_summed}',
    ),
  description: z
    .object({ text: z.string(), source: z.string(), url: z.string(), license: z.string() })
    .nullable()
    .describe('Wikidata short description (CC0), else SEC'),
  website: z.string().nullable().describe('SEC, else Wikidata official website'),
  wikipedia: z.string().nullable().describe('English Wikipedia article (text CC BY-SA: link, not reproduced)'),
  former_names: z.array(z.object({ name: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  links: z
    .object({
      lei_from: z.enum(['sec', 'gleif-legal-name', 'input']).nullable(),
      cik_from: z.enum(['input', 'ticker', 'name', 'gleif-legal-name']).nullable(),
    })
    .describe('How the SEC and GLEIF records were joined'),
  sources: z.array(Source),
  freshness: Freshness.describe('The oldest of the sources used; stale when any is'),
});
export type GetSnapshotOutput = z.infer<typeof GetSnapshotOutput>;

export const SearchOutput = z.object({
  query: z.string(),
  count: z.number().int(),
  candidates: z.array(
    z.object({
      name: z.string(),
      ticker: z.string().nullable(),
      cik: z.string().nullable(),
      lei: z.string().nullable(),
      score: z.number().describe('0-1, higher is a closer match'),
      reasons: z.array(z.string()).describe('Why this candidate matched'),
    }),
  ),
  sources: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      as_of: z.string().nullable(),
      stale: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});
export type SearchOutput = z.infer<typeof SearchOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(providerHealth),
  governor: z.object({
    sec: z.enum(['shared', 'per-process']),
    gleif: z.enum(['shared', 'per-process']),
    sec_rate_per_second: z.number(),
  }),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
