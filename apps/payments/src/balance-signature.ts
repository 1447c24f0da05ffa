import { PublicKey } from '@solana/web3.js';
import { BALANCE_NONCE, balanceSigningText, type BalanceSigned } from '@toll/x402';
import { createPublicKey, verify } from 'node:crypto';

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const SIGNATURE_BASE64 = /^[A-Za-z0-9+/]{86}==$/;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'balance_auth_malformed' | 'balance_clock_skew' | 'balance_signature_invalid' };

// A request signed by a wallet's Ed25519 key (a Solana address is the raw public key in base58), inside the clock
// window. Nothing is read or written here: a wrong key is refused before any nonce, hold or balance is touched.
export function checkBalanceSignature(wallet: string, signature: string, signed: BalanceSigned, skewSeconds: number, nowMs = Date.now()): SignatureCheck {
  let key: Buffer;
  try {
    key = Buffer.from(new PublicKey(wallet).toBytes());
  } catch {
    return { ok: false, reason: 'balance_auth_malformed' };
  }
  if (!SIGNATURE_BASE64.test(signature) || !BALANCE_NONCE.test(signed.nonce) || !/^\d{1,12}$/.test(signed.timestamp)) return { ok: false, reason: 'balance_auth_malformed' };
  if (Math.abs(Number(signed.timestamp) - Math.floor(nowMs / 1000)) > skewSeconds) return { ok: false, reason: 'balance_clock_skew' };
  const publicKey = createPublicKey({ key: Buffer.concat([SPKI_ED25519, key]), format: 'der', type: 'spki' });
  const valid = verify(null, Buffer.from(balanceSigningText(signed), 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  return valid ? { ok: true } : { ok: false, reason: 'balance_signature_invalid' };
}
