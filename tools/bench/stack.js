// Starts a private nats-server and built apps as child processes, for benchmarks.
const { fork, spawn } = require('node:child_process');
const { existsSync, mkdtempSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
// BENCH_CPU_PROF=<dir>: every app started here writes a V8 CPU profile on exit to <dir>/<app>/ (one file per process).
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

const nodeArgs = (app) => (CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR, app)}`] : []);

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

async function startStack({ apps, gatewayReplicas = 1, env = {} }) {
  const procs = [];
  const natsPort = await freePort();
  const bin = NATS_BINARIES.find((p) => existsSync(p)) ?? 'nats-server';
  procs.push(spawn(bin, ['-a', '127.0.0.1', '-p', String(natsPort), '-sd', mkdtempSync(path.join(os.tmpdir(), 'bench-nats-'))], { stdio: 'ignore' }));
  const base = { ...process.env, LOG_LEVEL: 'warn', NATS_GRACE_PERIOD_MS: '100', NATS_URL: `nats://127.0.0.1:${natsPort}`, PAYMENTS_SOL_USD_FIXED: '150', ...env };
  await waitFor(() => new Promise((res) => net.connect(natsPort, '127.0.0.1').on('connect', function () { this.destroy(); res(true); }).on('error', () => res(false))));
  for (const app of apps) procs.push(spawn(process.execPath, [...nodeArgs(app), path.join(root, 'apps', app, 'dist', 'main.js')], { env: { ...base, HEALTH_PORT: '0' }, stdio: ['ignore', 'ignore', 'inherit'] }));
  const gateways = [];
  for (let i = 0; i < gatewayReplicas; i++) {
    const port = await freePort();
    procs.push(spawn(process.execPath, [...nodeArgs('gateway'), path.join(root, 'apps', 'gateway', 'dist', 'main.js')], { env: { ...base, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] }));
    gateways.push(`http://127.0.0.1:${port}`);
  }
  // Apps first (they drain over NATS), the NATS server last.
  const stop = async () => {
    const [nats, ...apps] = procs;
    await Promise.all(apps.map((p) => new Promise((resolve) => (p.exitCode !== null ? resolve() : (p.once('exit', resolve), p.kill('SIGTERM'))))));
    nats.kill('SIGTERM');
  };
  // Which process is which (nats, then the apps in order, then the gateways), for per-process CPU accounting.
  const processes = procs.map((p, i) => ({ name: i === 0 ? 'nats' : (apps[i - 1] ?? 'gateway'), pid: p.pid }));
  return { gateways, natsUrl: base.NATS_URL, processes, stop, waitFor };
}

function startHelloExpress() {
  return new Promise((resolve) => {
    const child = fork(path.join(__dirname, 'hello-express.js'), { stdio: 'ignore' });
    child.once('message', ({ port }) => resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }));
  });
}

module.exports = { startStack, startHelloExpress, waitFor };
