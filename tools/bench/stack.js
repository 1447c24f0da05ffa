// Starts a private nats-server and built apps as child processes, for benchmarks.
const { fork, spawn } = require('node:child_process');
const { existsSync, mkdtempSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { fundWallets } = require('@toll/local-chain');
const { nodeArgs, nodeEnv } = require('./profile');

const root = path.resolve(__dirname, '..', '..');
const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const waitFor = async (probe, ms = 30_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting for the stack');
};

// Benchmarks drive far more calls from one address than a client may send: the per-client limits are lifted unless a
// bench measures them (limited: true, the gateway's defaults).
const UNLIMITED = Object.fromEntries(
  ['CATALOG', 'DISCOVERY', 'CHALLENGE', 'MCP', 'FREE_OP', 'PAID'].map((c) => [
    `GATEWAY_RATE_LIMIT_${c}`,
    'rate=1000000,burst=1000000',
  ]),
);

async function startStack({ apps, gatewayReplicas = 1, env = {}, limited = false }) {
  const procs = [];
  const natsPort = await freePort();
  const bin = NATS_BINARIES.find((p) => existsSync(p)) ?? 'nats-server';
  procs.push(
    spawn(bin, ['-a', '127.0.0.1', '-p', String(natsPort), '-sd', mkdtempSync(path.join(os.tmpdir(), 'bench-nats-'))], {
      stdio: 'ignore',
    }),
  );
  const base = {
    ...process.env,
    ...(limited ? {} : UNLIMITED),
    LOG_LEVEL: 'warn',
    NATS_GRACE_PERIOD_MS: '100',
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
    PAYMENTS_SOL_USD_FIXED: '150',
    ...env,
  };
  await waitFor(
    () =>
      new Promise((res) =>
        net
          .connect(natsPort, '127.0.0.1')
          .on('connect', function () {
            this.destroy();
            res(true);
          })
          .on('error', () => res(false)),
      ),
  );
  const processes = [{ label: 'nats-server', pid: procs[0].pid }];
  const node = (app, env) => {
    const child = spawn(process.execPath, [...nodeArgs(), path.join(root, 'apps', app, 'dist', 'main.js')], {
      env: { ...env, ...nodeEnv(app) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.push(child);
    processes.push({ label: app, pid: child.pid, node: true });
  };
  for (const app of apps) node(app, { ...base, HEALTH_PORT: '0' });
  const gateways = [];
  for (let i = 0; i < gatewayReplicas; i++) {
    const port = await freePort();
    node('gateway', { ...base, PORT: String(port) });
    gateways.push(`http://127.0.0.1:${port}`);
  }
  // Apps first (they drain over NATS), the NATS server last.
  const stop = async () => {
    const [nats, ...apps] = procs;
    await Promise.all(
      apps.map(
        (p) =>
          new Promise((resolve) => (p.exitCode !== null ? resolve() : (p.once('exit', resolve), p.kill('SIGTERM')))),
      ),
    );
    nats.kill('SIGTERM');
  };
  // processes: what a BENCH_CPU_PROF window measures (see profile.js).
  return { gateways, natsUrl: base.NATS_URL, processes, stop, waitFor };
}

// The demo chain (a USDC mint, a demo wallet with SOL and 1,000 USDC) in a child process: its CPU is measured apart
// from the load generator's. fund(addresses) gives each SOL and an empty USDC account.
function startChain() {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'chain-host.js'), {
      execArgv: nodeArgs(),
      env: { ...process.env, ...nodeEnv('chain') },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('message', ({ url, usdcMint, demoWallet }) =>
      resolve({
        url,
        usdcMint,
        demoWallet: { address: demoWallet.address, secretKey: Uint8Array.from(demoWallet.secretKey) },
        process: { label: 'chain', pid: child.pid, node: true },
        fund: (addresses) => new Promise((done) => (child.once('message', done), child.send({ fund: addresses }))),
        close: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))),
      }),
    );
  });
}

// Waits until the gateway serves the group's health and payments', then opens SOL and USDC accounts on the
// in-process demo chain (startDemoChain) for payments' recipient and fee payer, as a paid call needs.
async function readyToPay(gw, group, chain) {
  await waitFor(
    async () => (await fetch(`${gw}/toll/${group}/health`)).ok && (await fetch(`${gw}/toll/payments/health`)).ok,
  );
  const { terms } = await (await fetch(`${gw}/toll/payments/health`)).json();
  fundWallets(chain.chain, [terms.recipient, terms.fee_payer], chain.usdcMint);
}

function startHelloExpress() {
  return new Promise((resolve) => {
    const child = fork(path.join(__dirname, 'hello-express.js'), { stdio: 'ignore' });
    child.once('message', ({ port }) =>
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }),
    );
  });
}

module.exports = { startStack, startChain, startHelloExpress, readyToPay, waitFor };
