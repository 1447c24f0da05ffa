import { ERROR_CODES, httpStatusOf, type ErrorCode, type PriceSpec } from '@toll/contracts';
import { BALANCE_HEADERS, balanceGuide, balanceGuideMarkdown, inputExampleOf } from '@toll/x402';
import type { ResolvedRoute } from './route-table';

type Schema = Record<string, unknown>;

export const priceText = (price: PriceSpec | null): string =>
  price === null
    ? 'free'
    : price.per === 'block'
      ? `$${price.usd} per block of ${price.requests} requests`
      : `$${price.usd} per ${price.per}`;

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
      return {
        name,
        in: inPath ? 'path' : 'query',
        required: inPath || required.has(name),
        description: s.description,
        schema: s,
        ...(name in example ? { example: example[name] } : {}),
      };
    });
}

// The body without the path parameters, its example likewise (they are in the path).
function bodyOf(route: ResolvedRoute) {
  const schema = stripDialect(route.inputSchema) as {
    properties?: Record<string, Schema>;
    required?: string[];
    examples?: Schema[];
  };
  if (route.paramNames.length === 0) return schema;
  const body = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).filter(([name]) => !route.paramNames.includes(name)));
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
      properties: {
        code: { type: 'string', enum: [...ERROR_CODES] },
        message: { type: 'string' },
        details: { type: 'object' },
        request_id: { type: 'string' },
      },
    },
  },
};

// What each code the group may declare means to a caller (the gateway's own statuses are listed below).
const DECLARED: Partial<Record<ErrorCode, string>> = {
  FORBIDDEN: 'The credentials given do not allow this',
  NOT_FOUND:
    "Not found (an unknown identifier); a paid call's proof stays unused (error.details.payment says how to redeem it)",
  CONFLICT: 'Conflicts with the current state (e.g. an outcome already recorded)',
  RATE_LIMITED: 'Rate limited; Retry-After says when to retry',
  UPSTREAM_ERROR: "An upstream provider failed; a paid call's proof stays unused: repeat the request with it",
};

// Every status the operation can answer: the gateway's own (input, payment, body size, method, availability) and
// the codes the group declares for its handler.
function responsesOf(route: ResolvedRoute, output: Schema) {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  });
  const declared = new Set(route.errors ?? []);
  if (route.paramNames.length) declared.add('NOT_FOUND');
  const fromGroup = Object.fromEntries(
    (Object.entries(DECLARED) as Array<[ErrorCode, string]>)
      .filter(([code]) => declared.has(code))
      .map(([code, text]) => [String(httpStatusOf(code)), error(text)]),
  );
  const responses: Record<string, unknown> = {
    '200': { description: 'Success', content: { 'application/json': { schema: output } } },
    '400': error('Invalid input, with field-level details.issues; answered before any payment step'),
    ...(route.price ? { '402': { $ref: '#/components/responses/PaymentRequired' } } : {}),
    '405': error('Method not allowed on this path; the Allow header lists the methods'),
    ...(route.method === 'POST' ? { '413': error('Request body too large') } : {}),
    '500': error("Internal error; a paid call's proof stays unused: repeat the request with it"),
    '503': error(
      'Service unavailable; retry after Retry-After. Refused before payment while the operation cannot be ' +
        'served; after a payment the proof stays unused: repeat the request with it',
    ),
    '504': error("Timed out; a paid call's proof stays unused: repeat the request with it"),
    ...fromGroup,
  };
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

// A paid operation whose answer is a credential: the memo flow (or a repeat of a settled x402 payment) must add the
// paying wallet's signature, so whoever reads the payment on chain cannot redeem it (docs/payments.md).
const PAYER_PROOF_TEXT =
  'The answer is a credential, so only the payer may redeem a payment for it: with the memo flow (X-Payment-Tx ' +
  'and toll_memo), and when repeating a settled x402 payment, also send X-Toll-Payer-Signature, the paying ' +
  "wallet's Ed25519 signature (base64) of the 402 body's toll.payer_proof.signed_text " +
  '("toll-payer-v1\\n<memo>\\n<request_sha256>").';
const payerProofOf = (route: ResolvedRoute) => Boolean(route.price && route.payerProof);

// The prepaid balance as security schemes: four headers sent together, the signature's scheme carrying the whole guide.
const BALANCE_SCHEME_NAMES = {
  wallet: 'toll_balance_wallet',
  timestamp: 'toll_balance_timestamp',
  nonce: 'toll_balance_nonce',
  signature: 'toll_balance_signature',
} as const;
const BALANCE_SECURITY = Object.fromEntries(Object.values(BALANCE_SCHEME_NAMES).map((n) => [n, []]));

function balanceSecuritySchemes() {
  const scheme = (header: string, description: string) => ({ type: 'apiKey', in: 'header', name: header, description });
  return {
    [BALANCE_SCHEME_NAMES.wallet]: scheme(
      BALANCE_HEADERS.wallet,
      'Prepaid balance: the paying wallet (Solana address, base58). Sent with the three other toll_balance headers.',
    ),
    [BALANCE_SCHEME_NAMES.timestamp]: scheme(
      BALANCE_HEADERS.timestamp,
      'Prepaid balance: unix seconds when signed, within the allowed clock skew of the server clock (60 s by default).',
    ),
    [BALANCE_SCHEME_NAMES.nonce]: scheme(
      BALANCE_HEADERS.nonce,
      'Prepaid balance: 16-64 characters of [A-Za-z0-9_-], single use per wallet.',
    ),
    [BALANCE_SCHEME_NAMES.signature]: scheme(
      BALANCE_HEADERS.signature,
      `Prepaid balance: Ed25519 signature (standard base64) of the signed text.\n\n${balanceGuideMarkdown()}`,
    ),
  };
}

// OpenAPI 3.1 assembled from the live catalog; each operation carries its price (x-toll-price) and, when its answer
// is a credential, x-toll-payer-proof.
export function buildOpenApi(routes: ResolvedRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: [
        route.description,
        `Price: ${priceText(route.price)}.`,
        payerProofOf(route) ? PAYER_PROOF_TEXT : undefined,
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: route.tags,
      'x-toll-price': route.price,
      ...(payerProofOf(route) ? { 'x-toll-payer-proof': true } : {}),
      // Either the 402's per-call payment (no scheme: pay, then send the proof) or the four balance headers together.
      ...(route.price ? { security: [{}, BALANCE_SECURITY] } : {}),
      // the payment headers (X-Payment-Tx, X-Toll-Payer-Signature) belong to the 402 flow, not the input
      parameters: parametersOf(route),
      ...(route.method === 'POST'
        ? { requestBody: { required: true, content: { 'application/json': { schema: bodyOf(route) } } } }
        : {}),
      responses: responsesOf(route, stripDialect(route.outputSchema)),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Toll',
      version: '1.0.0',
      description:
        'Pay-per-call data and utility API for software agents. Paid operations answer 402 with an x402 ' +
        'challenge (v2 in the PAYMENT-REQUIRED header, v1 in the body).',
    },
    servers: [{ url: serverUrl }],
    paths,
    'x-toll-balance': balanceGuide(),
    components: {
      securitySchemes: balanceSecuritySchemes(),
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      responses: {
        PaymentRequired: {
          description:
            'Payment required: x402 v2 PaymentRequired (base64) in the PAYMENT-REQUIRED header; x402 v1 form ' +
            'plus the memo flow in the body.',
          headers: { 'PAYMENT-REQUIRED': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
}
