// x402 v2 headers, plus Toll's memo-flow proof (spec §5).
export const HEADERS = {
  paymentRequired: 'payment-required',
  paymentSignature: 'payment-signature',
  paymentResponse: 'payment-response',
  paymentTx: 'x-payment-tx',
  // Optional on paid calls: names the request, so repeating it on the same proof is a redelivery, not a new charge.
  idempotencyKey: 'idempotency-key',
  redelivery: 'x-toll-redelivery',
  // On routes whose answer is a credential: the paying wallet's signature of payerProofText (payer-proof.ts).
  payerSignature: 'x-toll-payer-signature',
} as const;

export const MEMO_QUERY_PARAM = 'toll_memo';

// Standard base64 of UTF-8 JSON; stock x402 decoders reject the URL-safe alphabet.
export const encodeHeaderJson = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

export function decodeHeaderJson(value: string): unknown {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new SyntaxError('not standard base64');
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
}
