import type { ChallengeRequest } from '@toll/contracts';
import { fromAtomic } from './amounts';
import { BALANCE_EXAMPLE, BALANCE_STEPS, balanceSigningGuide } from './balance-guide';
import { HEADERS, MEMO_QUERY_PARAM } from './headers';
import type { MemoQuote } from './memo';
import { payerProofText } from './payer-proof';

export interface PaymentRequirementsV2 {
  scheme: 'exact';
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

export interface PaymentRequiredV2 {
  x402Version: 2;
  error: string;
  resource: { url: string; description: string; mimeType: string };
  accepts: PaymentRequirementsV2[];
  extensions: {
    bazaar: { info: Record<string, unknown>; schema: Record<string, unknown> };
    toll_balance: ReturnType<typeof balanceExtension>;
  };
}

export interface PaymentRequirementsV1 {
  scheme: 'exact';
  network: string;
  maxAmountRequired: string;
  asset: string;
  payTo: string;
  resource: string;
  description: string;
  mimeType: string;
  outputSchema: Record<string, unknown>;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

export interface ChallengeTerms {
  network: { caip2: string; v1: string };
  usdcMint: string;
  recipient: string; // wallet receiving SOL; owner of the USDC token account
  usdcTokenAccount: string;
  feePayer: string; // pays fees when we settle x402 `exact` transfers ourselves
  maxTimeoutSeconds: number;
  solQuote: { solUsd: string; source: string; asOf: string } | null;
  // The chain payments verifies against, as callers should reach it (never the internal RPC URL, which may carry a
  // key).
  chain: { rpcUrl: string | null; description: string };
}

// What each refusal reason means to a payer, for the error object beside x402's `error` string.
const REASON_TEXT: Record<string, string> = {
  payment_required:
    'This operation is paid: pay as described in toll.how_to_pay (or accepts), then repeat the request with the proof.',
  payment_tx_header_missing: 'toll_memo was given without the X-Payment-Tx header naming the transaction that paid it.',
  proof_already_redeemed: 'This proof already paid for another request; pay again for a new one.',
  payer_proof_missing:
    `This operation's answer is a credential, so only the payer may redeem it: add header ` +
    `${HEADERS.payerSignature} with the paying wallet's signature of toll.payer_proof.signed_text.`,
  payer_proof_invalid:
    `${HEADERS.payerSignature} is not the paying wallet's signature (the transaction's fee payer, or the x402 ` +
    `payer) of toll.payer_proof.signed_text for this request and memo.`,
  memo_wrong_input:
    'This memo was issued for another request (another input or Idempotency-Key): repeat exactly the request ' +
    'that got it, or pay the fresh memo here for this one.',
  block_used_up: 'Every request this block bought is used; pay for a new block.',
  proof_credited:
    "This payment was credited to its payer's prepaid balance, so it pays for no call: spend the balance " +
    '(toll.how_to_pay), or pay the fresh memo here.',
  balance_auth_malformed:
    'A prepaid-balance header is malformed: balance_auth.part names which one (see toll.how_to_pay).',
  balance_clock_skew:
    'x-toll-timestamp is too far from our clock: balance_auth.server_time is our time; sign again with a fresh ' +
    'timestamp and nonce.',
  balance_signature_invalid:
    'The balance signature does not verify: compare your signed text with balance_auth.expected_signed_text line ' +
    'by line; if they are equal, the key that signed is not the one of x-toll-wallet.',
  nonce_reused: 'This wallet already used this x-toll-nonce: sign again with a new nonce.',
  balance_too_low: 'The prepaid balance cannot cover this call: balance names the shortfall and the deposit routes.',
};

// The prepaid balance as a v2 extension: the signing steps and the worked example (the same text as how_to_pay), and
// the headers a balance-paid request carries.
export function balanceExtension() {
  return {
    info: balanceSigningGuide(),
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      description: 'Request headers spending from a prepaid balance instead of a payment proof',
      properties: Object.fromEntries(Object.keys(BALANCE_EXAMPLE.headers).map((h) => [h, { type: 'string' }])),
      required: Object.keys(BALANCE_EXAMPLE.headers),
    },
  };
}

// Bazaar discovery (x402 v2 extension): the route's input and output, described by their JSON Schemas.
// A route with path parameters follows the extension's dynamic routes (bazaar.md "Dynamic Routes and routeTemplate"):
// their values go in `info.input.pathParams`, the rest in `queryParams` / `body`, and `routeTemplate` (`:name`) is the
// catalog key; the resource itself is the concrete URL (concreteExamplePath).
export function bazaarExtension(route: ChallengeRequest['route']) {
  const isBody = route.method === 'POST';
  // info is checked against schema by facilitators before cataloging (bazaar.md): `queryParams` / `body` are an
  // example, the route's own (its input schema's first `examples` entry); without one a query route states none.
  const { pathParams, rest, pathSchema, restSchema } = splitPathParams(route);
  const example = inputExampleOf(route) ? rest : undefined;
  const withPath = pathSchema ? { pathParams } : {};
  const inputInfo = isBody
    ? { type: 'http', method: route.method, ...withPath, bodyType: 'json', body: example ?? {} }
    : { type: 'http', method: route.method, ...withPath, ...(example ? { queryParams: example } : {}) };
  const inputSchema = {
    type: 'object',
    properties: {
      type: { const: 'http' },
      method: { enum: [route.method] },
      ...(pathSchema ? { pathParams: pathSchema } : {}),
      ...(isBody ? { bodyType: { enum: ['json'] }, body: restSchema } : { queryParams: restSchema }),
    },
    required: [
      ...(isBody ? ['type', 'method', 'bodyType', 'body'] : ['type', 'method']),
      ...(pathSchema ? ['pathParams'] : []),
    ],
    additionalProperties: false,
  };
  return {
    info: { input: inputInfo, output: { type: 'json' } },
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        input: inputSchema,
        output: { type: 'object', properties: { type: { const: 'json' }, example: route.outputSchema } },
      },
      required: ['input'],
    },
    ...(pathSchema ? { routeTemplate: route.path.replace(/\{([a-z0-9_]+)\}/gi, ':$1') } : {}),
  };
}

