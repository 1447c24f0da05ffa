import { UpstreamPool } from './upstream-pool';
import { NodeFailure, type JsonRpcNode } from '@toll/upstream';

const OPTIONS = {
  timeoutMs: 1_000,
  sendTimeoutMs: 1_000,
  hedge: { enabled: true, minMs: 50, maxMs: 400 },
  failuresToTrip: 2,
  cooldownMs: 60_000,
  maxSlotLag: 10,
};
const identity = (text: string) => text;

// A node whose answers the test scripts: a delay and a result, or a failure.
const node = (name: string, answer: (body?: string, signal?: AbortSignal) => Promise<string>) =>
  ({ name, origin: `http://${name}`, post: answer }) as unknown as JsonRpcNode;
// Like a real node, an aborted request ends at once.
const after = (ms: number, text: string) => (_body?: string, signal?: AbortSignal) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => resolve(text), ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new NodeFailure('timeout', 'aborted'))));
  });
const failing = (kind: 'refused' | 'timeout') => () => Promise.reject(new NodeFailure(kind, `${kind}!`));

describe(UpstreamPool.name, () => {
  it('waits the maximum hedge delay until it has samples, then the p90 clamped to the bounds', async () => {
    const fast = node('fast', after(0, 'ok'));
    const pool = new UpstreamPool([fast], OPTIONS, () => undefined);
    expect(pool.hedgeDelayMs(fast)).toBe(400);
    for (let i = 0; i < 10; i++) await pool.read('{}', Date.now() + 1_000, identity);
    expect(pool.hedgeDelayMs(fast)).toBe(50);
  });

  it('orders healthy upstreams by latency, suspects after them, open circuits last', async () => {
    const slow = node('slow', after(30, 'ok'));
    const quick = node('quick', after(0, 'ok'));
    const flaky = node('flaky', failing('refused'));
    const pool = new UpstreamPool([flaky, slow, quick], OPTIONS, () => undefined);
    await Promise.all(
      [slow, quick].map((n) =>
        pool.read('{}', Date.now() + 1_000, identity, new Set(['flaky', n === slow ? 'quick' : 'slow'])),
      ),
    );
    await pool.read('{}', Date.now() + 1_000, identity, new Set(['slow', 'quick'])).catch(() => undefined);
    expect(pool.ordered().map((n) => [n.name, pool.state(n)])).toEqual([
      ['quick', 'up'],
      ['slow', 'up'],
      ['flaky', 'up'],
    ]);
    await pool.read('{}', Date.now() + 1_000, identity, new Set(['slow', 'quick'])).catch(() => undefined);
    expect(pool.state(flaky)).toBe('down');
  });

  it('hedges a read that is slower than the hedge delay and takes the first answer', async () => {
    const pool = new UpstreamPool(
      [node('stuck', after(2_000, 'late')), node('spare', after(0, 'spare'))],
      OPTIONS,
      () => undefined,
    );
    const started = Date.now();
    await expect(pool.read('{}', Date.now() + 3_000, identity)).resolves.toEqual({ value: 'spare', upstream: 'spare' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('learns from lost hedges that the primary has become slow, and stops putting it first', async () => {
    let delay = 0;
    const primary = node('primary', (body?: string, signal?: AbortSignal) => after(delay, 'p')(body, signal));
    // The spare's first sample is slow, as a busy machine can make it.
    let spareMs = 120;
    const spare = node('spare', (body?: string, signal?: AbortSignal) => after(spareMs, 's')(body, signal));
    const pool = new UpstreamPool(
      [primary, spare],
      { ...OPTIONS, hedge: { enabled: true, minMs: 10, maxMs: 10 } },
      () => undefined,
    );
    await pool.read('{}', Date.now() + 1_000, identity); // both fast: the primary answers before the hedge
    await pool.read('{}', Date.now() + 1_000, identity, new Set(['primary'])); // the spare gets a latency too
    spareMs = 20;
    expect(pool.ordered().map((n) => n.name)).toEqual(['primary', 'spare']);
    delay = 500;
    // Each lost hedge tells the primary's latency as at least the hedge delay plus the spare's answer, so the averages
    // part by that margin once the first samples have faded: 30 reads leave 0.1 % of them (10 reads left 11 %, enough
    // for a slow first sample of the spare to outweigh the margin).
    for (let i = 0; i < 30; i++)
      await expect(pool.read('{}', Date.now() + 1_000, identity)).resolves.toMatchObject({ upstream: 'spare' });
    expect(pool.ordered().map((n) => n.name)).toEqual(['spare', 'primary']);
    expect(pool.snapshot(primary)).toMatchObject({ failures: 0, hedges_won: 0 });
  });

  it('sends a write on only when the first upstream provably never received it', async () => {
    const delivered = new UpstreamPool(
      [node('a', failing('timeout')), node('b', after(0, 'sent'))],
      OPTIONS,
      () => undefined,
    );
    await expect(delivered.write('{}', Date.now() + 1_000, identity)).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      details: { upstream: 'a', outcome: 'unknown' },
    });
    const refused = new UpstreamPool(
      [node('a', failing('refused')), node('b', after(0, 'sent'))],
      OPTIONS,
      () => undefined,
    );
    await expect(refused.write('{}', Date.now() + 1_000, identity)).resolves.toEqual({ value: 'sent', upstream: 'b' });
  });

  it('counts an unusable answer as a failure and fails over', async () => {
    const pool = new UpstreamPool(
      [node('html', after(0, '<html>')), node('good', after(0, '1'))],
      OPTIONS,
      () => undefined,
    );
    await expect(pool.read('{}', Date.now() + 1_000, (t) => JSON.parse(t) as number)).resolves.toEqual({
      value: 1,
      upstream: 'good',
    });
    expect(pool.snapshot(pool.nodes[0])).toMatchObject({
      failures: 1,
      last_failure: { reason: expect.stringContaining('html: unusable answer') },
    });
  });
});
