import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A memo is stateless and signed: issuing one writes nothing anywhere. Layout (colon-separated, URL-safe):
//   toll2:<operationId>:<usd>:<usdcAtomic>:<lamports|0>:<expiresUnix>:<nonce>:<binding|->:<mac>
// The MAC is the first 16 bytes of HMAC-SHA256(secret, everything before it), base64url. The binding is the first
// 16 bytes (base64url) of the request key of the request the 402 answered (inputBinding): the memo is public on
// chain once paid, so only that same request may redeem it (docs/payments.md, "Who can redeem a payment"). `-`:
// not bound (a prepaid block pays for many inputs). toll1 memos (no binding field) were issued before binding; they
// are read as unbound and a new payment with one is refused once it expired (PAYMENTS_MEMO_TTL_SECONDS).
export const MEMO_VERSION = 'toll2';
const LEGACY_VERSION = 'toll1';
const UNBOUND = '-';
const MAX_MEMO_BYTES = 256; // x402 SVM limit for memos carried in `extra.memo`

export interface MemoQuote {
  operationId: string;
  usd: string;
  usdcAtomic: bigint;
  lamports: bigint | null; // null when no fresh SOL price exists: USDC only
  expiresAt: number; // unix seconds
  nonce: string;
  binding: string | null; // inputBinding of the one request this memo pays for; null: any input of the operation
}

export type MemoCheck =
  { ok: true; quote: MemoQuote } | { ok: false; reason: 'memo_malformed' | 'memo_signature_invalid' | 'memo_expired' };

const mac = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body).digest().subarray(0, 16).toString('base64url');

// What a memo carries of a request key (lower-case hex sha256): 128 bits, enough that no other input matches it.
export const inputBinding = (requestKey: string): string =>
  Buffer.from(requestKey.slice(0, 32), 'hex').toString('base64url');

export function issueMemo(
  secret: string,
  terms: Omit<MemoQuote, 'nonce' | 'binding'> & { binding?: string | null },
  nonce = randomBytes(8).toString('hex'),
): { memo: string; quote: MemoQuote } {
  const quote: MemoQuote = { ...terms, binding: terms.binding ?? null, nonce };
  const body = [
    MEMO_VERSION,
    quote.operationId,
    quote.usd,
    quote.usdcAtomic.toString(),
    (quote.lamports ?? 0n).toString(),
    String(quote.expiresAt),
    nonce,
    quote.binding ?? UNBOUND,
  ].join(':');
  const memo = `${body}:${mac(secret, body)}`;
  if (Buffer.byteLength(memo) > MAX_MEMO_BYTES) throw new RangeError('memo exceeds 256 bytes');
  return { memo, quote };
}

// Checks a memo is ours and well formed, whatever its age: a proof already paid and recorded stays good after
// its quote expired (a retry after our failure, a redelivery).
export function openMemo(secret: string, memo: string): MemoCheck {
  const parts = memo.split(':');
  const legacy = parts[0] === LEGACY_VERSION && parts.length === 8;
  if (!legacy && !(parts[0] === MEMO_VERSION && parts.length === 9)) return { ok: false, reason: 'memo_malformed' };
  const [, operationId, usd, usdc, lamports, expires, nonce] = parts;
  const binding = legacy ? UNBOUND : parts[7];
  const given = parts[parts.length - 1];
  if (!/^\d+$/.test(usdc) || !/^\d+$/.test(lamports) || !/^\d+$/.test(expires) || !/^[0-9a-f]{16}$/.test(nonce))
    return { ok: false, reason: 'memo_malformed' };
  if (binding !== UNBOUND && !/^[A-Za-z0-9_-]{22}$/.test(binding)) return { ok: false, reason: 'memo_malformed' };
  const expected = Buffer.from(mac(secret, parts.slice(0, -1).join(':')));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    return { ok: false, reason: 'memo_signature_invalid' };
  const quote = {
    operationId,
    usd,
    usdcAtomic: BigInt(usdc),
    lamports: lamports === '0' ? null : BigInt(lamports),
    expiresAt: Number(expires),
    nonce,
    binding: binding === UNBOUND ? null : binding,
  };
  return { ok: true, quote };
}

// A memo presented with a new payment: ours, well formed, and unexpired at `nowUnix`.
export function readMemo(secret: string, memo: string, nowUnix: number): MemoCheck {
  const opened = openMemo(secret, memo);
  if (opened.ok && opened.quote.expiresAt <= nowUnix) return { ok: false, reason: 'memo_expired' };
  return opened;
}

// A bound memo redeems only the request it was issued for (same operation, canonical input and Idempotency-Key).
export const memoFitsRequest = (quote: MemoQuote, requestKey: string | undefined): boolean =>
  quote.binding === null || (requestKey !== undefined && quote.binding === inputBinding(requestKey));
