#!/usr/bin/env node
// `npm run bench:rpc`: a cached Solana RPC read through the whole paid path (gateway → payments verify → NATS →
// rpc cache → settle), against the same read sent straight to the local chain, in the same run.
// Payment: the memo flow in USDC, one 1,000-request block per round, its proof reused for the whole block.
const { startDemoChain } = require('@toll/local-chain');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { prepareBlock } = require('./load');
const { readyToPay, startStack } = require('./stack');
const { machine, percentile, writeSection } = require('./report');

const BLOCKS = Number(process.env.BENCH_RPC_BLOCKS ?? 4); // measured blocks, after one warm-up block
const CONCURRENCY = Number(process.env.BENCH_RPC_CONCURRENCY ?? 10);
const BLOCK_SIZE = 1000;

// `total` POSTs of `body` with `concurrency` in flight; latencies from a high-resolution clock.
async function load(url, headers, body, total, concurrency) {
  const latencies = [];
  const statuses = {};
  const cache = {};
  let remaining = total;
  const worker = async () => {
    while (remaining-- > 0) {
      const t = process.hrtime.bigint();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await res.arrayBuffer();
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const status = res.headers.get('x-toll-cache');
      if (status) cache[status] = (cache[status] ?? 0) + 1;
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, statuses, cache, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const merge = (runs) => ({
  latencies: runs.flatMap((r) => r.latencies),
  seconds: runs.reduce((s, r) => s + r.seconds, 0),
  statuses: runs.reduce(
    (acc, r) => (Object.entries(r.statuses).forEach(([k, v]) => (acc[k] = (acc[k] ?? 0) + v)), acc),
    {},
  ),
  cache: runs.reduce((acc, r) => (Object.entries(r.cache).forEach(([k, v]) => (acc[k] = (acc[k] ?? 0) + v)), acc), {}),
});

const summary = (run) => {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    rps: sorted.length / run.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    statuses: run.statuses,
    cache: run.cache,
  };
};

(async () => {
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments', 'rpc'],
    env: {
      SOLANA_RPC_URLS: chain.url,
      RPC_UPSTREAM_URLS: chain.url,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench',
    },
  });
  const gw = stack.gateways[0];
  try {
    await readyToPay(gw, 'rpc', chain);
    // The read: a balance at the default (finalized) commitment, cached for 3 s.
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [chain.demoWallet.address] });

    // One paid block: the 402, one USDC memo payment, then the remaining requests on the same proof.
    const block = async () => {
      const { url, headers } = await prepareBlock(gw, '/toll/rpc/', body, chain);
      const first = await fetch(url, { method: 'POST', headers, body });
      await first.arrayBuffer();
      if (first.status !== 200) throw new Error(`paid request answered ${first.status}`);
      const shown = {
        cache: first.headers.get('x-toll-cache'),
        upstream: first.headers.get('x-toll-upstream'),
        creditsRemaining: first.headers.get('x-toll-credits-remaining'),
      };
      return { run: await load(url, headers, body, BLOCK_SIZE - 1, CONCURRENCY), shown };
    };

    await block(); // warm-up: JIT, pools, the cache
    await load(chain.url, {}, body, BLOCK_SIZE, CONCURRENCY);
    const gateway = [];
    const direct = [];
    let shown;
    for (let i = 0; i < BLOCKS; i++) {
      const paid = await block();
      gateway.push(paid.run);
      shown = paid.shown;
      direct.push(await load(chain.url, {}, body, BLOCK_SIZE - 1, CONCURRENCY));
    }
    const g = summary(merge(gateway));
    const d = summary(merge(direct));
    const statusText = (s) =>
      Object.entries(s.statuses)
        .map(([k, v]) => `${v}×${k}`)
        .join(', ');
    const row = (name, s) =>
      `| ${name} | ${s.n} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${statusText(s)} |`;
    const report = `Run: \`npm run bench:rpc\` on ${machine()}; ${BLOCKS} rounds after one warm-up round, ${CONCURRENCY} requests in flight,
plain Node \`fetch\` on loopback, latency per request from a high-resolution clock. Each round buys one 1,000-request block
(USDC memo flow on the local chain; payment time not counted), sends its remaining ${BLOCK_SIZE - 1} requests on the same proof,
then sends ${BLOCK_SIZE - 1} identical requests straight to the chain. The read: \`getBalance\` at the default commitment
(finalized, cached 3 s). Load generator, gateway, payments (Postgres), NATS, rpc and the chain share the same cores.

| target | requests | req/s | p50 ms | p99 ms | statuses |
|---|---|---|---|---|---|
${row('paid cached read: gateway → payments verify → rpc cache → settle', g)}
${row('same read straight to the local chain (no gateway, no payment)', d)}

Through the gateway: x-toll-cache ${Object.entries(g.cache)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; the first request of the last block showed
\`x-toll-cache: ${shown.cache}\`, \`x-toll-upstream: ${shown.upstream}\`, \`x-toll-credits-remaining: ${shown.creditsRemaining}\`.
Ratio gateway / direct: ${(g.rps / d.rps).toFixed(2)} in req/s. Per request the paid path adds two Postgres statements (hold the block's next credit, settle it)
and two NATS round trips to payments (see "Payment verification latency"); the local chain answers from memory, so "direct"
is a floor no real RPC node reaches.
`;
    console.log(report);
    writeSection('Cached RPC read through the gateway vs straight to the chain', report);
  } finally {
    await stack.stop();
    await chain.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
