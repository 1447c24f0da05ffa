#!/usr/bin/env node
// `npm start`: the whole stack on local defaults. Uses NATS and Postgres on their default ports (starting
// NATS if it is installed but down), runs a local Solana chain with a funded demo wallet unless
// SOLANA_RPC_URLS is set, runs every app in apps/ as its own process, and prints the gateway URL.
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const GATEWAY_PORT = Number(process.env.PORT ?? 3000);
const FIRST_HEALTH_PORT = 8101;
const REGISTRY_GRANTS = 'registry:/api/listings,registry:/registry.json,registry:/api/submit,registry:/api/questionnaire';
const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

const reachable = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
  });

const children = [];
function run(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`${prefix}exited (${signal ?? code}); stopping the stack`);
    shutdown(1);
  });
  children.push(child);
  return child;
}

async function ensureNats() {
  if (await reachable(4222)) return;
  const bin = NATS_BINARIES.find((p) => existsSync(p));
  if (!bin) {
    console.error('NATS is not running on 127.0.0.1:4222 and nats-server is not installed.\n  Install it: apt-get install -y nats-server\n  or run: docker compose up -d nats');
    process.exit(1);
  }
  const dir = path.join(root, '.local', 'nats');
  mkdirSync(dir, { recursive: true });
  console.log(`starting ${bin} on 127.0.0.1:4222 (data in .local/nats)`);
  run('nats', bin, ['-a', '127.0.0.1', '-p', '4222', '-js', '-sd', dir]);
  for (let i = 0; i < 50 && !(await reachable(4222)); i++) await new Promise((r) => setTimeout(r, 100));
}

async function ensurePostgres() {
  if (await reachable(5432)) return;
  let hint = 'docker compose up -d postgres';
  try {
    hint = `pg_ctlcluster --skip-systemctl-redirect ${execFileSync('ls', ['/etc/postgresql']).toString().trim()} main start`;
  } catch {
    // no Debian cluster here; compose is the way
  }
  console.error(`PostgreSQL is not reachable on 127.0.0.1:5432; payments keeps its ledger there. Start it with:\n  ${hint}`);
  process.exit(1);
}

// A LiteSVM chain behind JSON-RPC on 127.0.0.1:8899, with a USDC mint at the devnet USDC address and a
// funded demo wallet saved to .local/demo-wallet.json (for `npm run toll` and `npm run demo`).
async function startChain() {
  const { startDemoChain } = require('@toll/local-chain');
  const { SOLANA_NETWORKS } = require('@toll/x402');
  const chain = await startDemoChain({ port: Number(process.env.LOCAL_CHAIN_PORT ?? 8899), usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const file = path.join(root, '.local', 'demo-wallet.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(Array.from(chain.demoWallet.secretKey)));
  console.log(`local Solana chain at ${chain.url}; demo wallet ${chain.demoWallet.address} (10 SOL, 1,000 USDC) saved to .local/demo-wallet.json`);
  return chain;
}

// Our recipient needs rent-exempt SOL and a USDC account; the fee payer needs SOL for x402 settlements.
async function fundPaymentAccounts(chain, url) {
  const { fundWallets } = require('@toll/local-chain');
  const { terms } = await (await fetch(`${url}/toll/payments/health`)).json();
  fundWallets(chain.chain, [terms.recipient, terms.fee_payer], chain.usdcMint);
}

// Every folder in apps/ whose package.json is tagged type:app is started; nothing is listed by hand.
const apps = () =>
  readdirSync(path.join(root, 'apps')).filter((name) => {
    const pkg = path.join(root, 'apps', name, 'package.json');
    return existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')).nx?.tags ?? []).includes('type:app');
  });

// Up when every group answers its free health route through the gateway.
async function waitForGateway(url, groups) {
  for (let i = 0; i < 300; i++) {
    try {
      const codes = await Promise.all(groups.map(async (g) => (await fetch(`${url}/toll/${g}/health`)).status));
      if (codes.every((c) => c === 200)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the stack did not become ready in 60 s');
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

(async () => {
  await ensureNats();
  await ensurePostgres();
  const chain = process.env.SOLANA_RPC_URLS ? null : await startChain();
  // `npm start -- --replay`: groups answer from the committed fixtures (no internet needed), labelled by recording time.
  const replay = process.argv.includes('--replay')
    ? readdirSync(path.join(root, 'apps')).map((a) => path.join(root, 'apps', a, 'test', 'fixtures')).filter((d) => existsSync(d)).join(',')
    : undefined;
  const local = {
    NODE_ENV: 'development',
    ...(replay ? { UPSTREAM_REPLAY_DIRS: replay } : {}),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    PAYMENTS_SOL_USD_FIXED: process.env.PAYMENTS_SOL_USD_FIXED ?? '150',
    SOLANA_RPC_URLS: process.env.SOLANA_RPC_URLS ?? chain.url,
    // Challenges name the local chain, so nobody pays on devnet by mistake (an external RPC URL is never shown: it may carry a key).
    ...(process.env.PAYMENTS_PUBLIC_RPC_URL || chain ? { PAYMENTS_PUBLIC_RPC_URL: process.env.PAYMENTS_PUBLIC_RPC_URL ?? chain.url } : {}),
    // The Solana groups read the same chain locally.
    FEES_RPC_URLS: process.env.SOLANA_RPC_URLS ?? chain.url,
    TOKENS_RPC_URLS: process.env.SOLANA_RPC_URLS ?? chain.url,
    RPC_UPSTREAM_URLS: process.env.SOLANA_RPC_URLS ?? chain.url,
    // Root paths the registry serves (spec §4.1); the gateway and discovery check manifests against them.
    GATEWAY_PATH_GRANTS: REGISTRY_GRANTS,
    DISCOVERY_PATH_GRANTS: REGISTRY_GRANTS,
  };
  let healthPort = FIRST_HEALTH_PORT;
  const names = apps();
  for (const app of names) {
    const env = app === 'gateway' ? { ...local, PORT: String(GATEWAY_PORT) } : { ...local, HEALTH_PORT: String(healthPort++) };
    run(app, process.execPath, [path.join('apps', app, 'dist', 'main.js')], env);
  }
  const url = `http://127.0.0.1:${GATEWAY_PORT}`;
  await waitForGateway(url, names.filter((a) => a !== 'gateway'));
  if (chain) await fundPaymentAccounts(chain, url);
  console.log(
    `\nToll is up.\n  gateway  ${url}\n  docs     ${url}/docs\n  openapi  ${url}/openapi.json\n  try      curl ${url}/toll/devutils/health\n` +
      `  pay      npm run toll -- call ${url}/toll/devutils/gen/uuid --pay usdc\n`,
  );
})().catch((e) => {
  console.error(e.message);
  shutdown(1);
});
