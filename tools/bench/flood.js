#!/usr/bin/env node
// `node tools/bench/flood.js` (after `npm run build`): paid calls beside a flood of free calls from the same client.
// The stack of `npm run bench` (2 gateway replicas sharing Redis, 2 payments, 2 devutils) with the gateway's default
// per-client limits. Paid load: FLOOD_PAID_RPS calls a second to /toll/devutils/gen/uuid, each with its own USDC memo
// payment made beforehand, sent on a fixed schedule (open loop) from 127.0.0.1. Three phases, interleaved ROUNDS times:
//   quiet    the paid load alone;
//   flood    the same, plus FLOOD_RPS free requests a second from 127.0.0.1 (the paid client's own address): the
//            discovery list (FLOOD_TARGETS=discovery), or five free classes at once (FLOOD_TARGETS=mixed);
//   served   the same flood with every request from its own X-Forwarded-For address: no per-client limit applies,
//            which is what the flood costs when it is served (what the limits protect the paid calls from).
// The flooder runs in its own process at a fixed rate in both flood phases; the machine's load average is printed.
const { performance } = require('node:perf_hooks');
const { fork } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const os = require('node:os');
const path = require('node:path');
const { preparePaid } = require('./load');
const { machine, percentile, writeSection } = require('./report');
const { startStack, startChain, waitFor } = require('./stack');

const PAID_RPS = Number(process.env.FLOOD_PAID_RPS ?? 2);
const FLOOD_RPS = Number(process.env.FLOOD_RPS ?? 100);
const PHASE_S = Number(process.env.FLOOD_PHASE_S ?? 20);
const ROUNDS = Number(process.env.FLOOD_ROUNDS ?? 2);
const FLOOD_NICE = Number(process.env.FLOOD_NICE ?? 0);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench';
const PAID_PATH = '/toll/devutils/gen/uuid';
const WARM_UP = 30;
// Setting up (readiness probes, challenges to pay) as another client, so it spends none of 127.0.0.1's buckets.
const SETUP = { 'x-forwarded-for': '192.0.2.1' };
const PHASES = ['quiet', 'flood', 'served'];

// Each call leaves at its scheduled time whatever the others do; its latency is measured from that time.
async function paidAtRate(requests, rps) {
  const started = performance.now();
  const latencies = [];
  let ok = 0;
  await Promise.all(
    requests.map(async ({ url, headers }, i) => {
      const due = started + (i * 1000) / rps;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - due);
      if (res.status === 200) ok++;
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), ok, total: requests.length, latencies: sorted };
}

// FLOOD_TARGETS=discovery (the issue's case: one client searching the catalog over and over) or mixed (five free
// classes at once: free-op's 21 KB health, a 402, /openapi.json, the discovery list, MCP tools/list).
const FLOOD_TARGETS = process.env.FLOOD_TARGETS ?? 'discovery';

function flood(flooder, gateways, spoof) {
  const mcp = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  };
  const targets = gateways.flatMap((g) =>
    FLOOD_TARGETS === 'mixed'
      ? [
          { url: `${g}/toll/devutils/health` },
          { url: `${g}${PAID_PATH}` },
          { url: `${g}/openapi.json` },
          { url: `${g}/discovery/resources?limit=5` },
          { url: `${g}/mcp`, ...mcp },
        ]
      : [{ url: `${g}/discovery/resources?limit=5` }],
  );
  return new Promise((resolve) => {
    flooder.once('message', resolve);
    flooder.send({ targets, rps: FLOOD_RPS, durationMs: PHASE_S * 1000, spoof });
  });
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

