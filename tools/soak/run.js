#!/usr/bin/env node
// `npm run soak -- --minutes 20 --concurrency 6`: a bounded run of mixed load over every group on the replay stack of
// `npm start -- --replay`, sampling every app process's memory and event-loop delay every 10 s. Writes the "Soak"
// section of docs/reliability.md and docs/soak-rss.svg, and exits 1 when a paid call was charged but not served, a
// process grew past the memory limit after warm-up, or an app exited.
// The stack is started by `startLocal()` (tools/start-local.js) on ephemeral ports with its own nats-server and
// database prefix, so it never meets a running `npm start`; its databases are dropped at the end.
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { Client } = require('pg');
const { freePort, startNats } = require('@toll/testing');
const { startLocal } = require('../start-local');
const { machine, writeSection } = require('../bench/report');
const { analyse, markdown, writeChart } = require('./report');
const { startSampler } = require('./sampler');
const { Workload } = require('./workload');

const root = path.resolve(__dirname, '..', '..');
const SAMPLE_SECONDS = 10;
const LOG_TAIL = 2000;
const START_ATTEMPTS = 4;
const READY_TIMEOUT_MS = 600_000; // 28 apps starting at once on a shared, loaded machine

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '6' },
    'rss-limit-mb': { type: 'string', default: '40' },
    'heap-limit-mb': { type: 'string', default: '20' },
  },
});
const minutes = Number(opts.minutes);
const concurrency = Number(opts.concurrency);
const limits = { rssMb: Number(opts['rss-limit-mb']), heapMb: Number(opts['heap-limit-mb']) };
for (const [name, v] of Object.entries({ minutes, concurrency, ...limits }))
  if (!(v > 0)) throw new Error(`--${name} must be a positive number`);

// The soak's own funds on the local chain: enough for every paid call of a long run (the demo wallet starts with 1,000
// USDC).
const FUND = { lamports: 1_000n * 1_000_000_000n, usdcAtomic: 1_000_000n * 1_000_000n };

