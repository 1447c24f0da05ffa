import type { PriceSpec } from '@toll/contracts';
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { ed25519PrivateKey, rawEd25519PublicKey } from './ed25519';

// Receipts are compact JWS-like strings: base64url(JSON claims) "." base64url(Ed25519 signature).
// Public, so snake_case like every body we define. The price is shown as everywhere else (decimal USD and its unit);
// asset and amount_atomic record the money that moved on chain for it.
export interface ReceiptClaims {
  v: 1;
  receipt_id: string; // the hold id: one receipt per served call
  payment_id: string;
  operation_id: string;
  price: PriceSpec;
  asset: string;
  amount_atomic: string;
  network: string;
  payer: string;
  transaction: string | null;
  request_id: string;
  issued_at: string; // when the call settled
  // Binding the call: the asset's decimals, where the money moved (the on-chain transaction, or the balance ledger
  // entry), and sha256 of the canonical request and of the exact body served.
  decimals: number;
  settlement: { kind: 'transaction' | 'balance_entry'; reference: string | null };
  request_sha256: string | null;
  response_sha256: string | null;
}

// The receipt key of a local stack and tests (public, worthless): payments and the gateways share it when no
// PAYMENTS_RECEIPT_SECRET / GATEWAY_RECEIPT_SECRET is set, so every receipt verifies with one published key.
export const localReceiptSeed = () => createHash('sha256').update('toll-local-dev:receipt-signer').digest();

// Signs and checks receipts. Payments signs those of calls it settles; a gateway signs those of calls paid from a
// balance lease it holds, with the same key (docs/payments.md, "Balance leases").
export class ReceiptSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  // Exported once: exporting the key on every receipt check was a fifth of payments' CPU on the free receipt route.
  readonly publicKeyBase64: string;

  // `timer`: started per signature and stopped when it is done (payments' receipt metric).
  constructor(
    seed: Buffer,
    private readonly timer: () => (() => void) | undefined = () => undefined,
  ) {
    this.privateKey = ed25519PrivateKey(seed);
    this.publicKey = createPublicKey(this.privateKey);
    this.publicKeyBase64 = rawEd25519PublicKey(this.publicKey).toString('base64');
  }

  sign(claims: ReceiptClaims): string {
    const timer = this.timer();
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const receipt = `${body}.${sign(null, Buffer.from(body), this.privateKey).toString('base64url')}`;
    timer?.();
    return receipt;
  }

  check(receipt: string): ReceiptCheck {
    return checkReceipt(receipt, this.publicKey);
  }
}

export type ReceiptCheck = { valid: true; claims: ReceiptClaims } | { valid: false; reason: string };

// A receipt's signature under the signer's public key, and its claims (payments, gateways and @toll/client).
export function checkReceipt(receipt: string, publicKey: KeyObject): ReceiptCheck {
  const [body, signature, extra] = receipt.split('.');
  if (!body || !signature || extra !== undefined) return { valid: false, reason: 'malformed' };
  if (!verify(null, Buffer.from(body), publicKey, Buffer.from(signature, 'base64url')))
    return { valid: false, reason: 'signature_invalid' };
  try {
    return { valid: true, claims: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceiptClaims };
  } catch {
    return { valid: false, reason: 'malformed' };
  }
}
