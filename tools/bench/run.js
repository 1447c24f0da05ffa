#!/usr/bin/env node
// `npm run bench`: free route through gateway→NATS→group vs a bare Express hello-world, side by side,
// plus 402 challenge issuance. Results go to docs/benchmarks.md. Not part of `npm test`.
const autocannon = require('autocannon');
const { machine, writeSection } = require('./report');
const { startStack, startHelloExpress, waitFor } = require('./stack');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const measure = (url, title) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, title }, (err, r) => (err ? reject(err) : resolve(r)));
  });

// Serial single-connection latency with a high-resolution clock (autocannon reports whole ms).
async function serialLatency(url, n = 2000) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const res = await fetch(url);
    await res.arrayBuffer();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(n * 0.5)], p99: samples[Math.floor(n * 0.99)] };
}

async function bench(name, url, expectStatus) {
  const probe = await fetch(url);
  if (probe.status !== expectStatus) throw new Error(`${name}: expected ${expectStatus}, got ${probe.status}`);
  await measure(url, `${name} warm-up`);
  const r = await measure(url, name);
  const serial = await serialLatency(url);
  const bad = r.non2xx - (expectStatus === 200 ? 0 : r.requests.total);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + Math.max(0, bad), serial };
}

(async () => {
  const stack = await startStack({ apps: ['payments', 'devutils'] });
  const hello = await startHelloExpress();
  const gw = stack.gateways[0];
  try {
    await waitFor(async () => (await fetch(`${gw}/toll/devutils/health`)).status === 200 && (await fetch(`${gw}/toll/payments/health`)).status === 200);
    const rows = [
      await bench('bare Express hello-world', `${hello.url}/hello`, 200),
      await bench('free route, 21 KB catalog: gateway→NATS→devutils (/toll/devutils/health)', `${gw}/toll/devutils/health`, 200),
      await bench('free route, 0.2 KB answer: gateway→NATS→payments (/toll/payments/receipt)', `${gw}/toll/payments/receipt?receipt=a.b`, 200),
      await bench('402 challenge via gateway→NATS→payments (/toll/devutils/gen/uuid)', `${gw}/toll/devutils/gen/uuid`, 402),
    ];
    const base = rows[0].rps;
    const table = rows
      .map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.serial.p50.toFixed(2)} | ${r.serial.p99.toFixed(2)} | ${r.errors} |`)
      .join('\n');
    const report = `Run: \`npm run bench\` on ${machine()}.
Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s after an equal warm-up, on loopback; the load generator, gateway,
NATS and the apps share the same cores. Serial columns: one connection, 2,000 sequential requests, high-resolution clock.

| target | req/s | ratio to bare Express | p50 ms | p99 ms | serial p50 ms | serial p99 ms | errors |
|---|---|---|---|---|---|---|---|
${table}
`;
    console.log(report);
    writeSection('Free route and 402 challenge vs bare Express', report);
  } finally {
    hello.stop();
    await stack.stop();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
