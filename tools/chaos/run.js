#!/usr/bin/env node
// `npm run chaos [-- --mode single|cluster|failover]` (or CHAOS_MODE): scripted faults during a steady paid load (per
// call, from a prepaid balance, on prepaid blocks), then every paid request reconciled against the payments ledger,
// the owner's balance read and what the client saw. Exits 1 if a payment was lost or charged twice, or a call served
// without a charge. Modes (tools/chaos/faults.js): single = one nats-server and one Postgres, seven faults;
// cluster = three nats-servers joined by routes, the gateways' node killed, then another; failover = a primary and a
// synchronous standby behind a TCP proxy, the primary killed and the standby promoted.
// Everything is private to the run (NATS, Postgres clusters in a temp dir, the local chain, the fake upstream), so
// killing and restarting them disturbs nothing else on the machine.
const { chmodSync, mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { startFakeUpstream, loadFixtures } = require('@toll/testing');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { faultPlan, runFaults } = require('./faults');
const { prepareAccounts, runLoad } = require('./load');
const { createPostgres, createReplicatedPostgres } = require('./postgres');
const { startLossyProxy, startSwitchProxy } = require('./proxy');
const { reconcile, reconcileBalance, reconcileBlocks } = require('./reconcile');
const { writeReport } = require('./report');
const { freePort, sleep, startStack } = require('./stack');

const MODES = ['single', 'cluster', 'failover'];
const modeArg = process.argv.indexOf('--mode');
const MODE = modeArg >= 0 ? process.argv[modeArg + 1] : (process.env.CHAOS_MODE ?? 'single');
const DURATION_S = Number(process.env.CHAOS_DURATION_S ?? 180);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 8);
// Prepaid before the load: wallets with 10 USD each (1,900 calls), RPC blocks of 1,000 calls.
const WALLETS = Number(process.env.CHAOS_WALLETS ?? 4);
const BLOCKS = Number(process.env.CHAOS_BLOCKS ?? 4);
// Short, so holds abandoned by a killed gateway come back within the run and the same proof can be retried.
const HOLD_TTL_S = 10;
const REPLICAS = { payments: 2, devutils: 2, weather: 1, rpc: 1, gateway: 2 };

const log = (msg) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// The recorded current-berlin answer for any point (lat/lon dropped from its match, since the load varies the
// point to miss the weather cache); the hang variant answers only after every caller has given up.
function weatherFixtures() {
  const [berlin] = loadFixtures(path.join(__dirname, '../../apps/weather/test/fixtures/open-meteo')).filter(
    (f) => f.case === 'current-berlin',
  );
  const query = Object.fromEntries(
    Object.entries(berlin.request.query).filter(([k]) => k !== 'latitude' && k !== 'longitude'),
  );
  const ok = { ...berlin, request: { ...berlin.request, query } };
  // Down: every request answered 503, the provider's root too, so the background probes see it down as well.
  const down = [ok, { ...ok, case: 'down-root', request: { method: 'GET', path: '/', query: {} } }].map((f) => ({
    ...f,
    response: { status: 503, headers: {}, body: 'down' },
  }));
  return { ok, hang: { ...ok, response: { ...ok.response, delayMs: 120_000 } }, down };
}

