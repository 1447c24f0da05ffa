// Stack control for `npm run chaos`: a private nats-server (or a cluster of three joined by routes) whose nodes can be
// stopped and started again on the same ports, and named replicas of the built apps that can be SIGKILLed and started
// again with the same ports and env.
const { spawn } = require('node:child_process');
const { closeSync, existsSync, openSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

// How long a process may take to become ready: minutes, not seconds, on a shared and loaded machine.
const READY_TIMEOUT_MS = Number(process.env.CHAOS_READY_TIMEOUT_S ?? 180) * 1000;

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(what, probe, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const httpOk = async (url) => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
const tcpOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => (socket.destroy(), resolve(true))).on('error', () => resolve(false));
  });

// One child process that can be stopped and started again identically; its output is appended to
// <logDir>/<name>.log. An exit nobody asked for goes to onCrash: a crash is a finding, not noise.
class Proc {
  constructor({ name, command, args, env, logDir, ready, onCrash }) {
    Object.assign(this, { name, command, args, env, logDir, ready, onCrash });
  }

  async start() {
    const log = openSync(path.join(this.logDir, `${this.name}.log`), 'a');
    const child = spawn(this.command, this.args, { env: this.env, stdio: ['ignore', log, log] });
    closeSync(log); // the child holds its own copy
    child.once('exit', (code, signal) => child.expected || this.onCrash(this, signal ?? `exit code ${code}`));
    this.child = child;
    await this.waitReady();
  }

  waitReady() {
    return waitFor(`${this.name} to be ready`, this.ready, READY_TIMEOUT_MS);
  }

  // Resolves once the process is gone: false when it ignored the signal for graceMs and had to be SIGKILLed.
  stop(signal = 'SIGTERM', graceMs = 15_000) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
    child.expected = true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', (_, how) => {
        clearTimeout(timer);
        resolve(how === signal || how === null);
      });
      child.kill(signal);
    });
  }
}

// One nats-server per node on loopback, each with a monitoring port (/connz: who is connected where). More than one
// node: a cluster, every node routing to the others (no JetStream: no app uses it). One node: JetStream on, as before.
async function startNats({ runDir, logDir, nodes, onCrash }) {
  const natsBin = NATS_BINARIES.find((p) => existsSync(p)) ?? 'nats-server';
  const ports = [];
  for (let i = 0; i < nodes; i++)
    ports.push({ client: await freePort(), cluster: await freePort(), monitor: await freePort() });
  const procs = ports.map((p, i) => {
    const cluster =
      nodes > 1
        ? [
            '--name',
            `nats-${i + 1}`,
            '--cluster_name',
            'chaos',
            '--cluster',
            `nats://127.0.0.1:${p.cluster}`,
            '--routes',
            ports
              .filter((_, j) => j !== i)
              .map((o) => `nats://127.0.0.1:${o.cluster}`)
              .join(','),
          ]
        : ['-js', '-sd', path.join(runDir, 'nats')];
    const proc = new Proc({
      name: nodes > 1 ? `nats-${i + 1}` : 'nats',
      command: natsBin,
      args: ['-a', '127.0.0.1', '-p', String(p.client), '-m', String(p.monitor), ...cluster],
      env: process.env,
      logDir,
      ready: () => tcpOpen(p.client),
      onCrash,
    });
    return Object.assign(proc, { ports: p, url: `nats://127.0.0.1:${p.client}` });
  });
  await Promise.all(procs.map((p) => p.start()));
  // Every route up before any app connects, so a client that lands on any node reaches every subscriber.
  if (nodes > 1)
    await waitFor('the NATS cluster routes', async () =>
      (await Promise.all(procs.map(routes))).every((n) => n >= nodes - 1),
    );
  return procs;
}

// A node's client connections by name (the apps name theirs: gateway, <group>-server, <group>-catalog), with the time
// each connected.
async function connections(node) {
  const res = await fetch(`http://127.0.0.1:${node.ports.monitor}/connz?limit=4096`, {
    signal: AbortSignal.timeout(10_000),
  });
  return (await res.json()).connections ?? [];
}
const routes = async (node) =>
  (await (await fetch(`http://127.0.0.1:${node.ports.monitor}/routez`, { signal: AbortSignal.timeout(10_000) })).json())
    .num_routes;

// replicas: { gateway: 2, payments: 2, ... }; env: per-app extra environment. Groups get a fixed HEALTH_PORT
// (ready = /readyz answers); a gateway is ready once it routes every group's health route over NATS. natsNodes: 1, or
// 3 for a cluster, every app given every node's URL.
async function startStack({ runDir, logDir, replicas, env, onCrash, natsNodes = 1 }) {
  const natsProcs = await startNats({ runDir, logDir, nodes: natsNodes, onCrash });
  const base = {
    ...process.env,
    LOG_LEVEL: 'warn',
    NATS_URL: natsProcs.map((n) => n.url).join(','),
    NATS_GRACE_PERIOD_MS: '500',
  };
  const groups = Object.keys(replicas).filter((app) => app !== 'gateway');
  const procs = {};
  const gateways = [];
  const gatewayProcs = [];
  const groupProcs = [];
  for (const [app, n] of Object.entries(replicas)) {
    for (let i = 1; i <= n; i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const proc = new Proc({
        name: `${app}-${i}`,
        command: process.execPath,
        args: [path.join(root, 'apps', app, 'dist', 'main.js')],
        env: { ...base, ...env[app], [app === 'gateway' ? 'PORT' : 'HEALTH_PORT']: String(port) },
        logDir,
        ready:
          app === 'gateway'
            ? async () => (await Promise.all(groups.map((g) => httpOk(`${url}/toll/${g}/health`)))).every(Boolean)
            : () => httpOk(`${url}/readyz`),
        onCrash,
      });
      procs[proc.name] = proc;
      if (app === 'gateway') gateways.push(url);
      (app === 'gateway' ? gatewayProcs : groupProcs).push(proc);
    }
  }
  const stopAll = async (list) => (await Promise.all(list.map(async (p) => ((await p.stop()) ? [] : [p.name])))).flat();
  try {
    await Promise.all(groupProcs.map((p) => p.start()));
    await Promise.all(gatewayProcs.map((p) => p.start()));
  } catch (e) {
    // A start that failed half-way must not leave the other replicas and NATS running.
    await stopAll([...gatewayProcs, ...groupProcs, ...natsProcs]);
    throw e;
  }
  return {
    nats: natsProcs[0],
    natsNodes: natsProcs,
    procs,
    gateways,
    // Every gateway routes every group again (after NATS came back, say).
    routing: () => Promise.all(gatewayProcs.map((p) => p.waitReady())),
    // Gateways first (no new work), then the groups (they drain over NATS), NATS last. Returns the names of
    // processes that ignored SIGTERM and had to be killed.
    stop: async () => [...(await stopAll(gatewayProcs)), ...(await stopAll(groupProcs)), ...(await stopAll(natsProcs))],
  };
}

module.exports = { startStack, connections, freePort, sleep, waitFor };
