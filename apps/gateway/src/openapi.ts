import type { PriceSpec } from '@toll/contracts';
import type { ResolvedRoute } from './route-table';

type Schema = Record<string, unknown>;

export const priceText = (price: PriceSpec | null): string =>
  price === null ? 'free' : price.per === 'block' ? `$${price.usd} per block of ${price.requests} requests` : `$${price.usd} per ${price.per}`;

const stripDialect = ({ $schema: _dialect, ...schema }: Schema): Schema => schema;

function parametersOf(route: ResolvedRoute) {
  const schema = route.inputSchema as { properties?: Record<string, Schema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => route.method === 'GET' || route.paramNames.includes(name))
    .map(([name, s]) => {
      const inPath = route.paramNames.includes(name);
      return { name, in: inPath ? 'path' : 'query', required: inPath || required.has(name), description: s.description, schema: s };
    });
}

function bodyOf(route: ResolvedRoute) {
  const schema = stripDialect(route.inputSchema) as { properties?: Record<string, Schema> };
  if (route.paramNames.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !route.paramNames.includes(name)));
  return { ...schema, properties };
}

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' }, requestId: { type: 'string' } },
    },
  },
};

// OpenAPI 3.1 assembled from the live catalog; each operation carries its price (x-toll-price).
export function buildOpenApi(routes: ResolvedRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const errorRef = { $ref: '#/components/responses/Error' };
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: [route.description, `Price: ${priceText(route.price)}.`].filter(Boolean).join('\n\n'),
      tags: route.tags,
      'x-toll-price': route.price,
      parameters: parametersOf(route),
      ...(route.method === 'POST' ? { requestBody: { required: true, content: { 'application/json': { schema: bodyOf(route) } } } } : {}),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: stripDialect(route.outputSchema) } } },
        '400': errorRef,
        ...(route.price ? { '402': { $ref: '#/components/responses/PaymentRequired' } } : {}),
        '503': errorRef,
        '504': errorRef,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Toll',
      version: '1.0.0',
      description: 'Pay-per-call data and utility API for software agents. Paid operations answer 402 with an x402 challenge (v2 in the PAYMENT-REQUIRED header, v1 in the body).',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      responses: {
        Error: { description: 'Error envelope', content: { 'application/json': { schema: ERROR_ENVELOPE } } },
        PaymentRequired: {
          description: 'Payment required: x402 v2 PaymentRequired (base64) in the PAYMENT-REQUIRED header; x402 v1 form plus the memo flow in the body.',
          headers: { 'PAYMENT-REQUIRED': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
}
