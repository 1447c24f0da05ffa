#!/usr/bin/env node
// `npm start`: the whole stack on local defaults. Uses NATS and Postgres on their default ports (starting
// NATS if it is installed but down), runs a local Solana chain with a funded demo wallet unless
// SOLANA_RPC_URLS is set, runs every app in apps/ as its own process, and prints the gateway URL.
// `startLocal()` is the same start as a function: the every-operation walk (e2e) and the first-run check
// (tools/first-run.js) run it on their own ports, NATS and databases, so a broken start fails them.
//
// Where it runs, from the environment (defaults are the README's):
//   PORT                   gateway port (3000)
//   LOCAL_HEALTH_PORT      first of the groups' health ports, one each upwards (8101; 0: each an ephemeral port)
//   LOCAL_CHAIN_PORT       the local chain's JSON-RPC port (8899; 0: ephemeral)
//   LOCAL_DATABASE_PREFIX  each app with a database gets <prefix>_<app> (unset: the apps' own toll_<app>)
//   NATS_URL               an existing NATS (unset: 127.0.0.1:4222, started here if installed but down)
//   REDIS_URL              where the gateway keeps its rate limits (unset: 127.0.0.1:6379 if it answers, else each
//                          gateway process keeps its own; the start says which)
//   TOLL_KEYPAIR           where the demo wallet is saved (.local/demo-wallet.json), as `npm run toll` reads it
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { readPaymentAccounts } = require('./payments-health');

const root = path.resolve(__dirname, '..');
const REGISTRY_GRANTS =
  'registry:/api/listings,registry:/registry.json,registry:/api/submit,registry:/api/questionnaire';
const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

const reachable = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
  });

// Every folder in apps/ whose package.json is tagged type:app is started; nothing is listed by hand.
const apps = () =>
  readdirSync(path.join(root, 'apps')).filter((name) => {
    const pkg = path.join(root, 'apps', name, 'package.json');
    return existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')).nx?.tags ?? []).includes('type:app');
  });

