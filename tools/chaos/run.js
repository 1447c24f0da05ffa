#!/usr/bin/env node
// `npm run chaos [-- --mode single|cluster|failover]` (or CHAOS_MODE): scripted faults during a steady paid load (per
// call, from a prepaid balance, on prepaid blocks, spend checks and bot-months), then every paid request reconciled
// against the payments ledger, the owner's balance read and what the client saw, and spend's and messaging's state
// against what their clients were told. Exits 1 if a payment was lost or charged twice, a call served without a
// charge, or a guarantee of spend or messaging broken. Modes (tools/chaos/faults.js): single = one nats-server and
// one Postgres, seven faults; cluster = three nats-servers joined by routes, the gateways' node killed, then another;
// failover = a primary and a synchronous standby behind a TCP proxy, the primary killed and the standby promoted.
// Everything is private to the run (NATS, Postgres clusters in a temp dir, the local chain, the fake upstream), so
// killing and restarting them disturbs nothing else on the machine.
const { execFile } = require('node:child_process');
const { chmodSync, mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Connection, Keypair } = require('@solana/web3.js');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { startFakeBotApi, startFakeUpstream, loadFixtures } = require('@toll/testing');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { faultPlan, runFaults } = require('./faults');
const { call, payChallenge, prepareAccounts, redeem, runLoad } = require('./load');
const { createPostgres, createReplicatedPostgres } = require('./postgres');
const { startLossyProxy, startSwitchProxy } = require('./proxy');
const { readLedger, reconcile, reconcileBalance, reconcileBlocks } = require('./reconcile');
const { reconcileMessaging, reconcileSpend } = require('./state');
const { writeReport } = require('./report');
const { freePort, sleep, startStack, waitFor } = require('./stack');

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
// Spend agents (a policy each, daily limit in cents: reached during the load) and the bot pool (managed bots of the
// fake Bot API).
const AGENTS = 2;
const DAILY_CENTS = 25_000;
const BOTS = Number(process.env.CHAOS_BOTS ?? 40);
const REPLICAS = { payments: 2, devutils: 2, weather: 1, rpc: 1, spend: 2, messaging: 2, gateway: 2 };

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
  // The bot pool: managed bots of a stateful fake Bot API, added with the operator's pool-cli as in production (they
  // enter as expired and the messaging replicas' sweep resets them into the pool).
  const botApi = await startFakeBotApi(
    loadFixtures(path.join(__dirname, '../../apps/messaging/test/fixtures/bot-api')),
  );
  cleanups.push(() => botApi.stop());
  const botIds = Array.from({ length: BOTS }, (_, i) => 7_100_000_001 + i);
  for (const id of botIds) botApi.addBot(id);
  // Spend and messaging each own a database on the same server (or behind the same proxy) as payments.
  const dbOf = (name) => dbUrl.replace(/\/toll_payments$/, `/${name}`);
  const messagingEnv = {
    DATABASE_URL: dbOf('toll_messaging'),
    MESSAGING_BOT_API_URL: botApi.url,
    MESSAGING_MANAGER_BOT_TOKEN: botApi.managerToken,
    MESSAGING_SWEEP_INTERVAL_MS: '5000',
  };
  await new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(__dirname, '../../apps/messaging/dist/pool-cli.js'), 'add', ...botIds.map(String)],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...messagingEnv } },
      (e, stdout) => (e ? reject(e) : resolve(stdout)),
    ),
  );

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
      spend: { DATABASE_URL: dbOf('toll_spend') },
      messaging: messagingEnv,
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
  const accounts = await prepareAccounts({
    gateways,
    chain,
    wallets: WALLETS,
    blocks: BLOCKS,
    agents: AGENTS,
    dailyCents: DAILY_CENTS,
  });
  await waitFor(
    `the ${BOTS} pool bots to be reset and available`,
    async () => (await call(`${gateways[0]}/toll/messaging/health`)).body?.pool?.available === BOTS,
    120_000,
  );
  log(`${WALLETS} wallets deposited, ${BLOCKS} blocks bought, ${AGENTS} spend policies written, ${BOTS} bots pooled`);

  const t0 = Date.now();
  log(`load: ${WORKERS} workers for ${DURATION_S} s`);
  // Weather proofs paid before the circuit fault opens the circuit, redeemed while it is open and after it closes.
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const connection = new Connection(chain.url, 'confirmed');
  const prepaid = {
    pay: async (path) => ({
      kind: 'call',
      app: 'weather',
      path,
      ...(await payChallenge(gateways, connection, payer, path)),
      attempts: [],
    }),
    redeem: (proof) => redeem(proof, gateways, t0, 'load'),
    ledger: async (signature) => (await readLedger(dbUrl)).payments.get(signature),
  };
  const plan = faultPlan({
    mode: MODE,
    prepaid,
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
  // The circuit's prepaid proofs are reconciled with every other per-call proof.
  load.proofs.push(...timeline.flatMap((f) => f.prepaid ?? []));
  const jobs = [...load.proofs, ...load.balanceCalls, ...load.blockCalls];
  log(
    `load stopped: ${load.proofs.length} paid per call (${load.proofs.filter((p) => p.app === 'spend').length} spend ` +
      `checks, ${load.proofs.filter((p) => p.app === 'messaging').length} bot-months), ${load.balanceCalls.length} ` +
      `from a balance, ${load.blockCalls.length} on blocks, ${load.freeSteps.length} free steps`,
  );

  // Every hold the load left behind must be past its TTL before the ledger is judged.
  const lastAttempt = Math.max(0, ...[...jobs, ...load.freeSteps].flatMap((p) => p.attempts.map((a) => a.at + a.ms)));
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
  result.spend = await reconcileSpend({
    proofs: load.proofs,
    steps: load.freeSteps,
    agents: accounts.agents,
    dbUrl: dbOf('toll_spend'),
    gateways,
    t0,
    workers: WORKERS,
  });
  result.messaging = await reconcileMessaging({
    proofs: load.proofs,
    steps: load.freeSteps,
    leases: load.leases,
    dbUrl: dbOf('toll_messaging'),
    gateways,
    t0,
    workers: WORKERS,
    botApi,
    seeded: BOTS,
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
(also the rpc group's upstream), a fake Open-Meteo upstream and a fake Telegram Bot API (stateful: tokens, rotation) in-process; spend and
messaging each own a database on the same Postgres${MODE === 'failover' ? ' (behind the same proxy, so the failover hits them too)' : ''}. Before the load: ${WALLETS} wallets deposit 10 USD each
(\`POST /toll/payments/balance/deposit-10\`, paid in SOL), ${BLOCKS} RPC blocks of 1,000 calls are bought, ${AGENTS} spend policies are written (1-500 cents a
check, ${DAILY_CENTS} cents a day) and ${BOTS} managed bots are added to the pool with \`pool-cli add\` (reset by the sweep before the load). Load: ${WORKERS} concurrent workers for
${DURATION_S} s${loadS > DURATION_S ? ` (ran ${loadS} s: the faults ran late on the loaded machine, and the load goes on until they have healed plus a fault-free tail)` : ''}; of every eight new calls, three are paid per call (2 × \`GET /toll/devutils/gen/uuid\`, 1 × \`GET /toll/weather/current\` at a
random point, a cache miss that reaches the upstream: a 402 from a random gateway, paid on chain with the USDC memo flow,
redeemed on a random gateway), two are \`GET /toll/devutils/gen/uuid\` paid from a balance (signed headers, a fresh nonce
each try, one \`Idempotency-Key\` per call), one is \`POST /toll/rpc/\` \`getSlot\` on a block (its proof, one
\`Idempotency-Key\` per call), one is a spend check (\`POST /toll/spend/check\`, paid per call with the payer's signature; an allowed one is then
confirmed in full, confirmed for half, or voided, free) and one a bot-month (\`POST /toll/messaging/provision\`, paid per call with the payer's
signature; then a third renewed (paid), most of the rest released (free), some kept). Every call goes through a TCP proxy per gateway that can drop answers. A call not served is retried unchanged (a balance call re-signed) after 3, 6, then every 12 s until the load stops
(\`PAYMENTS_HOLD_TTL_SECONDS=${HOLD_TTL_S}\`); a free step likewise, on no answer or a 5xx. Afterwards: proofs still unserved are checked in the ledger and redeemed once more;
every served proof is replayed once with the same request (must be redelivered: the same body, nothing charged), and every served
weather proof once more at other coordinates (must be refused); balance and block calls likewise: an unserved one tried once more
with its key, a served one replayed with its key (must be a redelivery); free steps never answered are sent once more; then spend's and
messaging's databases are read and set against what the clients were told.`;
  const command = `CHAOS_DURATION_S=${DURATION_S} CHAOS_WORKERS=${WORKERS} npm run chaos -- --mode ${MODE}`;
  const report = writeReport({ mode: MODE, command, setup, t0, timeline, load, result, logDir });
  console.log(`\n${report.text}`);
  for (const f of [
    ...result.failures,
    ...result.balance.failures,
    ...result.blocks.failures,
    ...result.spend.failures,
    ...result.messaging.failures,
  ].slice(0, 20))
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
