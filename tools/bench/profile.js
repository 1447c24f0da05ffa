// BENCH_CPU_PROF=<dir>: CPU per measured call by process. Every node process of the stack is started with
// cpu-prof.js preloaded; `window.start()` / `window.stop(calls)` bracket the measured load: they toggle the V8
// profilers (SIGURG) and read each process's CPU time from /proc (all threads: GC, libuv pool), plus the
// Postgres backends serving the bench database and the nats-server. cpu-prof-summary.js turns the result into
// the table in docs/benchmarks.md.
const { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');
const cpuProf = require('./cpu-prof');

const DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const TICK_MS = 10; // USER_HZ is 100 on Linux

// `node` arguments and environment for a process labelled `label` (empty when not profiling).
const nodeArgs = () => (DIR ? ['-r', path.join(__dirname, 'cpu-prof.js')] : []);
const nodeEnv = (label) => (DIR ? { BENCH_CPU_PROF: DIR, BENCH_CPU_PROF_LABEL: label } : {});

const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return NaN;
  }
};

async function backendsOf(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    const db = new URL(databaseUrl).pathname.slice(1);
    return (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db])).rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

// processes: [{ label, pid, node }] (node: profiled with cpu-prof.js); the bench process itself is added.
function cpuWindow(processes, databaseUrl) {
  let before;
  let started;
  const all = [...processes, { label: 'load generator (bench process)', pid: process.pid, node: true, self: true }];
  const sample = (list) => list.map((p) => ({ ...p, ms: cpuMs(p.pid) }));
  const toggleProfilers = async () => {
    for (const p of all) {
      if (p.self) await cpuProf.toggle();
      else if (p.node) process.kill(p.pid, 'SIGURG');
    }
  };
  return {
    enabled: Boolean(DIR),
    async start() {
      if (!DIR) return;
      mkdirSync(DIR, { recursive: true });
      for (const f of readdirSync(DIR).filter((x) => x.endsWith('.cpuprofile'))) rmSync(path.join(DIR, f));
      const backends = (await backendsOf(databaseUrl)).map((pid) => ({ label: 'postgres backends (bench db)', pid }));
      await toggleProfilers();
      before = sample([...all, ...backends]);
      started = process.hrtime.bigint();
    },
    async stop(calls, name) {
      if (!DIR) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const after = before.map((p) => ({ ...p, ms: cpuMs(p.pid) - p.ms }));
      await toggleProfilers();
      await new Promise((r) => setTimeout(r, 2_000)); // the profiles are written asynchronously
      writeFileSync(
        path.join(DIR, 'window.json'),
        JSON.stringify(
          { name, calls, seconds, processes: after.map(({ label, pid, ms }) => ({ label, pid, ms })) },
          null,
          1,
        ),
      );
    },
  };
}

module.exports = { cpuMs, cpuWindow, nodeArgs, nodeEnv, PROFILE_DIR: DIR };