async function main(cleanups) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'toll-chaos-'));
  chmodSync(runDir, 0o755); // the postgres OS user writes its log here
  const logDir = path.join(runDir, 'logs');
  mkdirSync(logDir);
  cleanups.push(async () => rmSync(path.join(runDir, 'nats'), { recursive: true, force: true }));

  let postgres;
  let dbProxy;
  let dbUrl;
  if (MODE === 'failover') {
    postgres = await createReplicatedPostgres({
      dir: path.join(runDir, 'pgdata'),
      ports: [await freePort(), await freePort()],
      logDir,
    });
    cleanups.push(() => postgres.destroy());
    // The apps reach the database through a proxy, as through a Kubernetes Service whose endpoint moves on failover.
    dbProxy = await startSwitchProxy(postgres.primary.port);
    cleanups.push(() => dbProxy.close());
    dbUrl = `postgresql://postgres@127.0.0.1:${dbProxy.port}/toll_payments`;
  } else {
    postgres = await createPostgres({
      dir: path.join(runDir, 'pgdata'),
      port: await freePort(),
      logFile: path.join(logDir, 'postgres.log'),
    });
    cleanups.push(() => postgres.destroy());
    await postgres.start();
    dbUrl = postgres.url;
  }
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
    proc.start().then(
      () => (entry.healedAt = Date.now()),
      (e) => log(`restart of ${proc.name} failed: ${e.message}`),
    );
  };
  const stack = await startStack({
    runDir,
    logDir,
    replicas: REPLICAS,
    natsNodes: MODE === 'cluster' ? 3 : 1,
    onCrash,
    env: {
      payments: {
        SOLANA_RPC_URLS: chain.url,
        PAYMENTS_SOL_USD_FIXED: '150',
        DATABASE_URL: dbUrl,
        PAYMENTS_HOLD_TTL_SECONDS: String(HOLD_TTL_S),
      },
      // No MET Norway fallback and NWS on the fake (nothing reaches the internet, background probes included); a high
      // rate so the governor never limits the load; probes every 5 s, so they run during the faults.
      rpc: { RPC_UPSTREAM_URLS: chain.url },
      // The load is one client (this process): per-client limits would refuse it before any fault does.
      gateway: Object.fromEntries(
        ['CATALOG', 'DISCOVERY', 'CHALLENGE', 'MCP', 'FREE_OP', 'PAID'].map((c) => [
          `GATEWAY_RATE_LIMIT_${c}`,
          'rate=1000000,burst=1000000',
        ]),
      ),
      weather: {
        WEATHER_OPENMETEO_BASE_URL: upstream.url,
        WEATHER_NWS_BASE_URL: upstream.url,
        WEATHER_METNO_ENABLED: 'false',
        WEATHER_OPENMETEO_RATE_PER_SECOND: '200',
        SOURCE_PROBE_INTERVAL_MS: '5000',
      },
    },
  });
  cleanups.push(() => stack.stop());
  const { terms } = await (await fetch(`${stack.gateways[0]}/toll/payments/health`)).json();
  const receiptKey = terms.receipt_public_key;
  fundWallets(chain.chain, [terms.recipient, terms.fee_payer], chain.usdcMint);
  // The clients reach the gateways through proxies that can lose answers in flight.
  const proxies = await Promise.all(stack.gateways.map(startLossyProxy));
  cleanups.push(() => Promise.all(proxies.map((p) => p.close())));
  const gateways = proxies.map((p) => p.url);
  log(
    `stack up in mode ${MODE} (${Object.keys(stack.procs).join(', ')}, ` +
      `${stack.natsNodes.map((n) => n.name).join(', ')}, postgres ${dbUrl}); logs in ${logDir}`,
  );
  const accounts = await prepareAccounts({ gateways, chain, wallets: WALLETS, blocks: BLOCKS });
  log(`${WALLETS} wallets deposited, ${BLOCKS} blocks bought`);

  const t0 = Date.now();
  log(`load: ${WORKERS} workers for ${DURATION_S} s`);
  const plan = faultPlan({
    mode: MODE,
    durationS: DURATION_S,
    stack,
    postgres,
    upstream,
    weatherFixtures: fixtures,
    proxies,
    dbProxy,
    gateways,
  });
  // On a loaded machine a restart can take a minute and the schedule slips: the load then runs on until every fault
  // has healed plus a fault-free tail (a sixth of the run), so no fault happens after the load and retries can land.
  let until = t0 + DURATION_S * 1000;
  const faultsDone = runFaults(plan, t0, timeline, log).then(
    () => (until = Math.max(until, Date.now() + Math.max(20_000, (DURATION_S * 1000) / 6))),
  );
  const [load] = await Promise.all([
    runLoad({ gateways, chain, accounts, workers: WORKERS, t0, until: () => until }),
    faultsDone,
  ]);
  const loadS = Math.round((until - t0) / 1000);
  const jobs = [...load.proofs, ...load.balanceCalls, ...load.blockCalls];
  log(
    `load stopped: ${load.proofs.length} paid per call, ${load.balanceCalls.length} from a balance, ` +
      `${load.blockCalls.length} on blocks`,
  );

  // Every hold the load left behind must be past its TTL before the ledger is judged.
  const lastAttempt = Math.max(0, ...jobs.flatMap((p) => p.attempts.map((a) => a.at + a.ms)));
  await sleep(t0 + lastAttempt + (HOLD_TTL_S + 1) * 1000 - Date.now());
  log('reconciling');
  const otherPayments = [...accounts.depositSignatures, ...accounts.blocks.map((b) => b.signature)];
  const result = await reconcile({ proofs: load.proofs, dbUrl, gateways, t0, workers: WORKERS, otherPayments });
  result.counts.answersCut = proxies.reduce((n, p) => n + p.cut, 0);
  result.balance = await reconcileBalance({
    calls: load.balanceCalls,
    wallets: accounts.wallets,
    gateways,
    t0,
    workers: WORKERS,
    receiptKey,
  });
  result.blocks = await reconcileBlocks({
    calls: load.blockCalls,
    blocks: accounts.blocks,
    dbUrl,
    gateways,
    t0,
    workers: WORKERS,
  });
  // Stopped here, not only in the cleanup, so a replica that hangs on SIGTERM makes it into the report.
  const stoppedAt = Date.now();
  for (const name of await stack.stop())
    timeline.push({
      name: `UNPLANNED: ${name} ignored SIGTERM at the end of the run; SIGKILLed after 15 s`,
      startAt: stoppedAt,
      healedAt: Date.now(),
    });
  const nats = {
    single: 'a private nats-server (JetStream on)',
    cluster:
      'a private NATS cluster of three nats-servers on loopback joined by routes (every app given all three URLs ' +
      'in `NATS_URL`)',
    failover: 'a private nats-server (JetStream on)',
  }[MODE];
  const pg =
    MODE === 'failover'
      ? 'a private PostgreSQL primary and a streaming standby copied from it with pg_basebackup, synchronous ' +
        "(`synchronous_standby_names = '*'` on the primary: a commit returns once the standby has it), the apps " +
        'connected through a TCP proxy standing in for the Service'
      : 'a private PostgreSQL cluster';
  const setup = `Setup: ${Object.entries(REPLICAS)
    .map(([app, n]) => `${n} × ${app}`)
    .join(', ')}, ${nats}, ${pg}, the local Solana chain
(also the rpc group's upstream) and a fake Open-Meteo upstream in-process. Before the load: ${WALLETS} wallets deposit 10 USD each
(\`POST /toll/payments/balance/deposit-10\`, paid in SOL), ${BLOCKS} RPC blocks of 1,000 calls are bought. Load: ${WORKERS} concurrent workers for
${DURATION_S} s${loadS > DURATION_S ? ` (ran ${loadS} s: the faults ran late on the loaded machine, and the load goes on until they have healed plus a fault-free tail)` : ''}; of every six new calls, three are paid per call (2 × \`GET /toll/devutils/gen/uuid\`, 1 × \`GET /toll/weather/current\` at a
random point, a cache miss that reaches the upstream: a 402 from a random gateway, paid on chain with the USDC memo flow,
redeemed on a random gateway), two are \`GET /toll/devutils/gen/uuid\` paid from a balance (signed headers, a fresh nonce
each try, one \`Idempotency-Key\` per call) and one is \`POST /toll/rpc/\` \`getSlot\` on a block (its proof, one
\`Idempotency-Key\` per call). Every call goes through a TCP proxy per gateway that can drop answers. A call not served is retried unchanged (a balance call re-signed) after 3, 6, then every 12 s until the load stops
(\`PAYMENTS_HOLD_TTL_SECONDS=${HOLD_TTL_S}\`). Afterwards: proofs still unserved are checked in the ledger and redeemed once more;
every served proof is replayed once with the same request (must be redelivered: the same body, nothing charged), and every served
weather proof once more at other coordinates (must be refused); balance and block calls likewise: an unserved one tried once more
with its key, a served one replayed with its key (must be a redelivery).`;
  const command = `CHAOS_DURATION_S=${DURATION_S} CHAOS_WORKERS=${WORKERS} npm run chaos -- --mode ${MODE}`;
  const report = writeReport({ mode: MODE, command, setup, t0, timeline, load, result, logDir });
  console.log(`\n${report.text}`);
  for (const f of [...result.failures, ...result.balance.failures, ...result.blocks.failures].slice(0, 20))
    console.log(
      `${f.verdict}: ${f.path} ${f.signature} ledger=${JSON.stringify(f.ledger)} ` +
        `attempts=${JSON.stringify(f.attempts)}`,
    );
  return report.pass;
}

(async () => {
  if (!MODES.includes(MODE)) {
    console.error(`unknown mode ${MODE}: one of ${MODES.join(', ')}`);
    process.exit(2);
  }
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((e) => console.error(`cleanup: ${e.message}`));
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
