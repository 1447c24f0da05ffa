#!/usr/bin/env node
// The first run as the README tells it, checked in CI (.ci/run, after the tests): `npm start` on the local chain, then
// `npm start -- --replay`; each time wait for "Toll is up", pay one call in each of the three ways with the CLI
// (`npm run toll`: USDC memo, SOL memo, x402), check each receipt with payments, and stop the stack. Any failed step
// fails the run; every child process group is ended, whatever happens.
// Its own ports, NATS and databases (PORT, LOCAL_CHAIN_PORT, LOCAL_HEALTH_PORT, LOCAL_DATABASE_PREFIX, NATS_URL), so it
// collides neither with the tests nor with a developer's stack on the defaults.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { eachLine } = require('./start-local');

const root = path.resolve(__dirname, '..');
const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
const READY_TIMEOUT_MS = 300_000; // npm start builds first (incremental after CI's build)
const CALL_TIMEOUT_MS = 120_000;
const CALLS = [
  {
    pay: 'usdc',
    path: '/toll/devutils/hash/sha256',
    args: ['-X', 'POST', '-d', '{"text":"abc"}'],
    operation: 'devutils.hashSha256',
  },
  { pay: 'sol', path: '/toll/devutils/gen/uuid', args: [], operation: 'devutils.genUuid' },
  { pay: 'x402', path: '/toll/devutils/time/now?tz=Europe/Paris', args: [], operation: 'devutils.getTimeNow' },
];

const groups = new Set(); // process groups started here, ended on every way out
const scratch = [];
const prefixes = new Set(); // database name prefixes of the stacks started here, dropped on every way out

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// Each child leads its own process group, so ending it ends npm, node and every app below them.
function start(cmd, args, env, onLine) {
  const child = spawn(cmd, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.add(child.pid);
  child.on('exit', () => groups.delete(child.pid));
  eachLine(child, (line) => onLine?.(line));
  return child;
}

function endGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function stop(child, ms = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  endGroup(child.pid, 'SIGTERM');
  const late = setTimeout(() => endGroup(child.pid, 'SIGKILL'), ms);
  await exited;
  clearTimeout(late);
  endGroup(child.pid, 'SIGKILL'); // anything of the group that outlived its leader
}

function cleanupSync() {
  for (const pid of groups) endGroup(pid, 'SIGKILL');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanupSync);
// Interrupted: end the stacks first (they hold the databases), then drop what they created.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of groups) endGroup(pid, 'SIGKILL');
    Promise.all([...prefixes].map((p) => dropDatabases(p).catch(() => {}))).finally(() => process.exit(1));
  });
}

async function startNats() {
  const bin = NATS_BINARIES.find((p) => existsSync(p)) ?? 'nats-server';
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toll-first-run-nats-'));
  scratch.push(dir);
  const child = start(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], process.env);
  for (let i = 0; i < 100; i++) {
    if (
      await new Promise((r) =>
        net
          .connect(port, '127.0.0.1')
          .on('connect', function () {
            this.destroy();
            r(true);
          })
          .on('error', () => r(false)),
      )
    )
      return { child, url: `nats://127.0.0.1:${port}` };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nats-server did not start');
}

const run = (cmd, args, env) =>
  new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const child = start(cmd, args, env, null);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(
      () => (stop(child, 1000), reject(new Error(`${cmd} ${args.join(' ')} took over ${CALL_TIMEOUT_MS / 1000} s`))),
      CALL_TIMEOUT_MS,
    );
    child.on('exit', (code) => (clearTimeout(timer), resolve({ code, out, err })));
  });

async function dropDatabases(prefix) {
  const admin = new Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}\\_%`]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.end();
}

async function firstRun(mode) {
  const label = `first-run ${mode}`;
  const nats = await startNats();
  const prefix = `toll_first_run_${randomBytes(4).toString('hex')}`;
  prefixes.add(prefix);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toll-first-run-'));
  scratch.push(dir);
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    LOCAL_CHAIN_PORT: String(await freePort()),
    LOCAL_HEALTH_PORT: '0',
    LOCAL_DATABASE_PREFIX: prefix,
    NATS_URL: nats.url,
    TOLL_KEYPAIR: path.join(dir, 'demo-wallet.json'),
    LOG_LEVEL: 'warn',
  };
  const log = [];
  let chainUrl = null;
  let ready = null;
  const began = Date.now();
  const stack = start('npm', ['start', ...(mode === 'replay' ? ['--', '--replay'] : [])], env, (line) => {
    log.push(line);
    chainUrl ??= /local Solana chain at (http:\/\/\S+);/.exec(line)?.[1] ?? null;
    if (/^Toll is up/.test(line)) ready = line;
  });
  try {
    while (!ready) {
      if (stack.exitCode !== null)
        throw new Error(`npm start exited (${stack.exitCode}) before it was up:\n${log.slice(-30).join('\n')}`);
      if (Date.now() - began > READY_TIMEOUT_MS)
        throw new Error(`npm start was not up within ${READY_TIMEOUT_MS / 1000} s:\n${log.slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(
      `${label}: ready in ${((Date.now() - began) / 1000).toFixed(1)} s from \`npm ` +
        `start${mode === 'replay' ? ' -- --replay' : ''}\` (build included); ${ready.replace(/\.$/, '')}`,
    );
    if (!chainUrl) throw new Error('npm start did not name its local chain');
    const gateway = `http://127.0.0.1:${port}`;
    for (const call of CALLS) {
      const url = `${gateway}${call.path}`;
      const res = await run(
        'npm',
        [
          'run',
          '--silent',
          'toll',
          '--',
          'call',
          url,
          '--pay',
          call.pay,
          '--keypair',
          env.TOLL_KEYPAIR,
          '--rpc',
          chainUrl,
          '--yes',
          ...call.args,
        ],
        env,
      );
      let answer;
      try {
        answer = JSON.parse(res.out);
      } catch {
        throw new Error(`npm run toll (${call.pay}) printed no JSON (exit ${res.code}):\n${res.out}\n${res.err}`);
      }
      if (res.code !== 0 || answer.status !== 200 || !answer.receipt)
        throw new Error(
          `npm run toll (${call.pay}) ${call.path}: status ${answer.status}, exit ${res.code}: ` +
            `${JSON.stringify(answer.body).slice(0, 400)}`,
        );
      const check = await (
        await fetch(`${gateway}/toll/payments/receipt?receipt=${encodeURIComponent(answer.receipt)}`, {
          signal: AbortSignal.timeout(10_000),
        })
      ).json();
      if (!check.valid || check.claims?.operation_id !== call.operation)
        throw new Error(
          `receipt of the ${call.pay} call is not valid for ${call.operation}: ${JSON.stringify(check).slice(0, 400)}`,
        );
      const c = check.claims;
      console.log(
        `${label}: ${call.pay.padEnd(4)} ${call.path} → 200, receipt ${c.receipt_id} valid: ${c.operation_id} ` +
          `${c.price.usd} USD paid ${c.amount_atomic} ` +
          `${c.asset === 'SOL' ? 'lamports' : `${c.asset} atomic units`}, transaction ${c.transaction}`,
      );
    }
  } finally {
    await stop(stack);
    await stop(nats.child);
    await dropDatabases(prefix);
    prefixes.delete(prefix);
  }
  console.log(`${label}: stopped`);
}

(async () => {
  await firstRun('local');
  await firstRun('replay');
})().catch((e) => {
  console.error(`first-run check failed: ${e.message}`);
  process.exit(1);
});
