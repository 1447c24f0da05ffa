import { createHash, createPublicKey, verify } from 'node:crypto';

// The voucher of spec §2.4 after schema parsing: amounts and times as bigint, the nonce as its string form.
export interface Voucher {
  payer: string; // base64 of the 32-byte Ed25519 public key
  amount: bigint; // atomic units of the settlement asset (USDC: 6 decimals)
  nonce: string;
  expiry: bigint; // unix seconds
  issuedAt: bigint; // unix seconds
  signature: string; // base64 of the 64-byte Ed25519 signature
}

export const MESSAGE_DOMAIN = 'toll-batch-voucher:v1';

// The exact bytes the payer signs: UTF-8, six lines joined by "\n", no trailing newline. Numbers are plain
// decimal integers, the payer is its base64 text as sent, the nonce its string form (a JSON number nonce 7 and
// the string "7" are the same nonce). The domain line keeps the signature from meaning anything elsewhere.
export const canonicalMessage = (v: Omit<Voucher, 'signature'>): Buffer =>
  Buffer.from(
    [
      MESSAGE_DOMAIN,
      `payer:${v.payer}`,
      `amount:${v.amount}`,
      `nonce:${v.nonce}`,
      `expiry:${v.expiry}`,
      `issued_at:${v.issuedAt}`,
    ].join('\n'),
    'utf8',
  );

// A voucher's id: hex SHA-256 of its canonical message, so the same voucher always has the same id and a
// different amount, expiry or nonce gives another one.
export const voucherId = (v: Omit<Voucher, 'signature'>) =>
  createHash('sha256').update(canonicalMessage(v)).digest('hex');

// DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): node:crypto takes raw keys only in this wrapping.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export type SignatureCheck = { valid: true } | { valid: false; why: string };

export function verifyVoucher(v: Voucher): SignatureCheck {
  let key;
  try {
    key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(v.payer, 'base64')]),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return { valid: false, why: 'payer is not a usable Ed25519 public key' };
  }
  const ok = verify(null, canonicalMessage(v), key, Buffer.from(v.signature, 'base64'));
  return ok
    ? { valid: true }
    : { valid: false, why: 'the signature does not verify against payer over the canonical message' };
}