const pathParamNames = (path: string) => [...path.matchAll(/\{([a-z0-9_]+)\}/gi)].map((m) => m[1]);

// The route's example and input schema split into its path parameters and the rest (query parameters or body).
function splitPathParams(route: ChallengeRequest['route']) {
  const names = pathParamNames(route.path);
  const example = inputExampleOf(route) ?? {};
  const schema = route.inputSchema as {
    properties?: Record<string, unknown>;
    required?: string[];
    examples?: unknown[];
  };
  const pick = <T>(o: Record<string, T>, inPath: boolean) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => names.includes(k) === inPath));
  if (!names.length) return { pathParams: {}, rest: example, pathSchema: null, restSchema: route.inputSchema };
  const { examples: _examples, ...rest } = schema;
  return {
    pathParams: pick(example, true),
    rest: pick(example, false),
    pathSchema: {
      type: 'object',
      properties: pick(schema.properties ?? {}, true),
      required: names,
      additionalProperties: false,
    },
    restSchema: {
      ...rest,
      properties: pick(schema.properties ?? {}, false),
      required: (schema.required ?? []).filter((k) => !names.includes(k)),
    },
  };
}

// The route's path with its example's path parameters filled in: the URL a Bazaar client calls as listed. Null when
// the route has path parameters its example does not give.
export function concreteExamplePath(route: Pick<ChallengeRequest['route'], 'path' | 'inputSchema'>): string | null {
  const example = inputExampleOf(route) ?? {};
  const names = pathParamNames(route.path);
  if (names.some((n) => example[n] === undefined)) return null;
  return route.path.replace(/\{([a-z0-9_]+)\}/gi, (_, n: string) => encodeURIComponent(String(example[n])));
}

