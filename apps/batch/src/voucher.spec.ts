import { ed25519 } from '@noble/curves/ed25519';
import nacl from 'tweetnacl';
import { canonicalMessage, verifyVoucher, voucherId, type Voucher } from './voucher';

// The test vector of apps/batch/README.md ("Worked example"). A third party reproduces it with tweetnacl or
// @noble/curves from nothing but the seed and the six lines below.
const SEED = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const PUBLIC_KEY_HEX = '03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8';
const PAYER = 'A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=';
const MESSAGE =
  'toll-batch-voucher:v1\n' +
  'payer:A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=\n' +
  'amount:2500000\n' +
  'nonce:order-42\n' +
  'expiry:1798761600\n' +
  'issued_at:1798758000';
const SIGNATURE = '/ghzcMeABdvlfzqrWdgow223Ok0Vd1M/oH6rH3QJuYJKLwGX0Y7pRnJxtFkbFXLxBksz2Q+TaZoE/ExBSD2XDw==';
const VOUCHER_ID = '83ee65f9ed33e8eb66f652be34c2dce0972e1bcb6beaf54beb4acb4052028b27';

const voucher: Voucher = {
  payer: PAYER,
  amount: 2_500_000n,
  nonce: 'order-42',
  expiry: 1_798_761_600n,
  issuedAt: 1_798_758_000n,
  signature: SIGNATURE,
};

describe('voucher signature test vector', () => {
  it('builds the canonical message byte for byte (141 bytes) and names the voucher by its SHA-256', () => {
    expect(canonicalMessage(voucher).toString('utf8')).toBe(MESSAGE);
    expect(canonicalMessage(voucher)).toHaveLength(141);
    expect(voucherId(voucher)).toBe(VOUCHER_ID);
  });

  it('is reproduced by tweetnacl: key from the seed, deterministic signature, verification', () => {
    const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(SEED));
    expect(Buffer.from(keys.publicKey).toString('hex')).toBe(PUBLIC_KEY_HEX);
    expect(Buffer.from(keys.publicKey).toString('base64')).toBe(PAYER);
    const signature = nacl.sign.detached(new Uint8Array(Buffer.from(MESSAGE, 'utf8')), keys.secretKey);
    expect(Buffer.from(signature).toString('base64')).toBe(SIGNATURE);
    expect(nacl.sign.detached.verify(new Uint8Array(Buffer.from(MESSAGE, 'utf8')), signature, keys.publicKey)).toBe(
      true,
    );
  });

  it('is reproduced by @noble/curves', () => {
    expect(Buffer.from(ed25519.getPublicKey(SEED)).toString('hex')).toBe(PUBLIC_KEY_HEX);
    expect(Buffer.from(ed25519.sign(Buffer.from(MESSAGE, 'utf8'), SEED)).toString('base64')).toBe(SIGNATURE);
  });

  it('verifies with node:crypto, and fails once any signed field changes', () => {
    expect(verifyVoucher(voucher)).toEqual({ valid: true });
    const invalid = { valid: false, why: 'the signature does not verify against payer over the canonical message' };
    expect(verifyVoucher({ ...voucher, amount: 2_500_001n })).toEqual(invalid);
    expect(verifyVoucher({ ...voucher, nonce: 'order-43' })).toEqual(invalid);
    expect(verifyVoucher({ ...voucher, expiry: 1_798_761_601n })).toEqual(invalid);
  });
});