// Up when every group has answered its free health route through the gateway. A group that answered is not asked
// again, and the rest once a second: the polls are free operations from one client, under the gateway's per-client
// rate limit (free-op: 50/s after a burst of 500), which a poll of every group each second stays under.
async function waitForGateway(url, groups, failed, timeoutMs) {
  const end = Date.now() + timeoutMs;
  const waiting = new Map(groups.map((g) => [g, 'no answer']));
  while (Date.now() < end) {
    if (failed()) throw new Error(failed());
    await Promise.all(
      [...waiting.keys()].map(async (g) => {
        const res = await fetch(`${url}/toll/${g}/health`, { signal: AbortSignal.timeout(5_000) }).catch(
          () => undefined,
        ); // not listening yet
        if (res?.status === 200) waiting.delete(g);
        else if (res) waiting.set(g, String(res.status));
      }),
    );
    if (!waiting.size) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const last = [...waiting].map(([g, status]) => `${g} (${status})`).join(', ');
  throw new Error(`the stack did not become ready in ${timeoutMs / 1000} s; not answering their health route: ${last}`);
}

// Starts the stack. `log` receives every child's output line, prefixed by its app; `onCrash(name, code)` is called
// when an app exits while the stack runs; `onStop(stop)` receives the stop function at once (a SIGINT during the
// start must end the children too); `readyTimeoutMs`: how long every group may take to answer (a loaded machine needs
// more). stop() ends every child (SIGTERM, then SIGKILL) and the chain. A failed start
// stops what it started before it throws.
async function startLocal({
  replay = false,
  env = process.env,
  readyTimeoutMs = READY_TIMEOUT_MS,
  log = (line) => process.stdout.write(`${line}\n`),
  onCrash = () => {},
  onStop = () => {},
} = {}) {
  const started = Date.now();
  const children = [];
  // each app's process: { name, pid, metricsUrl } (the URL from its start line, when logged at info)
  const processes = [];
  let stopping = false;
  let crashed = null;
  const run = (name, cmd, args, childEnv) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...env, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    eachLine(child, (line) => log(`[${name}] ${line}`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      crashed ??= `[${name}] exited (${signal ?? code})`;
      onCrash(name, signal ?? code);
    });
    children.push(child);
    return child;
  };
  let chain = null;
  const stop = async () => {
    stopping = true;
    const exits = children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((resolve) => (c.once('exit', resolve), c.kill('SIGTERM'))));
    const late = setTimeout(
      () => children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL')),
      STOP_TIMEOUT_MS,
    );
    await Promise.all(exits);
    clearTimeout(late);
    await chain?.close();
  };
  onStop(stop);
  try {
    const natsUrl = env.NATS_URL ?? (await ensureNats(run, log));
    const redis = await localRedis(env, log);
    await ensurePostgres();
    chain = env.SOLANA_RPC_URLS ? null : await startChain(env, log);
    const rpcUrl = env.SOLANA_RPC_URLS ?? chain.url;
    const local = {
      NODE_ENV: 'development',
      // `--replay`: groups answer from the committed fixtures (no internet needed), labelled by recording time.
      ...(replay ? { UPSTREAM_REPLAY_DIRS: fixtureDirs() } : {}),
      NATS_URL: natsUrl,
      PAYMENTS_SOL_USD_FIXED: env.PAYMENTS_SOL_USD_FIXED ?? '150',
      SOLANA_RPC_URLS: rpcUrl,
      // Challenges name the local chain, so nobody pays on devnet by mistake (an external RPC URL is never shown: it
      // may carry a key).
      ...(env.PAYMENTS_PUBLIC_RPC_URL || chain
        ? { PAYMENTS_PUBLIC_RPC_URL: env.PAYMENTS_PUBLIC_RPC_URL ?? chain.url }
        : {}),
      // The Solana groups read the same chain locally.
      FEES_RPC_URLS: rpcUrl,
      TOKENS_RPC_URLS: rpcUrl,
      RPC_UPSTREAM_URLS: rpcUrl,
      // Root paths the registry serves (spec §4.1); the gateway and discovery check manifests against them.
      GATEWAY_PATH_GRANTS: REGISTRY_GRANTS,
      DISCOVERY_PATH_GRANTS: REGISTRY_GRANTS,
      ...redis,
    };
    const gatewayPort = Number(env.PORT ?? 3000);
    const firstHealthPort = Number(env.LOCAL_HEALTH_PORT ?? 8101);
    let healthPort = firstHealthPort;
    const names = apps();
    const databases = env.LOCAL_DATABASE_PREFIX
      ? names
          .filter((a) => existsSync(path.join(root, 'apps', a, 'prisma', 'schema.prisma')))
          .map((a) => [a, `${env.LOCAL_DATABASE_PREFIX}_${a}`])
      : [];
    for (const app of names) {
      const name = databases.find(([a]) => a === app)?.[1];
      const database = name ? { DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/${name}` } : {};
      const own =
        app === 'gateway'
          ? { PORT: String(gatewayPort) }
          : { HEALTH_PORT: String(firstHealthPort ? healthPort++ : 0), ...database };
      const child = run(app, process.execPath, [path.join('apps', app, 'dist', 'main.js')], { ...local, ...own });
      const proc = { name: app, pid: child.pid, metricsUrl: null };
      processes.push(proc);
      eachLine(child, (line) => (proc.metricsUrl ??= metricsUrlOf(line)));
    }
    const url = `http://127.0.0.1:${gatewayPort}`;
    await waitForGateway(
      url,
      names.filter((a) => a !== 'gateway'),
      () => crashed,
      readyTimeoutMs,
    );
    if (chain) {
      const { fundWallets } = require('@toll/local-chain');
      const { recipient, feePayer } = await readPaymentAccounts(url);
      fundWallets(chain.chain, [recipient, feePayer], chain.usdcMint);
    }
    await seedDemoData(url);
    return {
      url,
      chain,
      apps: names,
      processes,
      databases: databases.map(([, name]) => name),
      readyMs: Date.now() - started,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

// Data the operations' advertised examples refer to, created through the free API as a user would: the spending policy
// of spend/check's example agent. A policy kept from an earlier start answers 403 (it needs its secret) and stays.
const DEMO_POLICY = {
  agent_id: 'agent-7f3c',
  per_tx_limit_cents: 5_000,
  daily_limit_cents: 20_000,
  weekly_limit_cents: 50_000,
  monthly_limit_cents: 100_000,
  allowed_categories: [],
  blocked_recipients: [],
  active: true,
};

async function seedDemoData(url) {
  const res = await fetch(`${url}/toll/spend/policy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_POLICY),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok && res.status !== 403)
    throw new Error(`seeding the demo spend policy answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

const fixtureDirs = () =>
  readdirSync(path.join(root, 'apps'))
    .map((a) => path.join(root, 'apps', a, 'test', 'fixtures'))
    .filter((d) => existsSync(d))
    .join(',');

async function ensureNats(run, log) {
  if (await reachable(4222)) return 'nats://127.0.0.1:4222';
  const bin = NATS_BINARIES.find((p) => existsSync(p));
  if (!bin)
    throw new Error(
      'NATS is not running on 127.0.0.1:4222 and nats-server is not installed.\n  Install it: apt-get install -y ' +
        'nats-server\n  or run: docker compose up -d nats',
    );
  const dir = path.join(root, '.local', 'nats');
  mkdirSync(dir, { recursive: true });
  log(`starting ${bin} on 127.0.0.1:4222 (data in .local/nats)`);
  run('nats', bin, ['-a', '127.0.0.1', '-p', '4222', '-js', '-sd', dir]);
  for (let i = 0; i < 50 && !(await reachable(4222)); i++) await new Promise((r) => setTimeout(r, 100));
  return 'nats://127.0.0.1:4222';
}

// The gateway's per-client rate limits live in Redis when there is one (127.0.0.1:6379 unless REDIS_URL says
// otherwise); without it each gateway process keeps its own buckets, which is all one process needs. The key prefix
// is this start's own, so two stacks on one machine (a test beside `npm start`) never share a client's buckets.
async function localRedis(env, log) {
  const prefix = {
    GATEWAY_RATE_LIMIT_KEY_PREFIX:
      env.GATEWAY_RATE_LIMIT_KEY_PREFIX ?? `toll:rl:local-${process.pid}-${Date.now().toString(36)}:`,
  };
  if (env.REDIS_URL) return { REDIS_URL: env.REDIS_URL, ...prefix };
  if (await reachable(6379)) {
    log('rate limits: Redis on 127.0.0.1:6379');
    return { REDIS_URL: 'redis://127.0.0.1:6379', ...prefix };
  }
  log(
    'rate limits: no Redis on 127.0.0.1:6379, so the gateway keeps them in its own process (start redis-server ' +
      'to share them)',
  );
  return prefix;
}

async function ensurePostgres() {
  if (await reachable(5432)) return;
  let hint = 'docker compose up -d postgres';
  try {
    hint =
      `pg_ctlcluster --skip-systemctl-redirect ${execFileSync('ls', ['/etc/postgresql']).toString().trim()} main ` +
      `start`;
  } catch {
    // no Debian cluster here; compose is the way
  }
  throw new Error(
    `PostgreSQL is not reachable on 127.0.0.1:5432; payments keeps its ledger there. Start it with:\n  ${hint}`,
  );
}

// A LiteSVM chain behind JSON-RPC, with a USDC mint at the devnet USDC address, the accounts the examples name, and a
// funded demo wallet saved to TOLL_KEYPAIR (for `npm run toll` and `npm run demo`).
async function startChain(env, log) {
  const { startDemoChain } = require('@toll/local-chain');
  const { SOLANA_NETWORKS } = require('@toll/x402');
  const chain = await startDemoChain({
    port: Number(env.LOCAL_CHAIN_PORT ?? 8899),
    usdcMint: SOLANA_NETWORKS.devnet.usdcMint,
  });
  const file = path.resolve(root, env.TOLL_KEYPAIR ?? path.join('.local', 'demo-wallet.json'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(Array.from(chain.demoWallet.secretKey)));
  log(
    `local Solana chain at ${chain.url}; demo wallet ${chain.demoWallet.address} (10 SOL, 1,000 USDC) saved to ` +
      `${path.relative(root, file)}`,
  );
  return chain;
}

// Where an app serves /metrics, from its start line: a group's healthUrl, the gateway's metricsUrl.
function metricsUrlOf(line) {
  if (!line.includes('"healthUrl"') && !line.includes('"metricsUrl"')) return null;
  try {
    const { healthUrl, metricsUrl } = JSON.parse(line);
    return metricsUrl ?? (healthUrl ? `${healthUrl}/metrics` : null);
  } catch {
    return null; // not one of our JSON lines
  }
}

// Calls onLine with every whole line a child writes on stdout or stderr.
function eachLine(child, onLine) {
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const line of lines) onLine(line);
    });
  }
}

module.exports = { startLocal, eachLine };

if (require.main === module) {
  let stop = null;
  let up = false;
  let exiting = false;
  const exit = async (code) => {
    if (exiting) return;
    exiting = true;
    await stop?.().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => exit(0));
  process.on('SIGTERM', () => exit(0));
  startLocal({
    replay: process.argv.includes('--replay'),
    onStop: (fn) => (stop = fn),
    // Before the stack is up a crash fails the start itself, which stops what it started.
    onCrash: (name, code) => up && (console.error(`[${name}] exited (${code}); stopping the stack`), exit(1)),
  })
    .then((s) => {
      up = true;
      const { url } = s;
      console.log(
        `\nToll is up (ready in ${(s.readyMs / 1000).toFixed(1)} s).\n  gateway  ${url}\n  docs     ` +
          `${url}/docs\n  openapi  ${url}/openapi.json\n  try      curl ${url}/toll/devutils/health\n` +
          `  pay      npm run toll -- call ${url}/toll/devutils/gen/uuid --pay usdc\n`,
      );
    })
    .catch((e) => {
      console.error(e.message);
      exit(1);
    });
}
