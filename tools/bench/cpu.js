#!/usr/bin/env node
// CPU per request, by process, of the `npm run bench` stack (2 gateways, 2 payments, 2 devutils, NATS) under one load at
// a time, read from each process's own CPU counters (/proc/<pid>/stat, Linux): on a busy machine this holds steady
// where req/s does not. With BENCH_CPU_PROF=<dir> every app also writes a V8 CPU profile (see stack.js), and the
// functions with the most self time in each app during each load are printed. Profile timestamps and
// process.hrtime share the monotonic clock, so each load's samples are cut out of the whole-run profile by time.
// Env: BENCH_CPU_N requests per free load (8000), BENCH_CPU_LOADS (receipt,health,challenge,paid; also openapi), BENCH_PAID_N (500).
const autocannon = require('autocannon');
const { readFileSync, readdirSync } = require('node:fs');
const path = require('node:path');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { drive, preparePaid } = require('./load');
const { startStack, waitFor } = require('./stack');

const N = Number(process.env.BENCH_CPU_N ?? 8000);
const LOADS = (process.env.BENCH_CPU_LOADS ?? 'receipt,health,challenge,paid').split(',');
const PAID_N = Number(process.env.BENCH_PAID_N ?? 500);
const PROFILES = process.env.BENCH_CPU_PROF;
const WARM_UP = 3000;
const TOP = 12;
const TICKS_PER_MS = 0.1; // USER_HZ = 100

const FREE = {
  receipt: '/toll/payments/receipt?receipt=a.b',
  health: '/toll/devutils/health',
  challenge: '/toll/devutils/gen/uuid',
  openapi: '/openapi.json', // built by the gateway from its route table; not in the default loads
};

// utime + stime of a process, in ms.
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const cannon = (urls, total) =>
  Promise.all(urls.map((url) => new Promise((resolve, reject) => autocannon({ url, connections: 5, amount: Math.floor(total / urls.length) }, (e, r) => (e ? reject(e) : resolve(r))))));

// Runs `load` between two readings of every process's CPU; returns ms of CPU per request by process name.
async function measure(processes, load) {
  const before = processes.map((p) => cpuMs(p.pid));
  const own = ownCpuMs();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const { total, failed } = await load();
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const perRequest = { 'load generator': (ownCpuMs() - own) / total };
  processes.forEach((p, i) => (perRequest[p.name] = (perRequest[p.name] ?? 0) + (cpuMs(p.pid) - before[i]) / total));
  return { total, failed, seconds: (endUs - startUs) / 1e6, perRequest, startUs, endUs };
}

// Self time by function in one app's profiles within [startUs, endUs], as shares of its non-idle samples.
function topFunctions(app, { startUs, endUs }) {
  const dir = path.join(PROFILES, app);
  const self = new Map();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    let t = profile.startTime;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i];
      const frame = nodes.get(id);
      if (t < startUs || t > endUs || frame.functionName === '(idle)') return;
      const where = frame.url ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|libs)\//, '$1/')}:${frame.lineNumber + 1}` : '';
      const key = `${frame.functionName || '(anonymous)'}${where}`;
      self.set(key, (self.get(key) ?? 0) + 1);
      total++;
    });
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([fn, n]) => ({ fn, share: n / total }));
}

(async () => {
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments', 'payments', 'devutils', 'devutils'],
    gatewayReplicas: 2,
    env: { SOLANA_RPC_URLS: chain.url, PAYMENTS_SOL_USD_FIXED: '150', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench' },
  });
  const gws = stack.gateways;
  const results = [];
  try {
    await waitFor(async () => {
      for (const g of gws) if (!(await fetch(`${g}/toll/devutils/health`)).ok || !(await fetch(`${g}/toll/payments/health`)).ok) return false;
      return true;
    });
    for (const name of LOADS) {
      let load;
      if (name === 'paid') {
        const { terms } = await (await fetch(`${gws[0]}/toll/payments/health`)).json();
        fundWallets(chain.chain, [terms.recipient, terms.fee_payer], chain.usdcMint);
        const paid = await preparePaid(gws, '/toll/devutils/gen/uuid', chain, PAID_N + 50);
        await drive(paid.slice(0, 50));
        load = async () => {
          const d = await drive(paid.slice(50));
          return { total: d.total, failed: d.total - d.ok };
        };
      } else {
        const urls = gws.map((g) => `${g}${FREE[name]}`);
        await cannon(urls, WARM_UP);
        load = async () => {
          const runs = await cannon(urls, N);
          return { total: runs.reduce((n, r) => n + r.requests.total, 0), failed: runs.reduce((n, r) => n + r.errors + r.timeouts, 0) };
        };
      }
      const r = { name, ...(await measure(stack.processes, load)) };
      results.push(r);
      const cpu = Object.entries(r.perRequest).map(([p, ms]) => `${p} ${ms.toFixed(3)}`).join(', ');
      console.log(`${name}: ${r.total} requests (${r.failed} failed) in ${r.seconds.toFixed(1)} s; CPU ms per request: ${cpu}`);
    }
  } finally {
    await stack.stop();
    await chain.close();
  }
  if (!PROFILES) return;
  for (const r of results) {
    for (const app of readdirSync(PROFILES)) {
      console.log(`\n${r.name} / ${app}: top self time (share of ${app} samples; × ${(r.perRequest[app] ?? 0).toFixed(3)} ms per request)`);
      for (const { fn, share } of topFunctions(app, r)) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${fn}`);
    }
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