// The example a route announces with its input schema (JSON Schema `examples`), if any.
export function inputExampleOf(
  route: Pick<ChallengeRequest['route'], 'inputSchema'>,
): Record<string, unknown> | undefined {
  const first = (route.inputSchema.examples as unknown[] | undefined)?.[0];
  return first && typeof first === 'object' && !Array.isArray(first) ? (first as Record<string, unknown>) : undefined;
}

// x402 v1 discovery reads the input from `outputSchema.input` (query parameters or body fields, each a field
// definition: its JSON Schema plus `required`, and here the example's value) and the answer from `outputSchema.output`.
function v1OutputSchema(route: ChallengeRequest['route']) {
  const properties = (route.inputSchema.properties as Record<string, Record<string, unknown>> | undefined) ?? {};
  const required = new Set((route.inputSchema.required as string[] | undefined) ?? []);
  const example = inputExampleOf(route) ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      { ...schema, required: required.has(name), ...(name in example ? { example: example[name] } : {}) },
    ]),
  );
  const input =
    route.method === 'POST'
      ? { type: 'http', method: route.method, discoverable: true, bodyType: 'json', bodyFields: fields }
      : { type: 'http', method: route.method, discoverable: true, queryParams: fields };
  return { input, output: route.outputSchema };
}

// The v2 object travels base64-encoded in the PAYMENT-REQUIRED header, and common HTTP clients refuse response
// headers over 16 KiB in all (Node's default): past this many characters of JSON the bazaar extension leaves out the
// output schema's example (the v1 body and /openapi.json still carry it).
export const HEADER_JSON_BUDGET = 6_000;

export function buildPaymentRequired(
  req: ChallengeRequest,
  terms: ChallengeTerms,
  quote: MemoQuote,
  memo: string,
  error: string,
): PaymentRequiredV2 {
  const full = paymentRequired(req, terms, quote, memo, error, req.route);
  if (JSON.stringify(full).length <= HEADER_JSON_BUDGET) return full;
  return paymentRequired(req, terms, quote, memo, error, {
    ...req.route,
    outputSchema: { type: 'object', description: 'See the operation in /openapi.json' },
  });
}

function paymentRequired(
  req: ChallengeRequest,
  terms: ChallengeTerms,
  quote: MemoQuote,
  memo: string,
  error: string,
  route: ChallengeRequest['route'],
): PaymentRequiredV2 {
  return {
    x402Version: 2,
    error,
    resource: { url: req.resourceUrl, description: req.route.summary, mimeType: 'application/json' },
    accepts: [
      {
        scheme: 'exact',
        network: terms.network.caip2,
        amount: quote.usdcAtomic.toString(),
        asset: terms.usdcMint,
        payTo: terms.recipient,
        maxTimeoutSeconds: terms.maxTimeoutSeconds,
        // The signed memo rides along: stock clients put it on-chain, which binds the payment to this quote.
        extra: { feePayer: terms.feePayer, memo },
      },
    ],
    extensions: { bazaar: bazaarExtension(route), toll_balance: balanceExtension() },
  };
}

