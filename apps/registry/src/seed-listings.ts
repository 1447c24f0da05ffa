import type { SubmitInput } from './registry.schemas';

export type SeedListing = Omit<SubmitInput, 'accepted_terms' | 'capability_tags'> & {
  seed_key: string;
  capability_tags: string[];
};

const CONTACT = { name: 'Toll operators', email: 'ops@toll.example', url: 'https://github.com/toll' };
const X402_SOLANA = { assets: ['USDC', 'SOL'], network: 'solana' };

// The curated seed (spec §1: four operator-verified listings): Toll's own services behind this gateway.
// Verified because the operator runs them, their prices are the ones the gateway charges (each group's
// src/pricing.ts, announced in its manifest) and their paths are the routes the groups announce; see
// docs/registry.md. They point at REGISTRY_PUBLIC_BASE_URL and are upserted at start (publishing only on change).
export const seedListings = (baseUrl: string): SeedListing[] => {
  const at = (path: string) => new URL(path, baseUrl).href;
  return [
    {
      seed_key: 'toll-data-bundle',
      name: 'Toll Data Bundle',
      description:
        'Live crypto prices, ETF distribution yields, verified bank rates and staking yields in one JSON ' +
        'response (GET /api/data, ' +
        'optional include=prices,yields,rates,staking). Each section carries as_of; a stale section is labelled ' +
        'stale with a reason.',
      category: 'data',
      endpoint_url: at('/api/data'),
      io_format: { request: 'query', response: 'json', schema_url: at('/api/data/schema') },
      pricing: {
        model: 'per_call',
        usd: '0.05',
        ...X402_SOLANA,
        notes: 'x402 per call; the schema and health routes are free',
      },
      auth_method: 'x402',
      contact: CONTACT,
      capability_tags: ['prices', 'crypto', 'etf', 'yields', 'dividends', 'bank-rates', 'rates', 'staking'],
    },
    {
      seed_key: 'toll-fee-oracle',
      name: 'Toll Fee Oracle',
      description:
        'Solana priority-fee levels from recent blocks (free), plus total-fee estimates and fee-optimized ' +
        'unsigned transactions ' +
        '(0.005 USD per call each) with compute-unit limits from simulation.',
      category: 'blockchain',
      endpoint_url: at('/toll/fees/fees'),
      io_format: { request: 'query', response: 'json', schema_url: at('/toll/fees/health') },
      pricing: {
        model: 'free',
        notes: 'fee levels are free; /toll/fees/estimate and /toll/fees/optimize cost 0.005 USD per call over x402',
      },
      auth_method: 'none',
      contact: CONTACT,
      capability_tags: ['fees', 'priority-fees', 'solana', 'compute-units', 'transactions'],
    },
    {
      seed_key: 'toll-weather',
      name: 'Toll Weather',
      description:
        'Weather forecast for any coordinates (1-16 days), plus current conditions and official alerts, with ' +
        'primary and fallback providers and labelled staleness.',
      category: 'weather',
      endpoint_url: at('/toll/weather/forecast'),
      io_format: { request: 'query', response: 'json', schema_url: at('/toll/weather/health') },
      pricing: {
        model: 'per_call',
        usd: '0.005',
        ...X402_SOLANA,
        notes: 'current, forecast and alerts are 0.005 USD per call each',
      },
      auth_method: 'x402',
      contact: CONTACT,
      capability_tags: ['weather', 'forecast', 'alerts', 'temperature', 'precipitation'],
    },
    {
      seed_key: 'toll-dev-utilities',
      name: 'Toll Dev Utilities',
      description:
        'Sixteen developer utilities behind one catalog: IP geolocation, UUIDs, passwords and tokens, base64, ' +
        'SHA-256 and MD5, ' +
        'JWT decoding, time-zone and unit conversion, colours, cron parsing, JSON formatting and validation.',
      category: 'developer-tools',
      endpoint_url: at('/toll/devutils/health'),
      io_format: { request: 'query', response: 'json', schema_url: at('/toll/devutils/health') },
      pricing: {
        model: 'per_call',
        usd: '0.005',
        ...X402_SOLANA,
        notes: 'every utility is 0.005 USD per call; this catalog URL is free',
      },
      auth_method: 'x402',
      contact: CONTACT,
      capability_tags: [
        'uuid',
        'password',
        'hashing',
        'base64',
        'jwt',
        'geolocation',
        'time-zones',
        'unit-conversion',
        'cron',
        'json',
      ],
    },
  ];
};
