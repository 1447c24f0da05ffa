import { TollError } from '@toll/contracts';
import { allSourcesFailed, combinedFreshness, SourceStatus } from './sources';

describe('SourceStatus', () => {
  it('reports unknown, ok, failing and disabled from the latest outcome', async () => {
    let now = 1_000;
    const status = new SourceStatus<'a' | 'b'>(() => now);
    expect(status.report('a')).toEqual({ state: 'unknown', last_ok_at: null, last_error_at: null, last_error: null });
    await status.track('a', async () => 1);
    now = 2_000;
    await expect(
      status.track('a', async () => Promise.reject(new TollError('UPSTREAM_ERROR', 'a answered HTTP 503'))),
    ).rejects.toThrow('a answered HTTP 503');
    expect(status.report('a')).toEqual({
      state: 'failing',
      last_ok_at: '1970-01-01T00:00:01.000Z',
      last_error_at: '1970-01-01T00:00:02.000Z',
      last_error: 'UPSTREAM_ERROR: a answered HTTP 503',
    });
    expect(status.report('b', false).state).toBe('disabled');
  });

  it('counts a NOT_FOUND answer as the source working', async () => {
    const status = new SourceStatus<'a'>();
    await expect(
      status.track('a', async () => Promise.reject(new TollError('NOT_FOUND', 'no such thing'))),
    ).rejects.toThrow();
    expect(status.report('a').state).toBe('ok');
  });
});

describe('allSourcesFailed', () => {
  it('is a timeout only when every source timed out', () => {
    const timeout = { source: 'a', code: 'UPSTREAM_TIMEOUT', message: 'a did not answer in 100 ms' };
    const down = { source: 'b', code: 'UPSTREAM_ERROR', message: 'b answered HTTP 503' };
    expect(allSourcesFailed('Nothing answered', [timeout, timeout]).code).toBe('UPSTREAM_TIMEOUT');
    const mixed = allSourcesFailed('Nothing answered', [timeout, down]);
    expect(mixed.toJSON()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'Nothing answered: a: a did not answer in 100 ms; b: b answered HTTP 503',
      details: { upstreams: [timeout, down] },
    });
  });
});

describe('combinedFreshness', () => {
  it('dates an answer by its oldest part and marks it stale when any part is', () => {
    const part = (fetchedAt: string, stale = false, reason?: string) => ({
      value: null,
      freshness: { source: 's', fetchedAt, stale, ...(reason ? { reason } : {}) },
    });
    expect(combinedFreshness([part('2026-01-02T00:00:00.000Z'), part('2026-01-01T00:00:00.000Z')])).toEqual({
      as_of: '2026-01-01T00:00:00.000Z',
      stale: false,
      reason: null,
    });
    expect(combinedFreshness([part('2026-01-02T00:00:00.000Z', true, 'UPSTREAM_ERROR: down')])).toEqual({
      as_of: '2026-01-02T00:00:00.000Z',
      stale: true,
      reason: 'UPSTREAM_ERROR: down',
    });
  });
});
