import type { PriceSpec, RegistryListing, RouteManifest } from '@toll/contracts';
import type { IndexCall, IndexEntry, RegistryCall, TollCall } from './discovery.schemas';

export type ToolSource = 'toll-catalog' | 'index' | 'registry';

// The searchable text of a tool, one string per indexed field.
export interface ToolText {
  summary: string;
  name: string;
  tags: string;
  path: string;
  description: string;
  inputs: string;
  asks: string; // how users ask for it (a Toll route's `asks`)
}

interface Common {
  id: string;
  name: string;
  summary: string;
  price: PriceSpec | null; // a free tool costs { per: call, usd: '0' }; null = the source does not state a price
  prior: number; // multiplies the relevance score
  group: string | null; // the Toll group of a Toll route
  status: boolean; // a group's /health route: says whether the service is up, what it covers and charges
  // A free route that runs the service rather than serving a task (status, root-path files and forms such as the
  // registry's snapshot or questionnaire): it appears only when the task asks for it.
  admin: boolean;
  // announced by a Toll group (checked as the gateway checks it) or operator-verified in the registry
  verified: boolean;
  registeredAt: string | null; // index entries: when first registered (the oldest of near-duplicates is kept)
  asks: string[]; // labelled examples: how users ask for this tool
  text: ToolText;
}

const FREE_PRICE: PriceSpec = { per: 'call', usd: '0' };
const USD = /^(0|[1-9]\d{0,5})(\.\d{1,6})?$/;

// Every group's `/health` route (the platform's GroupHealth) describes the service, not a capability: with
// equal evidence the group's operations come first, while a task about status still finds it.
const STATUS_ROUTE_PRIOR = 0.5;
const isStatusRoute = (route: CatalogRoute) => route.path.endsWith('/health');

export type ToolDocument =
  | (Common & { source: 'toll-catalog'; call: TollCall })
  | (Common & { source: 'index'; call: IndexCall })
  | (Common & { source: 'registry'; call: RegistryCall });

// A manifest route as the catalog and the 402 challenge both see it.
export type CatalogRoute = Pick<
  RouteManifest,
  'operationId' | 'method' | 'path' | 'summary' | 'description' | 'asks' | 'tags' | 'price' | 'inputSchema'
> & {
  group: string;
  groupTitle: string;
};

