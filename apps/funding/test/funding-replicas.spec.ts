import { callOperation, loadFixtures, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { Client } from 'pg';
import { startFunding } from '../src/bootstrap';
import { LiquidationCollector } from '../src/liquidation-collector';
import { Clock } from '@toll/platform';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const FIXTURES = loadFixtures(join(__dirname, 'fixtures')).filter((f) =>
  ['instruments-btc', 'liquidations-btc'].includes(f.case),
);

// Two replicas on one database, each behind its own NATS server so the test decides which one answers. Both start
// (and migrate) at once and both collect the same OKX page at once: every event is stored once and both replicas
// serve the same heatmap.
describe('funding replicas on one database', () => {
  const { clients, replicas, db } = groupHarness({
    name: 'funding',
    start: startFunding,
    fixtures: FIXTURES,
    serve: 'all',
    database: 'toll_funding_replicas',
    natsServers: 2,
    replicas: 2,
    together: true,
    clock: { token: Clock, now: () => T0 },
    env: (u) => ({
      FUNDING_OKX_BASE_URL: u.fake,
      FUNDING_HYPERLIQUID_ENABLED: 'false',
      FUNDING_COLLECTOR_ENABLED: 'false',
      FUNDING_LIQUIDATION_BASES: 'BTC',
    }),
  });

  it('stores each event once when both replicas collect the same page concurrently, and both serve the same answer', async () => {
    await Promise.all(
      replicas.flatMap((r) => [r.app.get(LiquidationCollector).collect(), r.app.get(LiquidationCollector).collect()]),
    );
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query(
      'SELECT count(*)::int AS events, sum(notional_usd)::text AS usd FROM liquidation_event',
    );
    const polls = (await pg.query('SELECT count(*)::int AS n FROM liquidation_poll')).rows[0].n;
    await pg.end();
    expect(rows[0]).toEqual({ events: 5, usd: '183555.228000000000000000' });
    expect(polls).toBe(2); // one page logged per replica pass; a second call joined the running pass

    const answers = await Promise.all(
      clients.map((nc) =>
        callOperation(nc, 'funding.getLiquidations', { symbol: 'BTC', hours: 24 }, { deadline: Date.now() + 5_000 }),
      ),
    );
    expect(answers.map((a) => a.response!.data.totals)).toEqual([
      { long_usd: '174930.08', short_usd: '8625.15', total_usd: '183555.23', events: 5 },
      { long_usd: '174930.08', short_usd: '8625.15', total_usd: '183555.23', events: 5 },
    ]);
    expect(answers[0].response!.data.coverage).toEqual(answers[1].response!.data.coverage);
  });
});