async function dropDatabases(names) {
  const admin = new Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

async function main() {
  const nats = await startNats();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'toll-soak-'));
  const env = {
    ...process.env,
    PORT: String(await freePort()),
    LOCAL_HEALTH_PORT: '0',
    LOCAL_CHAIN_PORT: '0',
    LOCAL_DATABASE_PREFIX: `toll_soak_${randomBytes(4).toString('hex')}`,
    NATS_URL: nats.url,
    TOLL_KEYPAIR: path.join(scratch, 'demo-wallet.json'),
    LOG_LEVEL: 'info', // npm start's own level; each app's start line names where it serves /metrics
  };
  const tail = [];
  const errorLines = new Map();
  const log = (line) => {
    tail.push(line);
    if (tail.length > LOG_TAIL) tail.shift();
    const app = /^\[([^\]]+)\]/.exec(line)?.[1];
    if (app && line.includes('"level":"error"')) errorLines.set(app, (errorLines.get(app) ?? 0) + 1);
  };
  const crashes = [];
  const startFailures = [];
  let stack = null;
  let workload = null;
  const cleanup = async () => {
    await workload?.close();
    await stack?.stop();
    if (stack?.databases.length) await dropDatabases(stack.databases);
    await nats.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('SIGINT', () => cleanup().finally(() => process.exit(130)));
  try {
    // On a loaded machine an app may die while starting (a Prisma transaction that waited over 2 s at start): that is
    // reported, and the start tried again on the same databases (migrated by then), before any load.
    for (let attempt = 1; !stack; attempt++) {
      try {
        stack = await startLocal({
          replay: true,
          env,
          log,
          readyTimeoutMs: READY_TIMEOUT_MS,
          onCrash: (name, code) => crashes.push({ name, code }),
        });
      } catch (e) {
        const app = /^\[([^\]]+)\] exited/.exec(e.message)?.[1];
        const lines = tail.filter((l) => app && l.startsWith(`[${app}]`)).slice(-12);
        startFailures.push(
          `${e.message}${
            lines.find((l) => /Error|error:/.test(l))
              ? `: ${lines
                  .find((l) => /Error|error:/.test(l))
                  .replace(/^\[[^\]]+\]\s*/, '')
                  .slice(0, 160)}`
              : ''
          }`,
        );
        console.log(`soak: start ${attempt} failed: ${startFailures.at(-1)}\n${lines.join('\n')}`);
        if (attempt === START_ATTEMPTS) throw e;
      }
    }
    console.log(
      `soak: replay stack ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${stack.url} ` +
        `(${stack.processes.length} app processes)`,
    );
    const { chain } = stack;
    chain.chain.airdrop(chain.demoWallet.address, FUND.lamports);
    chain.chain.mintTo(chain.demoWallet.address, chain.usdcMint, FUND.usdcAtomic);
    for (let i = 0; i < 300 && stack.processes.some((p) => !p.metricsUrl); i++)
      await new Promise((r) => setTimeout(r, 100));
    const unnamed = stack.processes.filter((p) => !p.metricsUrl).map((p) => p.name);
    if (unnamed.length) throw new Error(`no /metrics URL in the start line of ${unnamed.join(', ')}`);

    crashes.length = 0; // exits during a failed start are in startFailures
    const calls = [];
    workload = new Workload({
      gateway: stack.url,
      chain,
      record: (kind, ms, outcome, reason) => calls.push({ kind, ms, outcome, reason }),
    });
    const catalog = await workload.prepare(concurrency);
    const started = new Date();
    const t0 = Date.now();
    const until = t0 + minutes * 60_000;
    console.log(
      `soak: ${minutes} min of mixed load, ${concurrency} workers, over ${catalog.operations} paid operations, ` +
        `${catalog.tools} MCP tools, ${catalog.groups} groups`,
    );
    const sampler = startSampler(stack.processes, { everyMs: SAMPLE_SECONDS * 1000, t0 });
    const progress = setInterval(() => {
      const bad = new Map();
      for (const c of calls)
        if (c.outcome !== 'ok')
          bad.set(`${c.kind}: ${c.outcome} ${c.reason}`, (bad.get(`${c.kind}: ${c.outcome} ${c.reason}`) ?? 0) + 1);
      const worst = [...bad]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([k, n]) => `${n} × ${k}`);
      console.log(
        `soak: ${((Date.now() - t0) / 60_000).toFixed(1)} min, ${calls.length} calls, load ` +
          `${os.loadavg()[0].toFixed(1)}; not ok: ${worst.join('; ') || 'none'}`,
      );
    }, 30_000);
    await workload.run(concurrency, until);
    clearInterval(progress);
    await sampler.stop();
    const duration = (Date.now() - t0) / 1000;

    const analysis = analyse({
      calls,
      samples: sampler.samples,
      loads: sampler.loads,
      misses: sampler.misses,
      processes: stack.processes,
      crashes,
      duration,
      limits,
    });
    const chart = path.join(root, 'docs', 'soak-rss.svg');
    writeChart(chart, sampler.samples, stack.processes, duration);
    const command = `npm run soak -- --minutes ${opts.minutes} --concurrency ${opts.concurrency}`;
    const body = markdown(analysis, {
      command,
      minutes,
      concurrency,
      limits,
      machine: machine(),
      everySeconds: SAMPLE_SECONDS,
      ...catalog,
      started: started.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      chart: 'soak-rss.svg',
      startFailures,
    });
    writeSection('Soak', body, path.join(root, 'docs', 'reliability.md'));
    console.log(body);
    if (errorLines.size)
      console.log(`\nerror log lines by app: ${[...errorLines].map(([a, n]) => `${a} ${n}`).join(', ')}`);
    if (analysis.failures.length) {
      console.log(
        `\nsoak FAILED:\n  ${analysis.failures.join('\n  ')}\nlast log lines:\n${tail.slice(-40).join('\n')}`,
      );
      process.exitCode = 1;
    } else console.log('\nsoak passed');
  } catch (e) {
    console.error(`last log lines:\n${tail.slice(-40).join('\n')}`);
    throw e;
  } finally {
    await cleanup();
  }
}

main().catch((e) => {
  console.error(`soak failed to run: ${e.stack ?? e.message}`);
  process.exit(1);
});
