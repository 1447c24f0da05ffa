import nacl from 'tweetnacl';
import { balanceSigningText, balanceSigningTextV1, inputSha256, requestSha256 } from './balance-auth';

// The test vector of docs/payments.md ("Prepaid balance"), reproduced with tweetnacl alone.
const VECTOR = {
  seed: Uint8Array.from({ length: 32 }, (_, i) => i + 1),
  wallet: '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj',
  request: { method: 'GET', path: '/toll/shop/item', query: { sku: '42', lang: 'en' } },
  timestamp: '1764000000',
  nonce: 'example-nonce-0001',
  inputSha256: '9d3823a7df20758d970f296e247ae4a7b49177b620a3f625b4c8cbaf175a6bb1',
  deployment: {
    network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    recipient: '8KV78jG9YuR8UHZiFhitRhQF3X65j2VqfFYSYMdo3Pmu',
  },
  signature: 'mZoPoxk4HgqCd9hNvyNYoBJkPRfy0a8GtRpiY4UGATC9ZCTb8R5OLbsQjrqBwFSq4x0UFQgl4URw9h2MvnnwAg==',
  signatureV1: 'IxW/k7Ag4EZxSxhmRRoFCyihHGyfApOsBN12m/EfjCbIyF4A9zOP+UDWnJohWh8hwF4tgvwvKKMli5HbWrFnAw==',
};

describe('balance request signing', () => {
  it('hashes the canonical input: keys sorted, whatever their order', () => {
    expect(inputSha256(VECTOR.request.query)).toBe(VECTOR.inputSha256);
    expect(inputSha256({ lang: 'en', sku: '42' })).toBe(VECTOR.inputSha256);
  });

  it('signs eight lines naming the deployment, reproducible with tweetnacl', () => {
    const signed = {
      method: 'get',
      path: VECTOR.request.path,
      input_sha256: VECTOR.inputSha256,
      timestamp: VECTOR.timestamp,
      nonce: VECTOR.nonce,
    };
    const text = balanceSigningText(signed, VECTOR.deployment);
    expect(text).toBe(
      `toll-balance-v2\nsolana:` +
        `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n8KV78jG9YuR8UHZiFhitRhQF3X65j2VqfFYSYMdo3Pmu\nGET\n/toll/shop/item\n` +
        `${VECTOR.inputSha256}\n1764000000\nexample-nonce-0001`,
    );
    const keys = nacl.sign.keyPair.fromSeed(VECTOR.seed);
    expect(Buffer.from(nacl.sign.detached(Buffer.from(text, 'utf8'), keys.secretKey)).toString('base64')).toBe(
      VECTOR.signature,
    );
  });

  it('keeps the v1 form (six lines, no deployment) for the clients that still sign it', () => {
    const text = balanceSigningTextV1({
      method: 'get',
      path: VECTOR.request.path,
      input_sha256: VECTOR.inputSha256,
      timestamp: VECTOR.timestamp,
      nonce: VECTOR.nonce,
    });
    expect(text).toBe(`toll-balance-v1\nGET\n/toll/shop/item\n${VECTOR.inputSha256}\n1764000000\nexample-nonce-0001`);
    const keys = nacl.sign.keyPair.fromSeed(VECTOR.seed);
    expect(Buffer.from(nacl.sign.detached(Buffer.from(text, 'utf8'), keys.secretKey)).toString('base64')).toBe(
      VECTOR.signatureV1,
    );
  });

  it('names a request by operation, method, path and input', () => {
    expect(requestSha256('shop.getItem', 'get', '/toll/shop/item', { sku: '42', lang: 'en' })).toBe(
      requestSha256('shop.getItem', 'GET', '/toll/shop/item', { lang: 'en', sku: '42' }),
    );
    expect(requestSha256('shop.getItem', 'GET', '/toll/shop/item', {})).not.toBe(
      requestSha256('shop.getItem', 'GET', '/toll/shop/item', { sku: '42' }),
    );
  });
});