// The 402 body: the x402 v1 form, plus everything the memo flow (spec §5) needs in one `toll` object.
export function buildChallengeBody(
  req: ChallengeRequest,
  terms: ChallengeTerms,
  quote: MemoQuote,
  memo: string,
  error: string,
) {
  const accepts: PaymentRequirementsV1[] = [
    {
      scheme: 'exact',
      network: terms.network.v1,
      maxAmountRequired: quote.usdcAtomic.toString(),
      asset: terms.usdcMint,
      payTo: terms.recipient,
      resource: req.resourceUrl,
      description: req.route.summary,
      mimeType: 'application/json',
      outputSchema: v1OutputSchema(req.route),
      maxTimeoutSeconds: terms.maxTimeoutSeconds,
      extra: { feePayer: terms.feePayer, memo, usdcTokenAccount: terms.usdcTokenAccount },
    },
  ];
  const sol =
    quote.lamports === null || terms.solQuote === null
      ? null
      : {
          recipient: terms.recipient,
          lamports: quote.lamports.toString(),
          sol: fromAtomic(quote.lamports, 9),
          rate: { sol_usd: terms.solQuote.solUsd, source: terms.solQuote.source, as_of: terms.solQuote.asOf },
        };
  const block = req.route.price.per === 'block' ? req.route.price.requests : undefined;
  // A credential-bearing answer goes only to the payer: the redemption signs this memo and this request.
  const payerProof = req.route.payerProof
    ? {
        header: HEADERS.payerSignature,
        signer: 'the paying wallet: the memo-flow transaction fee payer, or the x402 payer',
        signature: 'Ed25519 over the UTF-8 signed_text, standard base64',
        signed_text: req.request_sha256 ? payerProofText(memo, req.request_sha256) : null,
        format: 'toll-payer-v1\n<memo>\n<request_sha256>',
        request_sha256: req.request_sha256 ?? null,
      }
    : undefined;
  return {
    x402Version: 1,
    error,
    accepts,
    toll: {
      // Our usual error object, beside the `error` string x402 v1 fixes.
      error: {
        code: 'PAYMENT_REQUIRED',
        reason: error,
        message: REASON_TEXT[error] ?? `The proof was refused (${error}); pay again as described in how_to_pay.`,
        request_id: req.requestId,
      },
      operation_id: req.route.operationId,
      price: req.route.price,
      memo,
      expires_at: new Date(quote.expiresAt * 1000).toISOString(),
      network: terms.network.caip2,
      chain: { rpc_url: terms.chain.rpcUrl, description: terms.chain.description },
      usdc: {
        mint: terms.usdcMint,
        token_account: terms.usdcTokenAccount,
        owner: terms.recipient,
        amount_atomic: quote.usdcAtomic.toString(),
        amount: fromAtomic(quote.usdcAtomic, 6),
      },
      sol,
      ...(payerProof ? { payer_proof: payerProof } : {}),
      how_to_pay: [
        `Transfer ${sol ? `${sol.lamports} lamports to ${terms.recipient} or ` : ''}${quote.usdcAtomic} USDC ` +
          `atomic units to token account ${terms.usdcTokenAccount}, with the memo above attached through the Memo ` +
          `program.`,
        `Repeat this request with header ${HEADERS.paymentTx}: <transaction signature> and query parameter ` +
          `${MEMO_QUERY_PARAM}=<memo>.`,
        ...(payerProof
          ? [
              `This answer is a credential: with the memo flow, also send header ${HEADERS.payerSignature}: the ` +
                `base64 Ed25519 signature of toll.payer_proof.signed_text by the wallet that pays (the ` +
                `transaction's fee payer). Without it the proof is refused before it is used.`,
            ]
          : []),
        `Or pay with a standard x402 v2 client: the ${HEADERS.paymentRequired} header holds the v2 ` +
          `PaymentRequired.` +
          `${payerProof ? ` Repeating a settled x402 payment (a retry, a redelivery) needs ${HEADERS.payerSignature} too, signed by the x402 payer.` : ''}`,
        ...(block
          ? [
              `One payment buys ${block} requests to ${req.route.path} (GET and POST alike): send every later ` +
                `request with the same proof; the x-toll-credits-remaining header counts what is left, and an ` +
                `Idempotency-Key makes a repeat a redelivery instead of the next credit.`,
            ]
          : []),
        'Or spend from a prepaid balance (no transaction per call), as follows; balance_payment.deployment is ' +
          'the network and recipient lines to sign for this service, balance_payment.example a worked example to ' +
          'check your bytes against.',
        ...BALANCE_STEPS.map((step) => `Prepaid balance: ${step}`),
        ...(terms.chain.rpcUrl
          ? [`Pay on ${terms.chain.description}: ${terms.chain.rpcUrl} (the chain this service verifies against).`]
          : []),
      ],
      balance_payment: {
        deployment: { network: terms.network.caip2, recipient: terms.recipient },
        example: BALANCE_EXAMPLE,
      },
    },
  };
}
