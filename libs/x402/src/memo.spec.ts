import { issueMemo, openMemo, readMemo } from './memo';

const SECRET = 'test-secret-test-secret-test-secret';
const terms = { operationId: 'devutils.hashSha256', usd: '0.005', usdcAtomic: 5000n, lamports: 33334n, expiresAt: 1_800_000_000 };

describe('memo', () => {
  it('is a short signed text that reads back to the same quote', () => {
    const { memo, quote } = issueMemo(SECRET, terms, '0123456789abcdef');
    expect(memo).toMatch(/^toll1:devutils\.hashSha256:0\.005:5000:33334:1800000000:0123456789abcdef:[A-Za-z0-9_-]{22}$/);
    expect(Buffer.byteLength(memo)).toBeLessThanOrEqual(256);
    expect(readMemo(SECRET, memo, 1_700_000_000)).toEqual({ ok: true, quote });
  });

  it('encodes a USDC-only quote as lamports 0 and reads it back as null', () => {
    const { memo } = issueMemo(SECRET, { ...terms, lamports: null });
    const read = readMemo(SECRET, memo, 0);
    expect(read.ok && read.quote.lamports).toBeNull();
  });

  it('refuses altered, foreign, expired and malformed memos', () => {
    const { memo } = issueMemo(SECRET, terms);
    expect(readMemo(SECRET, memo.replace(':5000:', ':1:'), 0)).toEqual({ ok: false, reason: 'memo_signature_invalid' });
    expect(readMemo('another-secret-another-secret-xx', memo, 0)).toEqual({ ok: false, reason: 'memo_signature_invalid' });
    expect(readMemo(SECRET, memo, 1_800_000_000)).toEqual({ ok: false, reason: 'memo_expired' });
    expect(readMemo(SECRET, 'hello', 0)).toEqual({ ok: false, reason: 'memo_malformed' });
    expect(readMemo(SECRET, memo.replace('toll1', 'toll2'), 0)).toEqual({ ok: false, reason: 'memo_malformed' });
  });

  it('opens an expired memo (a recorded payment outlives its quote) but never an altered one', () => {
    const { memo, quote } = issueMemo(SECRET, terms);
    expect(openMemo(SECRET, memo)).toEqual({ ok: true, quote });
    expect(openMemo(SECRET, memo.replace(':5000:', ':1:'))).toEqual({ ok: false, reason: 'memo_signature_invalid' });
    expect(openMemo(SECRET, 'hello')).toEqual({ ok: false, reason: 'memo_malformed' });
  });
});
