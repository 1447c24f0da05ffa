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
}

interface Common {
  id: string;
  name: string;
  summary: string;
  priceUsd: number | null; // per call; null = the source does not state it
  prior: number; // multiplies the relevance score
  group: string | null; // the Toll group of a Toll route
  status: boolean; // a group's /health route: says whether the service is up, what it covers and charges
  text: ToolText;
}

// Every group's `/health` route (the platform's GroupHealth) describes the service, not a capability: with
// equal evidence the group's operations come first, while a task about status still finds it.
const STATUS_ROUTE_PRIOR = 0.5;
const isStatusRoute = (route: CatalogRoute) => route.path.endsWith('/health');

export type ToolDocument =
  | (Common & { source: 'toll-catalog'; call: TollCall })
  | (Common & { source: 'index'; call: IndexCall })
  | (Common & { source: 'registry'; call: RegistryCall });

// A manifest route as the catalog and the 402 challenge both see it.
export type CatalogRoute = Pick<RouteManifest, 'operationId' | 'method' | 'path' | 'summary' | 'description' | 'tags' | 'price' | 'inputSchema'> & {
  group: string;
  groupTitle: string;
};

export function perCallUsd(price: PriceSpec | null): number {
  if (!price) return 0;
  return price.per === 'block' ? Number(price.usd) / price.requests : Number(price.usd);
}

// How to call a Toll route: the same fields the challenge's bazaar extension describes (method, and the
// route's input schema as query parameters for GET or the JSON body for POST), plus path and price.
function tollCallOf(route: CatalogRoute): TollCall {
  return {
    method: route.method,
    path: route.path,
    price: route.price,
    payment: route.price ? 'x402' : 'free',
    input: { in: route.method === 'POST' ? 'body' : 'query', schema: route.inputSchema },
  };
}

// Field names, descriptions and enum values of a JSON Schema's top-level properties.
function schemaWords(schema: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>;
  return Object.entries(properties)
    .map(([name, p]) => [name, typeof p?.description === 'string' ? p.description : '', Array.isArray(p?.enum) ? p.enum.join(' ') : ''].join(' '))
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
    priceUsd: perCallUsd(route.price),
    prior: isStatusRoute(route) ? STATUS_ROUTE_PRIOR : 1,
    group: route.group,
    status: isStatusRoute(route),
    text: {
      summary: route.summary,
      name: route.operationId,
      tags: [...new Set([...(route.tags ?? []), route.groupTitle, route.group])].join(' ; '),
      path: route.path,
      description: route.description ?? '',
      inputs: schemaWords(route.inputSchema),
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
    priceUsd: Number(entry.price_per_call),
    prior: 1,
    group: null,
    status: false,
    text: { summary: entry.description, name: entry.name, tags: entry.tags.join(' ; '), path: urlWords(entry.endpoint), description: '', inputs: '' },
    call: { endpoint: entry.endpoint, price_per_call: entry.price_per_call, schema_url: entry.schema_url },
  };
}

// Listing pricing as the registry publishes it (apps/registry, docs/registry.md "Price of a listing"):
// { model: free | per_call | per_block | subscription | quote, usd?, requests? }. Subscriptions and quotes
// have no per-call price; neither has anything the registry did not describe.
export function listingPriceUsd(pricing: unknown): number | null {
  const p = (pricing ?? {}) as { model?: unknown; usd?: unknown; requests?: unknown };
  const usd = typeof p.usd === 'string' && /^\d+(\.\d+)?$/.test(p.usd) ? Number(p.usd) : null;
  if (p.model === 'free') return 0;
  if (p.model === 'per_call') return usd;
  if (p.model === 'per_block' && usd !== null && typeof p.requests === 'number' && p.requests > 0) return usd / p.requests;
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
    priceUsd: listingPriceUsd(listing.pricing),
    prior: 1,
    group: null,
    status: false,
    text: {
      summary: listing.description,
      name: listing.name,
      tags: [...listing.capability_tags, listing.category].join(' ; '),
      path: urlWords(listing.endpoint_url),
      description: '',
      inputs: leafStrings(listing.io_format).join(' ').slice(0, 2000),
    },
    call: { endpoint: listing.endpoint_url, auth_method: listing.auth_method, pricing: listing.pricing, io_format: listing.io_format, verified: listing.verified },
  };
}

// The group a registry listing describes when it is one of ours: operator-verified and pointing at the path of a
// live Toll route (the registry's curated seeds do). Third-party listings, verified or not, never point there.
export function ownListingGroup(doc: ToolDocument, livePaths: Map<string, string | null>): string | null {
  if (doc.source !== 'registry' || !doc.call.verified) return null;
  try {
    return livePaths.get(new URL(doc.call.endpoint).pathname) ?? null;
  } catch {
    return null;
  }
}
