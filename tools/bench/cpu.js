#!/usr/bin/env node
// CPU per request, by process, of the `npm run bench` stack (2 gateways, 2 payments, 2 devutils, NATS, the chain) under
// one load at a time, read from each process's own CPU counters (/proc/<pid>/stat, Linux; see profile.js): on a busy
// machine this holds steady where req/s does not. With BENCH_CPU_PROF=<dir> every app runs with cpu-prof.js preloaded;
// the profilers are switched on around each load only, and the functions with the most self time in each app are
// printed. Env: BENCH_CPU_N requests per free load (8000), BENCH_CPU_LOADS (receipt,health,challenge,paid,balance; also
// openapi, block (calls on one 1,000-call block of the RPC group, as in `npm run bench`; adds an rpc replica), and
// <free load>-drive: that free load through the paid loads' client, fetch at 10 concurrent, for a like-for-like
// gateway), BENCH_PAID_N (500) per paid load, BENCH_STACK_WAIT_MS (30000) for the stack to start.
const autocannon = require('autocannon');
const { mkdirSync, readFileSync, readdirSync, renameSync } = require('node:fs');
const path = require('node:path');
const { drive, prepareBalance, prepareBlock, preparePaid } = require('./load');
const { cpuMs, PROFILE_DIR } = require('./profile');
const { startStack, startChain, waitFor } = require('./stack');

const N = Number(process.env.BENCH_CPU_N ?? 8000);
const LOADS = (process.env.BENCH_CPU_LOADS ?? 'receipt,health,challenge,paid,balance').split(',');
const PAID_N = Number(process.env.BENCH_PAID_N ?? 500);
const WARM_UP = 3000;
const PAID_PATH = '/toll/devutils/gen/uuid';
const TOP = 12;

const FREE = {
  receipt: '/toll/payments/receipt?receipt=a.b',
  health: '/toll/devutils/health',
  challenge: '/toll/devutils/gen/uuid',
  openapi: '/openapi.json', // built by the gateway from its route table; not in the default loads
};

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const cannon = (urls, total) =>
  Promise.all(
    urls.map(
      (url) =>
        new Promise((resolve, reject) =>
          autocannon({ url, connections: 5, amount: Math.floor(total / urls.length) }, (e, r) =>
            e ? reject(e) : resolve(r),
          ),
        ),
    ),
  );

// Runs `load` between two readings of every process's CPU; returns ms of CPU per request by process name.
async function measure(name, processes, load) {
  await toggleProfilers(processes);
  const before = processes.map((p) => cpuMs(p.pid));
  const own = ownCpuMs();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const { total, failed } = await load();
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const after = processes.map((p) => cpuMs(p.pid));
  await toggleProfilers(processes);
  await collectProfiles(name);
  const perRequest = { 'load generator': (ownCpuMs() - own) / total };
  processes.forEach((p, i) => (perRequest[p.label] = (perRequest[p.label] ?? 0) + (after[i] - before[i]) / total));
  return { total, failed, seconds: (endUs - startUs) / 1e6, perRequest };
}

// cpu-prof.js starts a process's profiler on SIGURG and writes <dir>/<label>.<pid>.cpuprofile on the next one.
async function toggleProfilers(processes) {
  if (!PROFILE_DIR) return;
  mkdirSync(PROFILE_DIR, { recursive: true });
  for (const p of processes) if (p.node) process.kill(p.pid, 'SIGURG');
}
// Each load's profiles go to <dir>/<load>/ once written (asynchronously, hence the pause).
async function collectProfiles(name) {
  if (!PROFILE_DIR) return;
  await new Promise((r) => setTimeout(r, 2_000));
  mkdirSync(path.join(PROFILE_DIR, name), { recursive: true });
  for (const f of readdirSync(PROFILE_DIR).filter((x) => x.endsWith('.cpuprofile')))
    renameSync(path.join(PROFILE_DIR, f), path.join(PROFILE_DIR, name, f));
}

// Self time by function in one app's profiles of one load, as shares of its non-idle samples.
function topFunctions(app, load) {
  const dir = path.join(PROFILE_DIR, load);
  const self = new Map();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.startsWith(`${app}.`) && f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    for (const id of profile.samples) {
      const frame = nodes.get(id);
      if (frame.functionName === '(idle)') continue;
      const where = frame.url
        ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|libs)\//, '$1/')}:${frame.lineNumber + 1}`
        : '';
      const key = `${frame.functionName || '(anonymous)'}${where}`;
      self.set(key, (self.get(key) ?? 0) + 1);
      total++;
    }
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([fn, n]) => ({ fn, share: n / total }));
}

