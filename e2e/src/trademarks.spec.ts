import { http } from '@toll/testing';
import { startTrademarks } from '../../apps/trademarks/src/bootstrap';
import { appFixtures, stackHarness } from './stack-harness';

// Trademark Watch behind the real gateway and payments: one deployment with the USPTO keys, whose index is built by
// the scheduled ingest from replayed daily files, and one without the TSDR key, whose status route is refused with a
// 503 before anyone is asked to pay.
describe('trademarks through gateway and payments', () => {
  const { stack, upstream, pay } = stackHarness({
    upstream: appFixtures(
      'trademarks',
      'odp/listing',
      'odp/file-apc261122',
      'odp/file-apc261123',
      'tsdr/status-sn76044902',
    ),
    database: 'toll_trademarks_e2e',
    groups: [
      (env, { upstream: u, database }) =>
        startTrademarks({
          ...env,
          DATABASE_URL: database,
          TRADEMARKS_INGEST_TICK_MS: '200',
          TRADEMARKS_ODP_BASE_URL: u,
          TRADEMARKS_ODP_API_KEY: 'odp-test-key',
          TRADEMARKS_TSDR_BASE_URL: u,
        }),
    ],
    ready: [{ path: '/toll/trademarks/health', until: (h) => h.status === 200 && h.body.cache.index_marks === 7 }],
  });

  it('sells a similar-mark search for 0.01 USDC with a receipt', async () => {
    const { challenge, redeem } = await pay('/toll/trademarks/search?mark=Python&classes=9,42');
    expect(challenge.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    expect(served.body.matches.map((m: { mark: string; match: string }) => [m.mark, m.match])).toEqual([
      ['PYTHON', 'exact'],
      ['PITHON', 'phonetic'],
      ['PYTON', 'fuzzy'],
    ]);
  });

  it('refuses class 46 and a malformed serial number with a 400 before any 402', async () => {
    const classes = await http(`${stack.gw}/toll/trademarks/search?mark=python&classes=9,46`);
    expect(classes.status).toBe(400);
    expect(classes.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['classes']);
    const serial = await http(`${stack.gw}/toll/trademarks/status?serial=7604490`);
    expect(serial.status).toBe(400);
  });

  it('answers a status look-up with a clear 503 before any 402 when the TSDR key is not configured', async () => {
    const off = await http(`${stack.gw}/toll/trademarks/status?serial=76044902`);
    expect(off.status).toBe(503);
    expect(Number(off.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(off.headers.get('payment-required')).toBeNull();
    expect(off.body.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retry_after_seconds: expect.any(Number) },
    });
    expect(off.body.error.message).toMatch(
      /^trademarks\.getStatus cannot be served right now \(.*TRADEMARKS_TSDR_API_KEY.*\); no payment was taken/,
    );
    expect(upstream.hits.filter((h) => h.path.startsWith('/ts/'))).toEqual([]);
  });
});
