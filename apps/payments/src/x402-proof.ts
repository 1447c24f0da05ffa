import { VersionedTransaction } from '@solana/web3.js';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { decodeHeaderJson, memoFitsRequest, openMemo, type MemoQuote } from '@toll/x402';
import { createHash } from 'node:crypto';
import { MAX_TIMEOUT_SECONDS } from './challenge.service';
import type { PaymentTerms } from './terms';

export type X402Parse =
  | {
      ok: true;
      payload: PaymentPayload;
      requirements: PaymentRequirements;
      quote: MemoQuote;
      memo: string;
      proofKey: string;
    }
  | { ok: false; reason: string };

// What we asked for, rebuilt from the signed memo the client echoes in `accepted.extra.memo`.
export const requirementsFor = (terms: PaymentTerms, quote: MemoQuote, memo: string): PaymentRequirements => ({
  scheme: 'exact',
  network: terms.network.caip2 as PaymentRequirements['network'],
  amount: quote.usdcAtomic.toString(),
  asset: terms.usdcMint,
  payTo: terms.recipient,
  maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
  extra: { feePayer: terms.feePayer.publicKey.toBase58(), memo },
});

// Decodes PAYMENT-SIGNATURE and checks that it answers one of our challenges for this route and this request (its
// memo's binding; the settled transaction is public, so anyone can rebuild this header from the chain). The memo's
// expiry is the caller's to check: it binds a new payment, not one already recorded.
// The proof key hashes the transaction *message* (the fee-payer slot is attacker-controlled; x402 PR #2482).
export function parseX402(
  header: string,
  operationId: string,
  bindingKey: string | undefined,
  terms: PaymentTerms,
): X402Parse {
  let payload: PaymentPayload;
  try {
    payload = decodeHeaderJson(header) as PaymentPayload;
  } catch {
    return { ok: false, reason: 'payload_invalid' };
  }
  const accepted = payload?.accepted as PaymentRequirements | undefined;
  const tx = (payload?.payload as { transaction?: unknown } | undefined)?.transaction;
  if (payload?.x402Version !== 2 || !accepted || typeof tx !== 'string')
    return { ok: false, reason: 'payload_invalid' };
  const memo = accepted.extra?.memo;
  if (typeof memo !== 'string') return { ok: false, reason: 'memo_missing' };
  const read = openMemo(terms.memoSecret, memo);
  if (!read.ok) return read;
  if (read.quote.operationId !== operationId) return { ok: false, reason: 'memo_wrong_route' };
  if (!memoFitsRequest(read.quote, bindingKey)) return { ok: false, reason: 'memo_wrong_input' };
  const requirements = requirementsFor(terms, read.quote, memo);
  const same =
    (['scheme', 'network', 'amount', 'asset', 'payTo'] as const).every((k) => accepted[k] === requirements[k]) &&
    accepted.extra?.feePayer === requirements.extra.feePayer;
  if (!same) return { ok: false, reason: 'requirements_mismatch' };
  let proofKey: string;
  try {
    proofKey = `x402:${createHash('sha256')
      .update(VersionedTransaction.deserialize(Buffer.from(tx, 'base64')).message.serialize())
      .digest('base64')}`;
  } catch {
    return { ok: false, reason: 'payload_invalid' };
  }
  return { ok: true, payload, requirements, quote: read.quote, memo, proofKey };
}
