import { TollError } from '@toll/contracts';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { SharedRateGovernor } from './shared-governor';

const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres';

describe(SharedRateGovernor.name, () => {
  const name = `toll_governor_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${name}`;
  const governors: SharedRateGovernor[] = [];
  const governor = (url: string, ratePerSecond: number) => {
    const g = new SharedRateGovernor({
      databaseUrl: url,
      key: `test-${ratePerSecond}`,
      ratePerSecond,
      fallback: { ratePerSecond: 100, burst: 1 },
    });
    governors.push(g);
    return g;
  };
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: ADMIN });
    await c.connect();
    await c.query(sql);
    await c.end();
  };

  beforeAll(() => admin(`CREATE DATABASE "${name}"`));
  afterAll(async () => {
    await Promise.all(governors.map((g) => g.close()));
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('spaces calls from two instances on one schedule', async () => {
    const [a, b] = [governor(databaseUrl, 20), governor(databaseUrl, 20)];
    const started = Date.now();
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).take(started + 5_000, 'test').then(() => done.push(Date.now())),
      ),
    );
    // Ten slots 50 ms apart: the last one is about 450 ms after the first.
    expect(Math.max(...done) - started).toBeGreaterThanOrEqual(400);
    expect(a.stats.shared + b.stats.shared).toBe(10);
  });

  it('refuses a slot further away than the deadline, before waiting for it', async () => {
    const g = governor(databaseUrl, 1);
    await g.take(Date.now() + 1_000, 'slow');
    const started = Date.now();
    await expect(g.take(Date.now() + 200, 'slow')).rejects.toEqual(
      new TollError('UPSTREAM_TIMEOUT', 'slow: rate limit would delay the call past the deadline', {
        upstream: 'slow',
      }),
    );
    expect(Date.now() - started).toBeLessThan(150);
  });

  it('keeps calling at the per-process fallback rate while the database cannot be reached', async () => {
    const g = governor('postgresql://postgres@127.0.0.1:1/nowhere', 5);
    await g.take(Date.now() + 2_000, 'offline');
    expect(g.stats).toEqual({ shared: 0, fallback: 1 });
  });
});
