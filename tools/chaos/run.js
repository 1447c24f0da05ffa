#!/usr/bin/env node
// `npm run chaos`: scripted faults during a steady paid load, then every paid request reconciled against the
// payments ledger and against what the client saw. Exits 1 if a payment was lost or charged twice.
// Everything is private to the run (NATS, a Postgres cluster in a temp dir, the local chain, the fake
// upstream), so killing and restarting them disturbs nothing else on the machine.
const { chmodSync, mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { startFakeUpstream, loadFixtures } = require('@toll/testing');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { faultPlan, runFaults } = require('./faults');
const { runLoad } = require('./load');
const { createPostgres } = require('./postgres');
const { startLossyProxy } = require('./proxy');
const { reconcile } = require('./reconcile');
const { writeReport } = require('./report');
const { freePort, sleep, startStack } = require('./stack');

const DURATION_S = Number(process.env.CHAOS_DURATION_S ?? 180);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 8);
// Short, so holds abandoned by a killed gateway come back within the run and the same proof can be retried.
const HOLD_TTL_S = 10;
const REPLICAS = { payments: 2, devutils: 2, weather: 1, gateway: 2 };

const log = (msg) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// The recorded current-berlin answer for any point (lat/lon dropped from its match, since the load varies the
// point to miss the weather cache); the hang variant answers only after every caller has given up.
function weatherFixtures() {
  const [berlin] = loadFixtures(path.join(__dirname, '../../apps/weather/test/fixtures/open-meteo')).filter((f) => f.case === 'current-berlin');
  const query = Object.fromEntries(Object.entries(berlin.request.query).filter(([k]) => k !== 'latitude' && k !== 'longitude'));
  const ok = { ...berlin, request: { ...berlin.request, query } };
  return { ok, hang: { ...ok, response: { ...ok.response, delayMs: 120_000 } } };
}