(async () => {
  const chain = await startChain();
  const stack = await startStack({
    apps: ['payments', 'payments', 'devutils', 'devutils', ...(LOADS.includes('block') ? ['rpc'] : [])],
    gatewayReplicas: 2,
    env: {
      SOLANA_RPC_URLS: chain.url,
      RPC_UPSTREAM_URLS: chain.url,
      PAYMENTS_SOL_USD_FIXED: '150',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench',
    },
  });
  const gws = stack.gateways;
  const results = [];
  try {
    await waitFor(
      async () => {
        for (const g of gws)
          if (!(await fetch(`${g}/toll/devutils/health`)).ok || !(await fetch(`${g}/toll/payments/health`)).ok)
            return false;
        return true;
      },
      Number(process.env.BENCH_STACK_WAIT_MS ?? 30_000),
    );
    for (const name of LOADS) {
      let load;
      if (name === 'paid' || name === 'balance') {
        const { terms } = await (await fetch(`${gws[0]}/toll/payments/health`)).json();
        await chain.fund([terms.recipient, terms.fee_payer]);
        // Per-call memo proofs (one payment each), or balance-signed requests after one deposit.
        const calls =
          name === 'paid'
            ? await preparePaid(gws, PAID_PATH, chain, PAID_N + 50)
            : await prepareBalance(gws, PAID_PATH, chain, 100, PAID_N + 50);
        await drive(calls.slice(0, 50));
        load = async () => {
          const d = await drive(calls.slice(50));
          return { total: d.total, failed: d.total - d.ok };
        };
      } else if (name === 'block') {
        const { terms } = await (await fetch(`${gws[0]}/toll/payments/health`)).json();
        await chain.fund([terms.recipient, terms.fee_payer]);
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'getBalance',
          params: [chain.demoWallet.address],
        });
        const block = await prepareBlock(gws[0], '/toll/rpc/', body, chain);
        const calls = Array.from({ length: Math.min(PAID_N, 950) + 49 }, (_, i) => ({
          ...block,
          url: block.url.replace(gws[0], gws[i % gws.length]),
        }));
        await drive(calls.slice(0, 49));
        load = async () => {
          const d = await drive(calls.slice(49));
          return { total: d.total, failed: d.total - d.ok };
        };
      } else if (name.endsWith('-drive')) {
        const calls = Array.from({ length: N + WARM_UP }, (_, i) => ({
          url: `${gws[i % gws.length]}${FREE[name.slice(0, -'-drive'.length)]}`,
        }));
        await drive(calls.slice(0, WARM_UP));
        load = async () => {
          const d = await drive(calls.slice(WARM_UP));
          return { total: d.total, failed: d.total - d.ok };
        };
      } else {
        const urls = gws.map((g) => `${g}${FREE[name]}`);
        await cannon(urls, WARM_UP);
        load = async () => {
          const runs = await cannon(urls, N);
          return {
            total: runs.reduce((n, r) => n + r.requests.total, 0),
            failed: runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
          };
        };
      }
      const r = { name, ...(await measure(name, [...stack.processes, chain.process], load)) };
      results.push(r);
      const cpu = Object.entries(r.perRequest)
        .map(([p, ms]) => `${p} ${ms.toFixed(3)}`)
        .join(', ');
      console.log(
        `${name}: ${r.total} requests (${r.failed} failed) in ${r.seconds.toFixed(1)} s; CPU ms per request: ${cpu}`,
      );
    }
  } finally {
    await stack.stop();
    await chain.close();
  }
  if (!PROFILE_DIR) return;
  for (const r of results) {
    for (const app of new Set(stack.processes.filter((p) => p.node).map((p) => p.label))) {
      console.log(
        `\n${r.name} / ${app}: top self time (share of ${app} samples; × ${(r.perRequest[app] ?? 0).toFixed(3)} ` +
          `ms per request)`,
      );
      for (const { fn, share } of topFunctions(app, r.name))
        console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${fn}`);
    }
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
