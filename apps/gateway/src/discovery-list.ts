import { Injectable } from '@nestjs/common';
import { TollError, type ChallengeReply } from '@toll/contracts';
import { concreteExamplePath, decodeHeaderJson, inputExampleOf } from '@toll/x402';
import { randomUUID } from 'node:crypto';
import { toolNameOf, toolOf } from './mcp';
import { PaymentsClient } from './payments.client';
import { RouteTable, type ResolvedRoute } from './route-table';

// The x402 Bazaar discovery list (DiscoveryResourcesResponse of @x402/extensions/bazaar, served by facilitators at
// GET /discovery/resources): every paid route, over HTTP and as an MCP tool, with the requirements payments states.
export interface DiscoveryResource {
  resource: string;
  type: 'http' | 'mcp';
  x402Version: 2;
  accepts: Array<Record<string, unknown>>;
  lastUpdated: string;
  description: string;
  mimeType: string;
  serviceName?: string;
  tags?: string[];
  extensions: { bazaar: Record<string, unknown> };
}

export interface DiscoveryQuery {
  type?: string;
  payTo?: string;
  scheme?: string;
  network?: string;
  extensions?: string;
  limit: number;
  offset: number;
}

export const DISCOVERY_MAX_LIMIT = 100;
// A challenge's requirements (network, asset, amount, payee) change only with prices and terms; a minute is fresh
// enough.
const REQUIREMENTS_TTL_MS = 60_000;

const MCP_BAZAAR_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    input: {
      type: 'object',
      properties: {
        type: { type: 'string', const: 'mcp' },
        tool: { type: 'string' },
        description: { type: 'string' },
        transport: { type: 'string', enum: ['streamable-http', 'sse'] },
        inputSchema: { type: 'object' },
        example: { type: 'object' },
      },
      required: ['type', 'tool', 'inputSchema'],
      additionalProperties: false,
    },
    output: { type: 'object', properties: { type: { type: 'string' }, example: {} }, required: ['type'] },
  },
  required: ['input'],
};

// Bazaar's serviceName and tags are printable ASCII, at most 32 characters (tags: at most 5).
const ascii32 = (s: string) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 32);

@Injectable()
export class DiscoveryList {
  private readonly cache = new Map<string, { at: number; required: Promise<PaymentRequiredV2> }>();

  constructor(
    private readonly table: RouteTable,
    private readonly payments: PaymentsClient,
  ) {}

  async list(query: DiscoveryQuery, base: string) {
    const lastUpdated = this.table.changedAt.toISOString();
    const titles = new Map(this.table.groups().map((g) => [g.group, g.title]));
    const paid = this.table
      .routes()
      .filter((r) => r.price)
      .sort((a, b) => a.operationId.localeCompare(b.operationId));
    for (const [key, entry] of this.cache) if (Date.now() - entry.at >= REQUIREMENTS_TTL_MS) this.cache.delete(key);
    const requirements = await Promise.all(paid.map((route) => this.requirementsOf(route, base)));
    const items: DiscoveryResource[] = [];
    for (const [i, route] of paid.entries()) {
      const required = requirements[i];
      const accepts = required.accepts.map(({ extra, ...rest }) => ({ ...rest, extra: withoutMemo(extra) }));
      const common = {
        x402Version: 2 as const,
        accepts,
        lastUpdated,
        mimeType: 'application/json',
        serviceName: ascii32(`Toll ${titles.get(route.group) ?? route.group}`),
        tags: [...new Set(route.tags.map(ascii32).filter(Boolean))].slice(0, 5),
      };
      // A templated path is listed as its example's concrete URL, callable as is; the bazaar's routeTemplate keys the
      // catalog.
      items.push({
        ...common,
        resource: `${base}${concreteExamplePath(route) ?? route.path}`,
        type: 'http',
        description: route.summary,
        extensions: { bazaar: required.extensions.bazaar },
      });
      const tool = toolOf(route);
      // The route's own input example (the HTTP item's info.input carries it from the challenge), as the tool's
      // arguments.
      const input = inputExampleOf(route);
      const example = input ? { example: input } : {};
      items.push({
        ...common,
        resource: `${base}/mcp`,
        type: 'mcp',
        description: route.summary,
        extensions: {
          bazaar: {
            info: {
              input: {
                type: 'mcp',
                tool: toolNameOf(route.operationId),
                description: tool.description,
                transport: 'streamable-http',
                inputSchema: tool.inputSchema,
                ...example,
              },
              output: { type: 'json' },
            },
            schema: MCP_BAZAAR_SCHEMA,
          },
        },
      });
    }
    const matching = items.filter(
      (i) =>
        (!query.type || i.type === query.type) &&
        (!query.extensions || query.extensions in i.extensions) &&
        i.accepts.some(
          (a) =>
            (!query.payTo || a.payTo === query.payTo) &&
            (!query.scheme || a.scheme === query.scheme) &&
            (!query.network || a.network === query.network),
        ),
    );
    return {
      x402Version: 2,
      items: matching.slice(query.offset, query.offset + query.limit),
      pagination: { limit: query.limit, offset: query.offset, total: matching.length },
    };
  }

  // What payments would ask for this route, from a challenge it issues for the route's plain URL (issuing one writes
  // nothing). Keyed by what the route announces, never by the caller's Host, so callers cannot grow the cache.
  private requirementsOf(route: ResolvedRoute, base: string): Promise<PaymentRequiredV2> {
    const { operationId, method, path, summary, inputSchema, outputSchema } = route;
    const key = JSON.stringify([operationId, method, path, route.price, inputSchema, outputSchema]);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < REQUIREMENTS_TTL_MS) return hit.required;
    const required = this.payments
      .challenge({
        requestId: randomUUID(),
        resourceUrl: `${base}${concreteExamplePath(route) ?? path}`,
        route: { operationId, method, path, summary, inputSchema, outputSchema, price: route.price! },
      })
      .then((c: ChallengeReply) => decodeHeaderJson(c.headerValue) as PaymentRequiredV2);
    required.catch(() => this.cache.delete(key));
    this.cache.set(key, { at: Date.now(), required });
    return required;
  }
}

interface PaymentRequiredV2 {
  accepts: Array<Record<string, unknown> & { extra?: Record<string, unknown> }>;
  extensions: { bazaar: Record<string, unknown> };
}

// The memo binds one quote and expires within minutes: a list that crawlers keep must not carry it.
function withoutMemo(extra: Record<string, unknown> | undefined) {
  const { memo: _memo, ...rest } = extra ?? {};
  return rest;
}

export function discoveryQueryOf(raw: Record<string, unknown>): DiscoveryQuery {
  const text = (k: string) => (typeof raw[k] === 'string' && raw[k] ? (raw[k] as string) : undefined);
  const int = (k: string, fallback: number, min: number, max: number) => {
    const v = raw[k];
    if (v === undefined) return fallback;
    const n = typeof v === 'string' && /^\d{1,7}$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max))
      throw new TollError('INVALID_INPUT', 'Input failed validation', {
        issues: [{ field: k, message: `must be an integer from ${min} to ${max}` }],
      });
    return n;
  };
  return {
    type: text('type'),
    payTo: text('payTo'),
    scheme: text('scheme'),
    network: text('network'),
    extensions: text('extensions'),
    limit: int('limit', 20, 1, DISCOVERY_MAX_LIMIT),
    offset: int('offset', 0, 0, 1_000_000),
  };
}
