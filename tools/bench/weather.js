#!/usr/bin/env node
// `npm run bench:weather`: a cached weather call through gateway→payments→weather (each request with its own
// valid on-chain payment, made beforehand) vs the free health route, in the same run.
const { startDemoChain } = require('@toll/local-chain');
const { startFakeUpstream, loadFixtures } = require('@toll/testing');
const { SOLANA_NETWORKS } = require('@toll/x402');
const path = require('node:path');
const { readyToPay, startStack } = require('./stack');
const { drive, preparePaid } = require('./load');
const { machine, writeSection } = require('./report');

const N = Number(process.env.BENCH_PAID_N ?? 600);
const CONCURRENCY = 10; // drive()'s default
const PATH = '/toll/weather/current?lat=52.52&lon=13.41';

(async () => {
  const upstream = await startFakeUpstream(
    loadFixtures(path.join(__dirname, '../../apps/weather/test/fixtures/open-meteo')).filter(
      (f) => f.case === 'current-berlin',
    ),
  );
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments', 'weather'],
    env: {
      SOLANA_RPC_URLS: chain.url,
      PAYMENTS_SOL_USD_FIXED: '150',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench',
      WEATHER_OPENMETEO_BASE_URL: upstream.url,
    },
  });
  const gw = stack.gateways[0];
  try {
    await readyToPay(gw, 'weather', chain);
    const paid = await preparePaid([gw], PATH, chain, N + 50);
    const health = Array.from({ length: N + 50 }, () => ({ url: `${gw}/toll/weather/health`, headers: {} }));
    await drive(paid.slice(0, 50)); // warm-up, also fills the weather cache
    await drive(health.slice(0, 50));
    const h = await drive(health.slice(50));
    const w = await drive(paid.slice(50));
    const report = `Run: \`npm run bench:weather\` on ${machine()}; ${N} requests each, ${CONCURRENCY} concurrent, same run, after 50 warm-up.
Every weather request carries its own valid USDC memo payment (made beforehand on the local chain), so the paid path
is complete: verify (fetch the transaction, hold in Postgres) → weather answers from its cache → settle → receipt.

| target | req/s | p50 ms | p99 ms | 200s |
|---|---|---|---|---|
| free route: /toll/weather/health | ${h.rps.toFixed(0)} | ${h.p50.toFixed(2)} | ${h.p99.toFixed(2)} | ${h.ok}/${h.total} |
| paid cached call: /toll/weather/current (cache hit) | ${w.rps.toFixed(0)} | ${w.p50.toFixed(2)} | ${w.p99.toFixed(2)} | ${w.ok}/${w.total} |

Ratio paid-cached / free: ${(w.rps / h.rps).toFixed(2)}. The difference is the payment (verify + settle, see "Payment verification latency").
`;
    console.log(report);
    writeSection('Cached weather call vs free route', report);
  } finally {
    await stack.stop();
    await chain.close();
    await upstream.stop();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
