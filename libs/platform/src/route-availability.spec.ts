import { TollError } from '@toll/contracts';
import { CIRCUIT_FAILURES, RouteAvailability } from './route-availability';

describe('RouteAvailability', () => {
  let now = 1_000_000;
  let changes = 0;
  const make = () =>
    new RouteAvailability(
      () => changes++,
      () => now,
    );
  const outage = new TollError('UPSTREAM_ERROR', 'provider answered HTTP 503');

  beforeEach(() => {
    now = 1_000_000;
    changes = 0;
  });

  it('opens after consecutive outage failures, for 30 s, then twice as long while the next try fails', () => {
    const a = make();
    for (let i = 1; i < CIRCUIT_FAILURES; i++) a.failed('g.op', outage);
    expect([a.isOpen('g.op'), changes]).toEqual([false, 0]);
    a.failed('g.op', outage);
    expect(a.unavailable()).toEqual({
      'g.op': { retryAfterSeconds: 30, reason: 'UPSTREAM_ERROR: provider answered HTTP 503' },
    });
    expect(changes).toBe(1);
    now += 30_001;
    expect(a.unavailable()).toEqual({});
    a.failed('g.op', outage); // the first call after the pause fails again
    expect(a.unavailable()['g.op'].retryAfterSeconds).toBe(60);
    now += 60_001;
    a.succeeded('g.op');
    a.failed('g.op', outage);
    expect(a.isOpen('g.op')).toBe(false); // a success closed it and reset the count
  });

  it('does not lengthen the pause for calls that were already in flight when the circuit opened', () => {
    const a = make();
    for (let i = 0; i < CIRCUIT_FAILURES; i++) a.failed('g.op', outage);
    now += 5_000;
    for (let i = 0; i < 6; i++) a.failed('g.op', outage); // slow calls started before it opened, failing late
    expect([a.unavailable()['g.op'].retryAfterSeconds, changes]).toEqual([25, 1]);
    now += 25_001;
    expect(a.isOpen('g.op')).toBe(false);
    a.failed('g.op', outage); // the first call after the pause
    expect(a.unavailable()['g.op'].retryAfterSeconds).toBe(60);
  });

  it('opens at once when the handler says how long to wait, and closes on the next success', () => {
    const a = make();
    a.failed('g.op', new TollError('SERVICE_UNAVAILABLE', 'pool empty', { retry_after_seconds: 120 }));
    expect(a.unavailable()).toEqual({ 'g.op': { retryAfterSeconds: 120, reason: 'SERVICE_UNAVAILABLE: pool empty' } });
    a.succeeded('g.op');
    expect([a.unavailable(), changes]).toEqual([{}, 2]);
  });

  it('judges the provider, not one input: failures repeated for one input never open it, different inputs do', () => {
    const a = make();
    for (let i = 0; i < 10; i++) a.failed('g.op', outage, 'isbn-9780000000002');
    expect([a.isOpen('g.op'), changes]).toEqual([false, 0]);
    a.failed('g.op', outage, 'point-1');
    expect(a.isOpen('g.op')).toBe(false);
    a.failed('g.op', outage, 'point-2');
    expect(a.unavailable()).toEqual({
      'g.op': { retryAfterSeconds: 30, reason: 'UPSTREAM_ERROR: provider answered HTTP 503' },
    });
  });

  it('ignores failures that say nothing about the next call: bad input, not found, our own bugs', () => {
    const a = make();
    for (let i = 0; i < 10; i++) {
      a.failed('g.op', new TollError('NOT_FOUND', 'no such ticker'));
      a.failed('g.op', new TollError('INVALID_INPUT', 'bad'));
      a.failed('g.op', new Error('bug'));
    }
    expect([a.unavailable(), changes]).toEqual([{}, 0]);
  });

  it('holds an operation unavailable until lifted, whatever its calls do', () => {
    const a = make();
    a.hold('g.op', 'the API key is not configured');
    a.succeeded('g.op');
    now += 3_600_000;
    expect(a.unavailable()).toEqual({ 'g.op': { retryAfterSeconds: 300, reason: 'the API key is not configured' } });
    a.lift('g.op');
    expect([a.unavailable(), changes]).toEqual([{}, 2]);
  });

  it('marks an operation down while its providers are, announcing again only when that changes', () => {
    const a = make();
    a.sourcesDown('g.op', { retryAfterSeconds: 60, reason: 'every provider it needs is down (p: HTTP 503)' });
    a.sourcesDown('g.op', { retryAfterSeconds: 60, reason: 'every provider it needs is down (p: HTTP 503)' });
    expect([a.isOpen('g.op'), a.unavailable(), changes]).toEqual([
      true,
      { 'g.op': { retryAfterSeconds: 60, reason: 'every provider it needs is down (p: HTTP 503)' } },
      1,
    ]);
    a.succeeded('g.op'); // a call answered from elsewhere does not lift it: only a probe does
    expect(a.isOpen('g.op')).toBe(true);
    a.sourcesUp('g.op');
    a.sourcesUp('g.op');
    expect([a.unavailable(), changes]).toEqual([{}, 2]);
  });
});