(async () => {
  const chain = await startChain();
  const stack = await startStack({
    apps: ['payments', 'payments', 'devutils', 'devutils'],
    gatewayReplicas: 2,
    limited: true,
    // Memos live an hour: all are paid before the first phase, and preparing them takes minutes on a loaded machine.
    env: {
      SOLANA_RPC_URLS: chain.url,
      PAYMENTS_SOL_USD_FIXED: '150',
      PAYMENTS_MEMO_TTL_SECONDS: '3600',
      DATABASE_URL,
      REDIS_URL,
      GATEWAY_RATE_LIMIT_REPLICAS: '2',
      GATEWAY_RATE_LIMIT_KEY_PREFIX: `toll:rl:flood-${randomBytes(4).toString('hex')}:`,
    },
  });
  const flooder = fork(path.join(__dirname, 'flooder.js'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // FLOOD_NICE (unset: 0): the flooder's CPU priority. A real flooder sends from its own machine; on these shared cores
  // its own sending costs the stack's processes their time slices, which no limit in the gateway can give back.
  if (FLOOD_NICE) os.setPriority(flooder.pid, FLOOD_NICE);
  const gws = stack.gateways;
  try {
    await waitFor(async () => {
      for (const g of gws)
        for (const group of ['devutils', 'payments'])
          if (!(await fetch(`${g}/toll/${group}/health`, { headers: SETUP })).ok) return false;
      return true;
    }, 180_000); // a loaded machine starts the stack slowly
    const { terms } = await (await fetch(`${gws[0]}/toll/payments/health`, { headers: SETUP })).json();
    await chain.fund([terms.recipient, terms.fee_payer]);
    const perPhase = PAID_RPS * PHASE_S;
    console.log(`preparing ${WARM_UP + perPhase * PHASES.length * ROUNDS} paid calls (one memo payment each)...`);
    const n = WARM_UP + perPhase * PHASES.length * ROUNDS;
    // Batches prepared at once (one wallet, its transactions independent), each as a setup client of its own with at
    // most 180 challenges, inside one challenge bucket (burst 200).
    const k = Math.max(4, Math.ceil(n / 180));
    const batches = await Promise.all(
      Array.from({ length: k }, (_, i) =>
        preparePaid(gws, PAID_PATH, chain, Math.floor((n + i) / k), { 'x-forwarded-for': `192.0.2.${i + 10}` }),
      ),
    );
    const paid = batches.flat();
    await paidAtRate(paid.splice(0, WARM_UP), PAID_RPS);
    const rows = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const phase of PHASES) {
        // Every bucket full again before each phase (the default buckets refill in 10 s): the phases start alike.
        await new Promise((r) => setTimeout(r, 11_000));
        const before = loadavg();
        const flooding = phase === 'quiet' ? undefined : flood(flooder, gws, phase === 'served');
        const p = await paidAtRate(paid.splice(0, perPhase), PAID_RPS);
        const f = await flooding;
        const row = { round, phase, ...p, flood: f, load: `${before} → ${loadavg()}` };
        rows.push(row);
        const share = f
          ? `, flood ${f.sent} sent: ${JSON.stringify(f.counts)}, 429 share ` +
            `${((100 * (f.counts[429] ?? 0)) / f.sent).toFixed(1)} %`
          : '';
        console.log(
          `round ${round} ${phase}: paid p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, ` +
            `${p.ok}/${p.total} served${share}; load ${row.load}`,
        );
      }
    }
    report(rows);
  } finally {
    flooder.kill();
    await stack.stop();
    await chain.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

function report(rows) {
  const statusText = (counts) =>
    Object.entries(counts)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  const table = rows
    .map((r) => {
      const quiet = rows.find((q) => q.round === r.round && q.phase === 'quiet');
      const f = r.flood;
      return (
        `| ${r.round} | ${r.phase} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
        `${r.phase === 'quiet' ? '–' : `${((100 * r.p99) / quiet.p99 - 100).toFixed(0)} %`} | ${r.ok}/${r.total} | ` +
        `${f ? `${f.sent} (${statusText(f.counts)})` : '–'} | ` +
        `${f ? `${((100 * (f.counts[429] ?? 0)) / f.sent).toFixed(1)} %` : '–'} | ${r.load} |`
      );
    })
    .join('\n');
  // Every round's calls of a phase together: a p99 over ROUNDS times as many calls, less at the mercy of one slow call.
  const pooled = PHASES.map((phase) => {
    const all = rows
      .filter((r) => r.phase === phase)
      .flatMap((r) => r.latencies)
      .sort((a, b) => a - b);
    return { phase, p50: percentile(all, 0.5), p99: percentile(all, 0.99), n: all.length };
  });
  const quietAll = pooled[0];
  const pooledTable = pooled
    .map(
      (r) =>
        `| all | ${r.phase} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
        `${r.phase === 'quiet' ? '–' : `${((100 * r.p99) / quietAll.p99 - 100).toFixed(0)} %`} | ${r.n} calls | ` +
        `| | |`,
    )
    .join('\n');
  const body = `Run: \`node tools/bench/flood.js\` (FLOOD_TARGETS=${FLOOD_TARGETS}, FLOOD_PAID_RPS=${PAID_RPS}, FLOOD_RPS=${FLOOD_RPS}, FLOOD_PHASE_S=${PHASE_S}, FLOOD_ROUNDS=${ROUNDS}, FLOOD_NICE=${FLOOD_NICE}) on ${machine()}.
Stack: 2 gateway replicas sharing Redis (the gateway's default limits), 2 payments, 2 devutils, a private nats-server,
Postgres, the local chain; load generator, flooder and stack share the machine's cores. Paid load: ${PAID_RPS} calls/s to
${PAID_PATH}, each with its own USDC memo payment, on a fixed schedule from 127.0.0.1 (latency from the scheduled time).
Flood: ${FLOOD_RPS} free requests/s, fixed schedule, from a process of its own (at most 256 in flight: "skipped" counts
the sends that bound refused), ${FLOOD_TARGETS === 'mixed' ? `over /toll/devutils/health (free-op, 21 KB), ${PAID_PATH} without proof (challenge), /openapi.json (catalog), /discovery/resources (discovery) and MCP tools/list (mcp)` : '/discovery/resources (discovery: 100 at once, then 10/s)'} on both gateways. "flood": from 127.0.0.1 too, the paid client's own address; "served": the same flood, each request from
its own X-Forwarded-For address, so no per-client limit applies. Load average: 1, 5, 15 min, at the start → end of the phase.

| round | phase | paid p50 ms | paid p99 ms | p99 vs quiet | paid served | flood sent (statuses) | flood 429 share | load average |
|---|---|---|---|---|---|---|---|---|
${table}
${pooledTable}
`;
  console.log(body);
  writeSection('Paid calls beside a free-route flood (per-client rate limits)', body);
}
