#!/usr/bin/env node
// `npm run bench`: the stack with two gateway replicas and two replicas of payments and devutils, measured
// side by side in one run: free route vs a bare Express hello-world, 402 challenge issuance, and paid calls
// with valid on-chain proofs (verification cost separated from chain cost). Not part of `npm test`.
const autocannon = require('autocannon');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { chainCost, drive, prepareBalance, preparePaid } = require('./load');
const { machine, writeSection } = require('./report');
const { startStack, startHelloExpress, waitFor } = require('./stack');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAID_N = Number(process.env.BENCH_PAID_N ?? 1000);

const measure = (url, connections, title) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION_S, title }, (err, r) => (err ? reject(err) : resolve(r)));
  });

// The same load spread evenly over every URL (one autocannon per gateway replica), summed.
async function bench(name, urls, expectStatus) {
  for (const url of urls) {
    const probe = await fetch(url);
    if (probe.status !== expectStatus) throw new Error(`${name}: expected ${expectStatus}, got ${probe.status}`);
  }
  const per = Math.max(1, Math.floor(CONNECTIONS / urls.length));
  await Promise.all(urls.map((u) => measure(u, per, `${name} warm-up`)));
  const runs = await Promise.all(urls.map((u) => measure(u, per, name)));
  const errors = runs.reduce((n, r) => n + r.errors + r.timeouts + (expectStatus === 200 ? r.non2xx : r.requests.total - r.non2xx), 0);
  return {
    name,
    rps: runs.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors,
  };
}

(async () => {
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments', 'payments', 'devutils', 'devutils'],
    gatewayReplicas: 2,
    env: { SOLANA_RPC_URLS: chain.url, PAYMENTS_SOL_USD_FIXED: '150', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench' },
  });
  const hello = await startHelloExpress();
  const gws = stack.gateways;
  try {
    await waitFor(async () => {
      for (const g of gws) if (!(await fetch(`${g}/toll/devutils/health`)).ok || !(await fetch(`${g}/toll/payments/health`)).ok) return false;
      return true;
    });
    const { terms } = await (await fetch(`${gws[0]}/toll/payments/health`)).json();
    fundWallets(chain.chain, [terms.recipient, terms.fee_payer], chain.usdcMint);
    const rows = [
      await bench('bare Express hello-world (1 process)', [`${hello.url}/hello`], 200),
      await bench('free route, 0.2 KB answer: /toll/payments/receipt', gws.map((g) => `${g}/toll/payments/receipt?receipt=a.b`), 200),
      await bench('free route, 21 KB catalog: /toll/devutils/health', gws.map((g) => `${g}/toll/devutils/health`), 200),
      await bench('402 challenge: /toll/devutils/gen/uuid without proof', gws.map((g) => `${g}/toll/devutils/gen/uuid`), 402),
    ];
    const paid = await preparePaid(gws, '/toll/devutils/gen/uuid', chain, PAID_N + 30);
    await drive(paid.slice(0, 30));
    const p = await drive(paid.slice(30));
    const chainMs = await chainCost(chain.url, paid.slice(30, 130).map((x) => x.signature));
    // Balance-paid calls and the free route through the same client, same concurrency, right after: the balance
    // call's target is 0.6 of the free route. A balance call reads nothing from the chain.
    const balance = await prepareBalance(gws, '/toll/devutils/gen/uuid', chain, 100, PAID_N + 30);
    await drive(balance.slice(0, 30));
    const b = await drive(balance.slice(30));
    const free = await drive(Array.from({ length: PAID_N }, (_, i) => ({ url: `${gws[i % gws.length]}/toll/payments/receipt?receipt=a.b`, headers: {} })));
    const base = rows[0].rps;
    const table = rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} |`).join('\n');
    const report = `Run: \`npm run bench\` on ${machine()}.
Stack: 2 gateway replicas, 2 payments replicas, 2 devutils replicas (NATS queue groups), a private nats-server, Postgres,
a local chain; the load generator shares the same cores. Load: autocannon, ${CONNECTIONS} connections split over the two
gateways, ${DURATION_S} s after an equal warm-up; req/s summed, p50/p99 the worse of the two gateways.

| target | req/s | ratio to bare Express | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|
${table}

Paid calls with valid proofs (${PAID_N} requests to /toll/devutils/gen/uuid, each with its own USDC memo payment made beforehand,
10 concurrent over both gateways): **${p.rps.toFixed(0)} req/s**, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, ${p.ok}/${p.total} served;
ratio ${(p.rps / base).toFixed(3)} to bare Express and ${(p.rps / rows[3].rps).toFixed(2)} to the 402 on the same route, in this run.
Chain cost inside that (getTransaction jsonParsed on the same signatures, measured alone): p50 ${chainMs.p50.toFixed(2)} ms,
p99 ${chainMs.p99.toFixed(2)} ms; the rest of a paid call is verification and settlement (Postgres holds, receipts) and the
group itself — see "Payment verification latency" for verify alone.

Balance-paid calls (${PAID_N} requests to /toll/devutils/gen/uuid signed by the wallet that deposited, same client and
concurrency): **${b.rps.toFixed(0)} req/s**, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms, ${b.ok}/${b.total} served.
The free route /toll/payments/receipt through that same client: ${free.rps.toFixed(0)} req/s, p50 ${free.p50.toFixed(1)} ms.
Ratio balance-paid to free: **${(b.rps / free.rps).toFixed(2)}** (target 0.6); balance-paid to per-call paid: ${(b.rps / p.rps).toFixed(2)}.
`;
    console.log(report);
    writeSection('Free route, challenge and paid calls vs bare Express', report);
  } finally {
    hello.stop();
    await stack.stop();
    await chain.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
