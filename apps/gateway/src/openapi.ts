import { ERROR_CODES, httpStatusOf, type ErrorCode, type PriceSpec } from '@toll/contracts';
import { inputExampleOf } from '@toll/x402';
import type { ResolvedRoute } from './route-table';

type Schema = Record<string, unknown>;

export const priceText = (price: PriceSpec | null): string =>
  price === null ? 'free' : price.per === 'block' ? `$${price.usd} per block of ${price.requests} requests` : `$${price.usd} per ${price.per}`;

export const stripDialect = ({ $schema: _dialect, ...schema }: Schema): Schema => schema;

// Each parameter carries its value in the route's one example (the same the 402's bazaar info, /discovery/resources and
// the MCP tool advertise).
function parametersOf(route: ResolvedRoute) {
  const schema = route.inputSchema as { properties?: Record<string, Schema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  const example = inputExampleOf(route) ?? {};
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => route.method === 'GET' || route.paramNames.includes(name))
    .map(([name, s]) => {
      const inPath = route.paramNames.includes(name);
      return { name, in: inPath ? 'path' : 'query', required: inPath || required.has(name), description: s.description, schema: s, ...(name in example ? { example: example[name] } : {}) };
    });
}

// The body without the path parameters, its example likewise (they are in the path).
function bodyOf(route: ResolvedRoute) {
  const schema = stripDialect(route.inputSchema) as { properties?: Record<string, Schema>; required?: string[]; examples?: Schema[] };
  if (route.paramNames.length === 0) return schema;
  const body = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).filter(([name]) => !route.paramNames.includes(name)));
  return {
    ...schema,
    properties: body(schema.properties ?? {}),
    ...(schema.required ? { required: schema.required.filter((name) => !route.paramNames.includes(name)) } : {}),
    ...(schema.examples ? { examples: schema.examples.map(body) } : {}),
  };
}

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      properties: { code: { type: 'string', enum: [...ERROR_CODES] }, message: { type: 'string' }, details: { type: 'object' }, request_id: { type: 'string' } },
    },
  },
};

// What each code the group may declare means to a caller (the gateway's own statuses are listed below).
const DECLARED: Partial<Record<ErrorCode, string>> = {
  FORBIDDEN: 'The credentials given do not allow this',
  NOT_FOUND: 'Not found (an unknown identifier); a paid call\'s proof stays unused (error.details.payment says how to redeem it)',
  CONFLICT: 'Conflicts with the current state (e.g. an outcome already recorded)',
  RATE_LIMITED: 'Rate limited; Retry-After says when to retry',
  UPSTREAM_ERROR: 'An upstream provider failed; a paid call\'s proof stays unused: repeat the request with it',
};

// Every status the operation can answer: the gateway's own (input, payment, body size, method, availability) and
// the codes the group declares for its handler.
function responsesOf(route: ResolvedRoute, output: Schema) {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
  const declared = new Set(route.errors ?? []);
  if (route.paramNames.length) declared.add('NOT_FOUND');
  const fromGroup = Object.fromEntries(
    (Object.entries(DECLARED) as Array<[ErrorCode, string]>).filter(([code]) => declared.has(code)).map(([code, text]) => [String(httpStatusOf(code)), error(text)]),
  );
  const responses: Record<string, unknown> = {
    '200': { description: 'Success', content: { 'application/json': { schema: output } } },
    '400': error('Invalid input, with field-level details.issues; answered before any payment step'),
    ...(route.price ? { '402': { $ref: '#/components/responses/PaymentRequired' } } : {}),
    '405': error('Method not allowed on this path; the Allow header lists the methods'),
    ...(route.method === 'POST' ? { '413': error('Request body too large') } : {}),
    '500': error('Internal error; a paid call\'s proof stays unused: repeat the request with it'),
    '503': error('Service unavailable; retry after Retry-After. Refused before payment while the operation cannot be served; after a payment the proof stays unused: repeat the request with it'),
    '504': error('Timed out; a paid call\'s proof stays unused: repeat the request with it'),
    ...fromGroup,
  };
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

// OpenAPI 3.1 assembled from the live catalog; each operation carries its price (x-toll-price).
export function buildOpenApi(routes: ResolvedRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: [route.description, `Price: ${priceText(route.price)}.`].filter(Boolean).join('\n\n'),
      tags: route.tags,
      'x-toll-price': route.price,
      parameters: parametersOf(route),
      ...(route.method === 'POST' ? { requestBody: { required: true, content: { 'application/json': { schema: bodyOf(route) } } } } : {}),
      responses: responsesOf(route, stripDialect(route.outputSchema)),
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
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      responses: {
        PaymentRequired: {
          description: 'Payment required: x402 v2 PaymentRequired (base64) in the PAYMENT-REQUIRED header; x402 v1 form plus the memo flow in the body.',
          headers: { 'PAYMENT-REQUIRED': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
}
