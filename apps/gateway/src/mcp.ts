import type { PriceSpec } from '@toll/contracts';
import { REPLAY_LABEL_PROPERTIES } from '@toll/platform';
import { priceText, stripDialect } from './openapi';
import type { ResolvedRoute } from './route-table';

type Schema = Record<string, unknown>;

// The x402-over-MCP keys (x402 transports-v2/mcp.md) and ours for the memo flow and what HTTP carries in headers.
export const META = {
  payment: 'x402/payment', // client → server: an x402 v2 PaymentPayload
  paymentResponse: 'x402/payment-response', // server → client: the x402 SettleResponse
  paymentRequired: 'x402/payment-required', // server → client: true on a payment-required result (fast detection)
  memoPayment: 'toll/memo-payment', // client → server: { signature, memo } of a memo-flow transfer (spec §5)
  // client → server: { wallet, timestamp, nonce, signature } spending from a prepaid balance, signed over the route's
  // method, its path template and the whole tool input (docs/payments.md)
  balancePayment: 'toll/balance-payment',
  // client → server: on a tool whose answer is a credential, the paying wallet's signature (base64) of the memo
  // challenge's payer_proof.signed_text (docs/payments.md, "Who can redeem a payment")
  payerSignature: 'toll/payer-signature',
  // client → server: as the Idempotency-Key header (block prices: a repeat is redelivered)
  idempotencyKey: 'toll/idempotency-key',
  memoChallenge: 'toll/memo-challenge', // server → client: everything the memo flow needs (the 402 body's `toll`)
  // server → client: why a balance payment was refused, as the 402 body says it (balance_auth: the failing part;
  // balance: the shortfall and the deposit routes)
  balanceRefusal: 'toll/balance-refusal',
  receipt: 'toll/receipt',
  creditsRemaining: 'toll/credits-remaining',
  redelivery: 'toll/redelivery',
  uncharged: 'toll/uncharged',
  headers: 'toll/headers', // the group's x-toll-* headers
} as const;

export const PAYMENT_REQUIRED_CODE = 402;

// MCP clients commonly accept only [A-Za-z0-9_-] in tool names; an operationId has exactly one dot and no
// underscore, so swapping them is reversible.
export const toolNameOf = (operationId: string) => operationId.replace('.', '_');

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Schema & { type: 'object' };
  outputSchema?: Schema & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; openWorldHint: boolean };
  _meta: {
    'toll/operationId': string;
    'toll/price': PriceSpec | null;
    'toll/http': { method: string; path: string };
    'toll/payer-proof'?: true;
  };
}

// MCP wants an object schema; an output that is not an object is described in the text content instead.
const objectSchema = (schema: Schema): (Schema & { type: 'object' }) | undefined =>
  schema.type === 'object' ? (stripDialect(schema) as Schema & { type: 'object' }) : undefined;

// An output schema also names replay mode's label, which clients check structuredContent against.
const outputSchemaOf = (schema: Schema) => {
  const s = objectSchema(schema);
  return s?.properties ? { ...s, properties: { ...s.properties, ...REPLAY_LABEL_PROPERTIES } } : s;
};

export function toolOf(route: ResolvedRoute): McpTool {
  const pay = route.price
    ? `Price: ${priceText(route.price)}. Paid with x402 (an x402 v2 PaymentPayload in _meta["${META.payment}"]) or ` +
      `the Solana memo flow (_meta["${META.memoPayment}"]); the first call without payment answers the payment ` +
      `requirements.`
    : 'Free.';
  const credential =
    route.price && route.payerProof
      ? `The answer is a credential: only the payer may redeem it. With the memo flow (or when repeating a settled ` +
        `x402 payment) add _meta["${META.payerSignature}"]: the paying wallet's Ed25519 signature (base64) of ` +
        `_meta["${META.memoChallenge}"].payer_proof.signed_text.`
      : undefined;
  return {
    name: toolNameOf(route.operationId),
    title: route.summary,
    description: [route.summary, route.description, pay, credential].filter(Boolean).join('\n\n'),
    inputSchema: objectSchema(route.inputSchema) ?? { type: 'object' },
    ...(outputSchemaOf(route.outputSchema) ? { outputSchema: outputSchemaOf(route.outputSchema) } : {}),
    annotations: { title: route.summary, readOnlyHint: route.method === 'GET', openWorldHint: true },
    _meta: {
      'toll/operationId': route.operationId,
      'toll/price': route.price,
      'toll/http': { method: route.method, path: route.path },
      ...(route.price && route.payerProof ? { 'toll/payer-proof': true as const } : {}),
    },
  };
}

export function toolsOf(routes: ResolvedRoute[]): Map<string, { route: ResolvedRoute; tool: McpTool }> {
  const sorted = [...routes].sort((a, b) => a.operationId.localeCompare(b.operationId));
  return new Map(sorted.map((route) => [toolNameOf(route.operationId), { route, tool: toolOf(route) }]));
}
