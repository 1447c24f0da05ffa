import { PublicKey } from '@solana/web3.js';
import { BALANCE_NONCE, balanceSigningText, type BalanceSigned } from '@toll/x402';
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const SIGNATURE_BASE64 = /^[A-Za-z0-9+/]{86}==$/;
// Importing a key costs more than verifying with it (profiled: 12% of the payments app's CPU on balance calls), and
// an agent signs many calls with one wallet: keys are kept per wallet, the whole set dropped when it grows past this.
const KEY_CACHE_MAX = 10_000;
const keys = new Map<string, KeyObject>();

export type SignatureCheck = { ok: true } | { ok: false; reason: 'balance_auth_malformed' | 'balance_clock_skew' | 'balance_signature_invalid' };

// The wallet's Ed25519 public key (a Solana address is the raw 32-byte key in base58), or undefined if it is not one.
function keyOf(wallet: string): KeyObject | undefined {
  let key = keys.get(wallet);
  if (key) return key;
  try {
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, new PublicKey(wallet).toBytes()]), format: 'der', type: 'spki' });
  } catch {
    return undefined;
  }
  if (keys.size >= KEY_CACHE_MAX) keys.clear();
  keys.set(wallet, key);
  return key;
}

// A request signed by a wallet's Ed25519 key, inside the clock window. Nothing is read or written here: a wrong key
// is refused before any nonce, hold or balance is touched.
export function checkBalanceSignature(wallet: string, signature: string, signed: BalanceSigned, skewSeconds: number, nowMs = Date.now()): SignatureCheck {
  const key = keyOf(wallet);
  if (!key || !SIGNATURE_BASE64.test(signature) || !BALANCE_NONCE.test(signed.nonce) || !/^\d{1,12}$/.test(signed.timestamp)) return { ok: false, reason: 'balance_auth_malformed' };
  if (Math.abs(Number(signed.timestamp) - Math.floor(nowMs / 1000)) > skewSeconds) return { ok: false, reason: 'balance_clock_skew' };
  return verify(null, Buffer.from(balanceSigningText(signed), 'utf8'), key, Buffer.from(signature, 'base64')) ? { ok: true } : { ok: false, reason: 'balance_signature_invalid' };
}

// The wallet's Ed25519 signature (standard base64) of the UTF-8 text: a payer proof (payerProofText in @toll/x402).
export function walletSigned(wallet: string, text: string, signature: string): boolean {
  const key = keyOf(wallet);
  return Boolean(key) && SIGNATURE_BASE64.test(signature) && verify(null, Buffer.from(text, 'utf8'), key!, Buffer.from(signature, 'base64'));
}
