import { HEADER_JSON_BUDGET, buildChallengeBody, buildPaymentRequired, type ChallengeTerms } from './challenge';
import type { MemoQuote } from './memo';
import { payerProofText } from './payer-proof';

const terms: ChallengeTerms = {
  network: { caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', v1: 'solana-devnet' },
  usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  recipient: 'Recipient1111111111111111111111111111111111',
  usdcTokenAccount: 'TokenAcct11111111111111111111111111111111111',
  feePayer: 'FeePayer111111111111111111111111111111111111',
  maxTimeoutSeconds: 120,
  solQuote: null,
  chain: { rpcUrl: null, description: 'Solana devnet' },
};
const quote: MemoQuote = {
  operationId: 'g.op',
  usd: '0.01',
  usdcAtomic: 10_000n,
  lamports: null,
  expiresAt: 2_000_000_000,
  nonce: 'n',
  binding: null,
};
const route = (outputSchema: Record<string, unknown>) => ({
  operationId: 'g.op',
  method: 'GET' as const,
  path: '/toll/g/op',
  summary: 'An operation',
  price: { per: 'call' as const, usd: '0.01' },
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  outputSchema,
});
const req = (outputSchema: Record<string, unknown>) => ({
  requestId: 'r',
  resourceUrl: 'http://gw/toll/g/op',
  route: route(outputSchema),
});

describe('buildPaymentRequired', () => {
  it('carries the whole output schema when the header stays small', () => {
    const small = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const v2 = buildPaymentRequired(req(small), terms, quote, 'memo', 'payment_required') as any;
    expect(v2.extensions.bazaar.schema.properties.output.properties.example).toEqual(small);
  });

  it('leaves out a large output schema, keeping the input schema, so the header fits common clients', () => {
    const large = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 400 }, (_, i) => [`field_${i}`, { type: 'string', description: 'x'.repeat(20) }]),
      ),
    };
    const v2 = buildPaymentRequired(req(large), terms, quote, 'memo', 'payment_required') as any;
    expect(JSON.stringify(v2).length).toBeLessThanOrEqual(HEADER_JSON_BUDGET);
    expect(v2.extensions.bazaar.schema.properties.output.properties.example).toEqual({
      type: 'object',
      description: 'See the operation in /openapi.json',
    });
    expect(v2.extensions.bazaar.schema.properties.input.properties.queryParams).toEqual(route(large).inputSchema);
  });
});

describe('input examples in discovery', () => {
  const withExample = (method: 'GET' | 'POST') => ({
    ...req({ type: 'object' }),
    route: {
      ...route({ type: 'object' }),
      method,
      inputSchema: {
        ...route({}).inputSchema,
        properties: { q: { type: 'string' }, n: { type: 'integer' } },
        examples: [{ q: 'solana' }],
      },
    },
  });

  it("fills bazaar's info.input with the route's example: query parameters for GET, a JSON body for POST", () => {
    expect(
      (buildPaymentRequired(withExample('GET'), terms, quote, 'memo', 'payment_required') as any).extensions.bazaar.info
        .input,
    ).toEqual({ type: 'http', method: 'GET', queryParams: { q: 'solana' } });
    expect(
      (buildPaymentRequired(withExample('POST'), terms, quote, 'memo', 'payment_required') as any).extensions.bazaar
        .info.input,
    ).toEqual({ type: 'http', method: 'POST', bodyType: 'json', body: { q: 'solana' } });
    expect(
      (buildPaymentRequired(req({}), terms, quote, 'memo', 'payment_required') as any).extensions.bazaar.info.input,
    ).toEqual({ type: 'http', method: 'GET' });
  });

  it('describes the input in the v1 entry beside the output: field definitions with required and the example value', () => {
    const [get] = buildChallengeBody(withExample('GET'), terms, quote, 'memo', 'payment_required').accepts;
    expect(get.outputSchema).toEqual({
      input: {
        type: 'http',
        method: 'GET',
        discoverable: true,
        queryParams: {
          q: { type: 'string', required: true, example: 'solana' },
          n: { type: 'integer', required: false },
        },
      },
      output: { type: 'object' },
    });
    const [post] = buildChallengeBody(withExample('POST'), terms, quote, 'memo', 'payment_required').accepts;
    expect(post.outputSchema.input).toMatchObject({
      method: 'POST',
      bodyType: 'json',
      bodyFields: { q: { required: true, example: 'solana' } },
    });
  });
});

describe('a route whose answer is a credential', () => {
  it('tells the memo-flow payer what to sign, and the x402 payer when', () => {
    const credential = { ...req({}), route: { ...route({}), payerProof: true }, request_sha256: 'f'.repeat(64) };
    const body = buildChallengeBody(credential, terms, quote, 'toll2:memo', 'payment_required');
    expect(body.toll.payer_proof).toEqual({
      header: 'x-toll-payer-signature',
      signer: 'the paying wallet: the memo-flow transaction fee payer, or the x402 payer',
      signature: 'Ed25519 over the UTF-8 signed_text, standard base64',
      signed_text: `toll-payer-v1\ntoll2:memo\n${'f'.repeat(64)}`,
      format: 'toll-payer-v1\n<memo>\n<request_sha256>',
      request_sha256: 'f'.repeat(64),
    });
    expect(payerProofText('toll2:memo', 'f'.repeat(64))).toBe(body.toll.payer_proof!.signed_text);
    expect(body.toll.how_to_pay.filter((line) => line.includes('x-toll-payer-signature'))).toHaveLength(2);
    expect(
      buildChallengeBody(req({}), terms, quote, 'toll2:memo', 'payment_required').toll.payer_proof,
    ).toBeUndefined();
  });
});
