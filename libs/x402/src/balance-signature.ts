import { PublicKey } from '@solana/web3.js';
import {
  BALANCE_NONCE,
  balanceSigningText,
  balanceSigningTextV1,
  type BalanceDeployment,
  type BalanceSigned,
} from './balance-auth';
import { verify, type KeyObject } from 'node:crypto';
import { ed25519PublicKey } from './ed25519';

const SIGNATURE_BASE64 = /^[A-Za-z0-9+/]{86}==$/;
// Importing a key costs more than verifying with it (profiled: 12% of the payments app's CPU on balance calls), and
// an agent signs many calls with one wallet: keys are kept per wallet, the whole set dropped when it grows past this.
const KEY_CACHE_MAX = 10_000;
const keys = new Map<string, KeyObject>();

// A refusal names the part that failed, and only what the caller sent or can know: our clock, the text we verified
// (built from their own request). Never a key, a balance or anything about another wallet.
export interface BalanceAuthRefusal {
  reason: 'balance_auth_malformed' | 'balance_clock_skew' | 'balance_signature_invalid';
  part: 'wallet' | 'signature' | 'nonce' | 'timestamp' | 'clock' | 'signed_text_or_key';
  message: string;
  server_time?: string;
  expected_signed_text?: string;
}

// version: which signed form verified (1: the form without the deployment, accepted until policy.v1UntilMs).
export type SignatureCheck = { ok: true; version: 1 | 2 } | ({ ok: false } & BalanceAuthRefusal);

// What a signature must match here: our clock window, our deployment (network and recipient), and until when the v1
// form (which names no deployment, so a request signed for another deployment verifies too) is still taken.
export interface SignaturePolicy {
  skewSeconds: number;
  deployment: BalanceDeployment;
  v1UntilMs: number | null;
}

const malformed = (part: BalanceAuthRefusal['part'], message: string): SignatureCheck => ({
  ok: false,
  reason: 'balance_auth_malformed',
  part,
  message,
});

// The wallet's Ed25519 public key (a Solana address is the raw 32-byte key in base58), or undefined if it is not one.
function keyOf(wallet: string): KeyObject | undefined {
  let key = keys.get(wallet);
  if (key) return key;
  try {
    key = ed25519PublicKey(new PublicKey(wallet).toBytes());
  } catch {
    return undefined;
  }
  if (keys.size >= KEY_CACHE_MAX) keys.clear();
  keys.set(wallet, key);
  return key;
}

// A request signed by a wallet's Ed25519 key for this deployment, inside the clock window. Nothing is read or written
// here: a wrong key or another deployment is refused before any nonce, hold or balance is touched.
export function checkBalanceSignature(
  wallet: string,
  signature: string,
  signed: BalanceSigned,
  policy: SignaturePolicy,
  nowMs = Date.now(),
): SignatureCheck {
  const { skewSeconds } = policy;
  const key = keyOf(wallet);
  if (!key) return malformed('wallet', 'the wallet is not a Solana address (base58 of a 32-byte Ed25519 public key)');
  if (!SIGNATURE_BASE64.test(signature))
    return malformed('signature', 'the signature must be standard base64 of 64 bytes: 88 characters ending in ==');
  if (!BALANCE_NONCE.test(signed.nonce))
    return malformed('nonce', 'the nonce must be 16-64 characters of [A-Za-z0-9_-]');
  if (!/^\d{1,12}$/.test(signed.timestamp))
    return malformed('timestamp', 'the timestamp must be unix seconds in decimal digits');
  const now = Math.floor(nowMs / 1000);
  if (Math.abs(Number(signed.timestamp) - now) > skewSeconds) {
    return {
      ok: false,
      reason: 'balance_clock_skew',
      part: 'clock',
      message: `the timestamp is more than ${skewSeconds} s from our clock (unix ${now})`,
      server_time: String(now),
    };
  }
  const text = balanceSigningText(signed, policy.deployment);
  const sig = Buffer.from(signature, 'base64');
  if (verify(null, Buffer.from(text, 'utf8'), key, sig)) return { ok: true, version: 2 };
  if (
    policy.v1UntilMs !== null &&
    nowMs < policy.v1UntilMs &&
    verify(null, Buffer.from(balanceSigningTextV1(signed), 'utf8'), key, sig)
  )
    return { ok: true, version: 1 };
  return {
    ok: false,
    reason: 'balance_signature_invalid',
    part: 'signed_text_or_key',
    message:
      'the signature does not verify over expected_signed_text with the key of the wallet: a line that differs ' +
      "from what you signed is the mistake (network and recipient: this service's, from GET " +
      '/toll/payments/health; input_sha256: the canonical JSON of the input); if none differs, the signing key ' +
      "is not the wallet's",
    expected_signed_text: text,
  };
}

// The wallet's Ed25519 signature (standard base64) of the UTF-8 text: a payer proof (payerProofText in @toll/x402).
export function walletSigned(wallet: string, text: string, signature: string): boolean {
  const key = keyOf(wallet);
  return (
    Boolean(key) &&
    SIGNATURE_BASE64.test(signature) &&
    verify(null, Buffer.from(text, 'utf8'), key!, Buffer.from(signature, 'base64'))
  );
}
