#!/usr/bin/env node
// Screen latency over a full-size universe (a benchmark, not a test): a scratch database seeded with 7,000
// stocks in one active snapshot, the built screener group behind its own NATS server, and timed screens
// through NATS (what the gateway sees, less HTTP). Prints p50/p95/p99 per screen shape.
// Run: npx tsc -b apps/screener/tsconfig.build.json && node apps/screener/bench/screen-bench.js
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const { startNats, natsClient, callOperation } = require('../../../libs/testing/dist');
const { startScreener } = require('../dist/bootstrap');
const { SECTORS } = require('../dist/screener.schemas');

const ROWS = 7_000;
const RUNS = 300;
const SCREENS = {
  'whole universe, sorted by market cap, 100 rows': { limit: 100 },
  'value and income: P/E ≤ 15, yield ≥ 3 %, by yield': {
    pe_max: 15,
    dividend_yield_min: 3,
    sort: 'dividend_yield',
    limit: 100,
  },
  'large-cap tech with margins, by growth': {
    sectors: ['Technology'],
    market_cap_min: 10e9,
    net_margin_min: 20,
    sort: 'revenue_growth',
    limit: 100,
  },
  'every range at once, by P/B ascending': {
    market_cap_min: 1e8,
    market_cap_max: 1e12,
    price_min: 5,
    price_max: 500,
    pe_min: 0,
    pe_max: 40,
    pb_max: 10,
    net_margin_min: -50,
    operating_margin_min: -50,
    revenue_growth_min: -20,
    dividend_yield_max: 12,
    sort: 'pb',
    order: 'asc',
    limit: 100,
  },
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const name = `toll_screener_bench_${randomBytes(4).toString('hex')}`;
  const url = `postgresql://postgres@127.0.0.1:5432/${name}`;
  const nats = await startNats();
  const nc = await natsClient(nats.url);
  const group = await startScreener({
    NATS_URL: nats.url,
    LOG_LEVEL: 'error',
    DATABASE_URL: url,
    SCREENER_BUILD_ON_START: 'false',
    ANNOUNCE_INTERVAL_MS: '60000',
  });
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    // Deterministic pseudo-random figures with realistic spreads; about a third of the rows lack some ratio.
    await db.query(
      `INSERT INTO snapshots (id, active, as_of, built_at, row_count, prices_source, fundamentals_period) VALUES ` +
        `(1, true, now(), now(), ${ROWS}, 'bench', 'bench')`,
    );
    await db.query(
      `INSERT INTO stocks (snapshot_id, ticker, name, cik, sector, industry, country, price, market_cap, pe, pb, net_margin, operating_margin, revenue_growth, dividend_yield, revenue, net_income)
       SELECT 1, 'T' || i, 'Company ' || i, 100000 + i, ($1::text[])[1 + i % 12], 'Industry ' || (i % 97), 'United States',
              round((1 + (i * 7919 % 50000) / 100.0)::numeric, 2),
              round(exp(16 + (i * 104729 % 10000) / 1000.0)::numeric, 2),
              CASE WHEN i % 3 = 0 THEN NULL ELSE round(((i * 31 % 6000) / 100.0)::numeric, 4) END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE round(((i * 17 % 2000) / 100.0)::numeric, 4) END,
              round((((i * 13 % 8000) - 3000) / 100.0)::numeric, 4),
              round((((i * 11 % 9000) - 3000) / 100.0)::numeric, 4),
              round((((i * 23 % 10000) - 3000) / 100.0)::numeric, 4),
              CASE WHEN i % 2 = 0 THEN NULL ELSE round(((i * 19 % 1000) / 100.0)::numeric, 4) END,
              round(exp(15 + (i * 7 % 10000) / 1000.0)::numeric, 2), round(exp(13 + (i * 3 % 10000) / 1000.0)::numeric, 2)
         FROM generate_series(1, ${ROWS}) AS i`,
      [SECTORS],
    );
    await db.query('ANALYZE stocks');
    console.log(
      `Screener benchmark: ${ROWS} stocks in the active snapshot, ${RUNS} screens per shape through NATS ` +
        `(${new Date().toISOString().slice(0, 10)}, ${require('node:os').cpus().length} cores)\n`,
    );
    console.log('| screen | matches | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|');
    const all = [];
    for (const [label, input] of Object.entries(SCREENS)) {
      for (let i = 0; i < 20; i++) await callOperation(nc, 'screener.screen', input); // warm-up
      const times = [];
      let matches = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        const reply = await callOperation(nc, 'screener.screen', input);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (reply.err) throw new Error(`${label}: ${JSON.stringify(reply.err)}`);
        matches = reply.response.data.match_count;
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `| ${label} | ${matches} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ` +
          `${pct(times, 99).toFixed(1)} |`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `\nAll shapes: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms (target: p50 < 50 ms)`,
    );
  } finally {
    await db.end();
    await group.close();
    await nc.close();
    await nats.stop();
    const admin = new Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
