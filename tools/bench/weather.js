#!/usr/bin/env node
// `npm run bench:weather`: a cached weather call through gateway→payments→weather (each request with its own
// valid on-chain payment, made beforehand) vs the free health route, in the same run.
const { Connection, Keypair } = require('@solana/web3.js');
const { memoPaymentInstructions, sendAndConfirm } = require('@toll/client');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { startFakeUpstream, loadFixtures } = require('@toll/testing');
const { SOLANA_NETWORKS } = require('@toll/x402');
const path = require('node:path');
const { startStack, waitFor } = require('./stack');
const { machine, percentile, writeSection } = require('./report');

const N = Number(process.env.BENCH_PAID_N ?? 600);
const CONCURRENCY = 10;
const PATH = '/toll/weather/current?lat=52.52&lon=13.41';

async function drive(requests) {
  const latencies = [];
  let next = 0;
  let ok = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const { url, headers } = requests[next++];
        const t = process.hrtime.bigint();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.status === 200) ok++;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return { rps: requests.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), ok, total: requests.length };
}

(async () => {
  const upstream = await startFakeUpstream(loadFixtures(path.join(__dirname, '../../apps/weather/test/fixtures/open-meteo')).filter((f) => f.case === 'current-berlin'));
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments', 'weather'],
    env: { SOLANA_RPC_URLS: chain.url, PAYMENTS_SOL_USD_FIXED: '150', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench', WEATHER_OPENMETEO_BASE_URL: upstream.url },
  });
  const gw = stack.gateways[0];
  try {
    await waitFor(async () => (await fetch(`${gw}/toll/weather/health`)).ok && (await fetch(`${gw}/toll/payments/health`)).ok);
    const { terms } = await (await fetch(`${gw}/toll/payments/health`)).json();
    fundWallets(chain.chain, [terms.recipient, terms.feePayer], chain.usdcMint);
    const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
    const connection = new Connection(chain.url, 'confirmed');
    const paid = [];
    for (let i = 0; i < N + 50; i++) {
      const c = (await (await fetch(`${gw}${PATH}`)).json()).toll;
      const sig = await sendAndConfirm(connection, payer, memoPaymentInstructions(c, 'USDC', payer.publicKey));
      paid.push({ url: `${gw}${PATH}&toll_memo=${encodeURIComponent(c.memo)}`, headers: { 'x-payment-tx': sig } });
    }
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
