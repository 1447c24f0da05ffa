import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A memo is stateless and signed: issuing one writes nothing anywhere. Layout (colon-separated, URL-safe):
//   toll1:<operationId>:<usd>:<usdcAtomic>:<lamports|0>:<expiresUnix>:<nonce>:<mac>
// The MAC is the first 16 bytes of HMAC-SHA256(secret, everything before it), base64url.
export const MEMO_VERSION = 'toll1';
const MAX_MEMO_BYTES = 256; // x402 SVM limit for memos carried in `extra.memo`

export interface MemoQuote {
  operationId: string;
  usd: string;
  usdcAtomic: bigint;
  lamports: bigint | null; // null when no fresh SOL price exists: USDC only
  expiresAt: number; // unix seconds
  nonce: string;
}

export type MemoCheck = { ok: true; quote: MemoQuote } | { ok: false; reason: 'memo_malformed' | 'memo_signature_invalid' | 'memo_expired' };

const mac = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest().subarray(0, 16).toString('base64url');

export function issueMemo(secret: string, terms: Omit<MemoQuote, 'nonce'>, nonce = randomBytes(8).toString('hex')): { memo: string; quote: MemoQuote } {
  const quote = { ...terms, nonce };
  const body = [MEMO_VERSION, quote.operationId, quote.usd, quote.usdcAtomic.toString(), (quote.lamports ?? 0n).toString(), String(quote.expiresAt), nonce].join(':');
  const memo = `${body}:${mac(secret, body)}`;
  if (Buffer.byteLength(memo) > MAX_MEMO_BYTES) throw new RangeError('memo exceeds 256 bytes');
  return { memo, quote };
}

// Checks a memo is ours and well formed, whatever its age: a proof already paid and recorded stays good after
// its quote expired (a retry after our failure, a redelivery).
export function openMemo(secret: string, memo: string): MemoCheck {
  const parts = memo.split(':');
  if (parts.length !== 8 || parts[0] !== MEMO_VERSION) return { ok: false, reason: 'memo_malformed' };
  const [, operationId, usd, usdc, lamports, expires, nonce, given] = parts;
  if (!/^\d+$/.test(usdc) || !/^\d+$/.test(lamports) || !/^\d+$/.test(expires) || !/^[0-9a-f]{16}$/.test(nonce)) return { ok: false, reason: 'memo_malformed' };
  const expected = Buffer.from(mac(secret, parts.slice(0, 7).join(':')));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'memo_signature_invalid' };
  return { ok: true, quote: { operationId, usd, usdcAtomic: BigInt(usdc), lamports: lamports === '0' ? null : BigInt(lamports), expiresAt: Number(expires), nonce } };
}

// A memo presented with a new payment: ours, well formed, and unexpired at `nowUnix`.
export function readMemo(secret: string, memo: string, nowUnix: number): MemoCheck {
  const opened = openMemo(secret, memo);
  if (opened.ok && opened.quote.expiresAt <= nowUnix) return { ok: false, reason: 'memo_expired' };
  return opened;
}
