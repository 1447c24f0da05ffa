import { createHmac } from 'node:crypto';
import { inputBinding, issueMemo, memoFitsRequest, openMemo, readMemo } from './memo';

const SECRET = 'test-secret-test-secret-test-secret';
const terms = {
  operationId: 'devutils.hashSha256',
  usd: '0.005',
  usdcAtomic: 5000n,
  lamports: 33334n,
  expiresAt: 1_800_000_000,
};
const KEY = 'a'.repeat(64);

describe('memo', () => {
  it('is a short signed text that reads back to the same quote', () => {
    const { memo, quote } = issueMemo(SECRET, { ...terms, binding: inputBinding(KEY) }, '0123456789abcdef');
    expect(memo).toMatch(
      /^toll2:devutils\.hashSha256:0\.005:5000:33334:1800000000:0123456789abcdef:qqqqqqqqqqqqqqqqqqqqqg:[A-Za-z0-9_-]{22}$/,
    );
    expect(Buffer.byteLength(memo)).toBeLessThanOrEqual(256);
    expect(readMemo(SECRET, memo, 1_700_000_000)).toEqual({ ok: true, quote });
  });

  it('encodes a USDC-only quote as lamports 0 and reads it back as null', () => {
    const { memo } = issueMemo(SECRET, { ...terms, lamports: null });
    const read = readMemo(SECRET, memo, 0);
    expect(read.ok && read.quote.lamports).toBeNull();
  });

  it('refuses altered, foreign, expired and malformed memos', () => {
    const { memo } = issueMemo(SECRET, { ...terms, binding: inputBinding(KEY) });
    expect(readMemo(SECRET, memo.replace(':5000:', ':1:'), 0)).toEqual({ ok: false, reason: 'memo_signature_invalid' });
    expect(readMemo(SECRET, memo.replace(inputBinding(KEY), inputBinding('b'.repeat(64))), 0)).toEqual({
      ok: false,
      reason: 'memo_signature_invalid',
    });
    expect(readMemo('another-secret-another-secret-xx', memo, 0)).toEqual({
      ok: false,
      reason: 'memo_signature_invalid',
    });
    expect(readMemo(SECRET, memo, 1_800_000_000)).toEqual({ ok: false, reason: 'memo_expired' });
    expect(readMemo(SECRET, 'hello', 0)).toEqual({ ok: false, reason: 'memo_malformed' });
    expect(readMemo(SECRET, memo.replace('toll2', 'toll3'), 0)).toEqual({ ok: false, reason: 'memo_malformed' });
  });

  it('opens an expired memo (a recorded payment outlives its quote) but never an altered one', () => {
    const { memo, quote } = issueMemo(SECRET, terms);
    expect(openMemo(SECRET, memo)).toEqual({ ok: true, quote });
    expect(openMemo(SECRET, memo.replace(':5000:', ':1:'))).toEqual({ ok: false, reason: 'memo_signature_invalid' });
    expect(openMemo(SECRET, 'hello')).toEqual({ ok: false, reason: 'memo_malformed' });
  });

  it('fits only the request it was bound to; an unbound memo fits any', () => {
    const bound = issueMemo(SECRET, { ...terms, binding: inputBinding(KEY) }).quote;
    expect(memoFitsRequest(bound, KEY)).toBe(true);
    expect(memoFitsRequest(bound, 'b'.repeat(64))).toBe(false);
    expect(memoFitsRequest(bound, undefined)).toBe(false);
    expect(memoFitsRequest(issueMemo(SECRET, terms).quote, 'b'.repeat(64))).toBe(true);
  });

  it('still reads a toll1 memo issued before binding, as unbound', () => {
    const body = 'toll1:devutils.hashSha256:0.005:5000:33334:1800000000:0123456789abcdef';
    const legacy = `${body}:${createHmac('sha256', SECRET).update(body).digest().subarray(0, 16).toString('base64url')}`;
    expect(readMemo(SECRET, legacy, 0)).toEqual({
      ok: true,
      quote: { ...terms, nonce: '0123456789abcdef', binding: null },
    });
    expect(readMemo(SECRET, legacy, 1_800_000_000)).toEqual({ ok: false, reason: 'memo_expired' });
  });
});
