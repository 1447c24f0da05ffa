import nacl from 'tweetnacl';
import { requestSha256 } from './balance-auth';
import { payerProofText } from './payer-proof';

// The test vector of docs/payments.md ("Who can redeem a payment"), reproduced with tweetnacl alone.
const VECTOR = {
  seed: Uint8Array.from({ length: 32 }, (_, i) => i + 1),
  memo:
    'toll2:devutils.genPassword:0.005:5000:33334:1764000600:0123456789abcdef:qqqqqqqqqqqqqqqqqqqqqg:' +
    'AAAAAAAAAAAAAAAAAAAAAA',
  request: {
    operationId: 'devutils.genPassword',
    method: 'GET',
    path: '/toll/devutils/gen/password',
    query: { length: '20' },
  },
  requestSha256: 'bb2727bec2960d65683a7648e293de6dc37f765def1da6ede39ce6d0478146b5',
  signature: 'BDwmN9FeMFSHNeU6dFpiAjt3q4HhBPlh7msvYAcUePti4inVJyyRSYLiUkiFOPc5KOqNmQmPk49FMr9pp/3UBg==',
};

describe('payer proof', () => {
  it('signs three lines: the prefix, the memo and the request hash, reproducible with tweetnacl', () => {
    const request = requestSha256(
      VECTOR.request.operationId,
      VECTOR.request.method,
      VECTOR.request.path,
      VECTOR.request.query,
    );
    expect(request).toBe(VECTOR.requestSha256);
    const text = payerProofText(VECTOR.memo, request);
    expect(text).toBe(`toll-payer-v1\n${VECTOR.memo}\n${VECTOR.requestSha256}`);
    const keys = nacl.sign.keyPair.fromSeed(VECTOR.seed);
    expect(Buffer.from(nacl.sign.detached(Buffer.from(text, 'utf8'), keys.secretKey)).toString('base64')).toBe(
      VECTOR.signature,
    );
  });
});