// The smallest payment a caller must make to use the tool, in micro-USD (USDC atomic units): a whole block for a
// block price, one month for a bot-month. This is what max_price is compared with.
export function smallestPaymentMicros(price: PriceSpec): bigint {
  const [whole, fraction = ''] = price.usd.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

// How to call a Toll route: the same fields the challenge's bazaar extension describes (method, and the
// route's input schema as query parameters for GET or the JSON body for POST), plus path. The price is the result's.
function tollCallOf(route: CatalogRoute): TollCall {
  return {
    method: route.method,
    path: route.path,
    payment: route.price ? 'x402' : 'free',
    input: { in: route.method === 'POST' ? 'body' : 'query', schema: route.inputSchema },
  };
}

// Field names, descriptions and enum values of a JSON Schema's top-level properties.
function schemaWords(schema: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>;
  return Object.entries(properties)
    .map(([name, p]) =>
      [
        name,
        typeof p?.description === 'string' ? p.description : '',
        Array.isArray(p?.enum) ? p.enum.join(' ') : '',
      ].join(' '),
    )
    .join(' ; ');
}

const urlWords = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname} ${u.pathname}`;
  } catch {
    return url;
  }
};

export function routeDocument(route: CatalogRoute): ToolDocument {
  return {
    id: `toll:${route.method}:${route.path}`,
    source: 'toll-catalog',
    name: route.operationId,
    summary: route.summary,
    price: route.price ?? FREE_PRICE,
    prior: isStatusRoute(route) ? STATUS_ROUTE_PRIOR : 1,
    group: route.group,
    status: isStatusRoute(route),
    admin: isStatusRoute(route) || (route.price === null && !route.path.startsWith('/toll/')),
    verified: true,
    registeredAt: null,
    asks: route.asks ?? [],
    text: {
      summary: route.summary,
      name: route.operationId,
      tags: [...new Set([...(route.tags ?? []), route.groupTitle, route.group])].join(' ; '),
      path: route.path,
      description: route.description ?? '',
      inputs: schemaWords(route.inputSchema),
      asks: (route.asks ?? []).join(' ; '),
    },
    call: tollCallOf(route),
  };
}

export function entryDocument(entry: IndexEntry): ToolDocument {
  return {
    id: `index:${entry.id}`,
    source: 'index',
    name: entry.name,
    summary: entry.description,
    price: USD.test(entry.price_per_call) ? { per: 'call', usd: entry.price_per_call } : null,
    prior: 1,
    group: null,
    status: false,
    admin: false,
    verified: false,
    registeredAt: entry.created_at,
    asks: [],
    text: {
      summary: entry.description,
      name: entry.name,
      tags: entry.tags.join(' ; '),
      path: urlWords(entry.endpoint),
      description: '',
      inputs: '',
      asks: '',
    },
    call: { endpoint: entry.endpoint, schema_url: entry.schema_url },
  };
}

// Listing pricing as the registry publishes it (apps/registry, docs/registry.md "Price of a listing"):
// { model: free | per_call | per_block | subscription | quote, usd?, requests? }, in our one price style. Subscriptions
// and quotes have no price a caller can pay per use; neither has anything the registry did not describe.
export function listingPrice(pricing: unknown): PriceSpec | null {
  const p = (pricing ?? {}) as { model?: unknown; usd?: unknown; requests?: unknown };
  const usd = typeof p.usd === 'string' && USD.test(p.usd) ? p.usd : null;
  if (p.model === 'free') return FREE_PRICE;
  if (usd === null) return null;
  if (p.model === 'per_call' || (p.model === 'per_block' && p.requests === 1)) return { per: 'call', usd };
  if (
    p.model === 'per_block' &&
    typeof p.requests === 'number' &&
    Number.isInteger(p.requests) &&
    p.requests >= 2 &&
    p.requests <= 1_000_000
  )
    return { per: 'block', usd, requests: p.requests };
  return null;
}

// The text values of a small structured value (its keys are the same for every listing, so say nothing).
const leafStrings = (value: unknown, depth = 0): string[] => {
  if (typeof value === 'string') return [value];
  if (depth > 3 || !value || typeof value !== 'object') return [];
  return Object.values(value).flatMap((v) => leafStrings(v, depth + 1));
};

export function listingDocument(listing: RegistryListing): ToolDocument {
  return {
    id: `registry:${listing.id}`,
    source: 'registry',
    name: listing.name,
    summary: listing.description,
    price: listingPrice(listing.pricing),
    prior: 1,
    group: null,
    status: false,
    admin: false,
    verified: listing.verified,
    registeredAt: null,
    asks: [],
    text: {
      summary: listing.description,
      name: listing.name,
      tags: [...listing.capability_tags, listing.category].join(' ; '),
      path: urlWords(listing.endpoint_url),
      description: '',
      inputs: leafStrings(listing.io_format).join(' ').slice(0, 2000),
      asks: '',
    },
    call: { endpoint: listing.endpoint_url, auth_method: listing.auth_method, io_format: listing.io_format },
  };
}

// The group a registry listing describes when it is one of ours: operator-verified and pointing at the path of a
// live Toll route (the registry's curated seeds do). Third-party listings, verified or not, never point there.
export function ownListingGroup(doc: ToolDocument, livePaths: Map<string, string | null>): string | null {
  if (doc.source !== 'registry' || !doc.verified) return null;
  try {
    return livePaths.get(new URL(doc.call.endpoint).pathname) ?? null;
  } catch {
    return null;
  }
}