async function main(cleanups) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'toll-chaos-'));
  chmodSync(runDir, 0o755); // the postgres OS user writes its log here
  const logDir = path.join(runDir, 'logs');
  mkdirSync(logDir);
  cleanups.push(async () => rmSync(path.join(runDir, 'nats'), { recursive: true, force: true }));

  const postgres = await createPostgres({ dir: path.join(runDir, 'pgdata'), port: await freePort(), logFile: path.join(logDir, 'postgres.log') });
  cleanups.push(() => postgres.destroy());
  await postgres.start();
  const fixtures = weatherFixtures();
  const upstream = await startFakeUpstream([fixtures.ok]);
  cleanups.push(() => upstream.stop());
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  cleanups.push(() => chain.close());

  const timeline = [];
  // A replica that dies on its own is a finding: it goes on the timeline, and is restarted as Kubernetes would.
  const onCrash = (proc, how) => {
    const entry = { name: `UNPLANNED: ${proc.name} exited (${how}); restarted`, startAt: Date.now() };
    timeline.push(entry);
    log(entry.name);
    proc.start().then(() => (entry.healedAt = Date.now()), (e) => log(`restart of ${proc.name} failed: ${e.message}`));
  };
  const stack = await startStack({
    runDir,
    logDir,
    replicas: REPLICAS,
    onCrash,
    env: {
      payments: { SOLANA_RPC_URLS: chain.url, PAYMENTS_SOL_USD_FIXED: '150', DATABASE_URL: postgres.url, PAYMENTS_HOLD_TTL_SECONDS: String(HOLD_TTL_S) },
      // No MET Norway fallback and NWS on the fake (nothing reaches the internet, background probes included); a high
      // rate so the governor never limits the load; probes every 5 s, so they run during the faults.
      // The load is one client (this process): per-client limits would refuse it before any fault does.
      gateway: Object.fromEntries(['CATALOG', 'DISCOVERY', 'CHALLENGE', 'MCP', 'FREE_OP', 'PAID'].map((c) => [`GATEWAY_RATE_LIMIT_${c}`, 'rate=1000000,burst=1000000'])),
      weather: { WEATHER_OPENMETEO_BASE_URL: upstream.url, WEATHER_NWS_BASE_URL: upstream.url, WEATHER_METNO_ENABLED: 'false', WEATHER_OPENMETEO_RATE_PER_SECOND: '200', SOURCE_PROBE_INTERVAL_MS: '5000' },
    },
  });
  cleanups.push(() => stack.stop());
  const { terms } = await (await fetch(`${stack.gateways[0]}/toll/payments/health`)).json();
  fundWallets(chain.chain, [terms.recipient, terms.fee_payer], chain.usdcMint);
  // The clients reach the gateways through proxies that can lose answers in flight.
  const proxies = await Promise.all(stack.gateways.map(startLossyProxy));
  cleanups.push(() => Promise.all(proxies.map((p) => p.close())));
  const gateways = proxies.map((p) => p.url);
  log(`stack up (${Object.keys(stack.procs).join(', ')}, nats, postgres :${postgres.port}); logs in ${logDir}`);

  const t0 = Date.now();
  log(`load: ${WORKERS} workers for ${DURATION_S} s`);
  const plan = faultPlan({ durationS: DURATION_S, stack, postgres, upstream, weatherFixtures: fixtures, proxies });
  const [load] = await Promise.all([runLoad({ gateways, chain, workers: WORKERS, t0, until: t0 + DURATION_S * 1000 }), runFaults(plan, t0, timeline, log)]);
  log(`load stopped: ${load.proofs.length} paid requests`);

  // Every hold the load left behind must be past its TTL before the ledger is judged.
  const lastAttempt = Math.max(0, ...load.proofs.flatMap((p) => p.attempts.map((a) => a.at + a.ms)));
  await sleep(t0 + lastAttempt + (HOLD_TTL_S + 1) * 1000 - Date.now());
  log('reconciling');
  const result = await reconcile({ proofs: load.proofs, dbUrl: postgres.url, gateways, t0, workers: WORKERS });
  result.counts.answersCut = proxies.reduce((n, p) => n + p.cut, 0);
  // Stopped here, not only in the cleanup, so a replica that hangs on SIGTERM makes it into the report.
  const stoppedAt = Date.now();
  for (const name of await stack.stop()) timeline.push({ name: `UNPLANNED: ${name} ignored SIGTERM at the end of the run; SIGKILLed after 15 s`, startAt: stoppedAt, healedAt: Date.now() });
  const setup = `Setup: ${Object.entries(REPLICAS).map(([app, n]) => `${n} × ${app}`).join(', ')}, a private nats-server (JetStream on), a private
PostgreSQL cluster, the local Solana chain and a fake Open-Meteo upstream in-process. Load: ${WORKERS} concurrent workers for
${DURATION_S} s, 3 of 4 calls \`GET /toll/devutils/gen/uuid\`, 1 of 4 \`GET /toll/weather/current\` at a random point (a cache miss,
so it reaches the upstream); each call gets a 402 from a random gateway, pays it on chain (USDC memo flow) and redeems it on a
random gateway, through a TCP proxy per gateway that can drop answers. A proof not served is retried unchanged after 3, 6, then every 12 s until the load stops
(\`PAYMENTS_HOLD_TTL_SECONDS=${HOLD_TTL_S}\`). Afterwards: proofs still unserved are checked in the ledger and redeemed once more;
every served proof is replayed once with the same request (must be redelivered: the same body, nothing charged), and every served
weather proof once more at other coordinates (must be refused).`;
  const report = writeReport({ command: `CHAOS_DURATION_S=${DURATION_S} CHAOS_WORKERS=${WORKERS} npm run chaos`, setup, t0, timeline, load, result, logDir });
  console.log(`\n${report.text}`);
  for (const f of result.failures.slice(0, 20)) console.log(`${f.verdict}: ${f.path} ${f.signature} ledger=${JSON.stringify(f.ledger)} attempts=${JSON.stringify(f.attempts)}`);
  return report.pass;
}

(async () => {
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length) await cleanups.pop()().catch((e) => console.error(`cleanup: ${e.message}`));
  };
  // Ctrl-C must not leave a Postgres cluster or app processes behind.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanup().finally(() => process.exit(130)));
  let pass = false;
  try {
    pass = await main(cleanups);
  } catch (e) {
    console.error(e);
  } finally {
    await cleanup();
  }
  process.exit(pass ? 0 : 1);
})();
