import { PublicKey } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { BALANCE_EXAMPLE, balanceGuideMarkdown } from './balance-guide';

// The served example is a test vector: an agent with tweetnacl alone gets these exact bytes and this signature.
describe('balance signing guide', () => {
  it('states an example that tweetnacl reproduces byte for byte', () => {
    const keys = nacl.sign.keyPair.fromSeed(Buffer.from(BALANCE_EXAMPLE.secret_seed_hex, 'hex'));
    expect(new PublicKey(keys.publicKey).toBase58()).toBe(BALANCE_EXAMPLE.wallet);
    expect(BALANCE_EXAMPLE.signed_text).toBe(
      `toll-balance-v2\n${BALANCE_EXAMPLE.network}\n${BALANCE_EXAMPLE.recipient}\nGET\n/toll/shop/item\n` +
        `${BALANCE_EXAMPLE.input_sha256}\n1764000000\nexample-nonce-0001`,
    );
    expect([BALANCE_EXAMPLE.network, BALANCE_EXAMPLE.recipient]).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      '8KV78jG9YuR8UHZiFhitRhQF3X65j2VqfFYSYMdo3Pmu',
    ]);
    expect(BALANCE_EXAMPLE.input_canonical_json).toBe('{"lang":"en","sku":"42"}');
    expect(Buffer.from(BALANCE_EXAMPLE.signed_text_hex, 'hex').toString('utf8')).toBe(BALANCE_EXAMPLE.signed_text);
    const signature = Buffer.from(
      nacl.sign.detached(Buffer.from(BALANCE_EXAMPLE.signed_text, 'utf8'), keys.secretKey),
    ).toString('base64');
    expect(signature).toBe(BALANCE_EXAMPLE.signature_base64);
  });

  it('writes the example into the Markdown with its exact values', () => {
    const md = balanceGuideMarkdown();
    expect(md).toContain(BALANCE_EXAMPLE.signature_base64);
    expect(md).toContain(JSON.stringify(BALANCE_EXAMPLE.signed_text));
    expect(md).toContain(BALANCE_EXAMPLE.secret_seed_hex);
  });
});
