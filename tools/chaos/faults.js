// The fault schedules, one per mode, each fault healed and waited for (the replica ready again, NATS routing again,
// Postgres accepting) before the next; the last part of every run is fault-free so retries of the same proofs can
// land before the load stops.
//   single:   seven faults on one nats-server and one Postgres (replica kills, a NATS restart, a Postgres crash, an
//             upstream hang, lost answers, an upstream outage that opens the weather circuit).
//   cluster:  three nats-servers; the node the gateways are connected to is killed, then (after it is back) the node
//             they are on then, another one.
//   failover: a primary and a synchronous standby behind a TCP proxy; the primary is killed (kill -9), the standby
//             promoted and the proxy switched to it.
const { connections, sleep, waitFor } = require('./stack');

const s = (ms) => `${(ms / 1000).toFixed(0)} s`;

// Weather proofs paid before the circuit fault, redeemed while the circuit is open (each must be refused with 503
// before anything is charged) and again after it closed (each must be served).
const PREPAID = 3;

function faultPlan({
  mode,
  durationS,
  stack,
  postgres,
  upstream,
  weatherFixtures,
  proxies,
  dbProxy,
  gateways,
  prepaid,
}) {
  if (mode === 'cluster') return clusterPlan({ durationS, stack });
  if (mode === 'failover') return failoverPlan({ durationS, postgres, dbProxy });
  const slot = (durationS * 1000) / 8;
  const down = Math.min(5_000, slot / 4);
  const hang = Math.min(20_000, slot * 0.66);
  return [
    {
      at: 0.5 * slot,
      name: `SIGKILL devutils-1 (of 2), restarted after ${s(down)}`,
      run: () => bounce(stack.procs['devutils-1'], down),
    },
    {
      at: 1.5 * slot,
      name: `SIGKILL gateway-1 (of 2), restarted after ${s(down)}`,
      run: () => bounce(stack.procs['gateway-1'], down),
    },
    {
      at: 2.5 * slot,
      name: `NATS stopped, started again on the same port after ${s(down)}`,
      run: async () => {
        await stack.nats.stop();
        await sleep(down);
        await stack.nats.start();
        await stack.routing();
      },
    },
    {
      at: 3.5 * slot,
      name: `Postgres crashed (pg_ctl stop -m immediate), started again after ${s(down)}`,
      run: async () => {
        await postgres.stop('immediate');
        await sleep(down);
        await postgres.start();
      },
    },
    {
      at: 4.5 * slot,
      circuit: true,
      name: `weather upstream down (503 to every request, its root included) for ${s(hang)}`,
      run: async (entry) => {
        // Paid while the provider is up, before the circuit can open.
        entry.prepaid = [];
        for (let i = 0; i < PREPAID; i++)
          entry.prepaid.push(await prepaid.pay(`/toll/weather/current?lat=${(30 + i).toFixed(2)}&lon=9.00`));
        upstream.use(weatherFixtures.down);
        // Beside the load, one unpaid weather request a second: a 402 (pay to proceed) or a 503 before any payment.
        entry.asks = [];
        let healedAt = Infinity;
        const asking = (async () => {
          while (Date.now() < healedAt + 120_000) {
            const at = Date.now();
            const status = await fetch(
              `${gateways[Math.floor(Math.random() * gateways.length)]}/toll/weather/current?lat=` +
                `${(40 + Math.random() * 20).toFixed(2)}&lon=7.00`,
              { signal: AbortSignal.timeout(30_000) },
            ).then(
              (r) => r.status,
              () => 0,
            );
            entry.asks.push({ at, status });
            if (status === 503 && at < healedAt) entry.openSeenAt ??= at;
            if (at > healedAt && status === 402) return;
            await sleep(1_000 - (Date.now() - at));
          }
        })();
        // Once an unpaid request sees the circuit open: each prepaid proof once, and its ledger row right after.
        const whileOpen = (async () => {
          while (entry.openSeenAt === undefined && Date.now() < healedAt) await sleep(200);
          if (entry.openSeenAt === undefined) return;
          for (const proof of entry.prepaid) {
            const r = await prepaid.redeem(proof);
            const row = await prepaid.ledger(proof.signature);
            proof.whileOpen = {
              status: r.status,
              reason: r.reason,
              unused: r.body?.error?.details?.payment?.status === 'unused',
              settled: row?.settled ?? 0,
              creditsUsed: row?.credits_used ?? 0,
            };
          }
        })();
        await sleep(hang);
        upstream.use([weatherFixtures.ok]);
        healedAt = Date.now();
        entry.upstreamHealedAt = healedAt;
        await Promise.all([asking, whileOpen]);
        // Closed again (an unpaid request got its 402): the same proofs must buy their calls now.
        for (const proof of entry.prepaid) {
          for (let i = 0; i < 5 && !proof.attempts.some((a) => a.status === 200); i++) {
            if (i) await sleep(2_000);
            await prepaid.redeem(proof);
          }
          proof.servedAfterClose = proof.attempts.some((a) => a.status === 200);
        }
      },
    },
    {
      at: 5.5 * slot,
      name: `weather upstream hangs (answers after 120 s) for ${s(hang)}`,
      run: async () => {
        upstream.use([weatherFixtures.hang]);
        await sleep(hang);
        upstream.use([weatherFixtures.ok]);
      },
    },
    {
      at: 6.5 * slot,
      name: `every paid answer lost in flight after settling (connection cut as the 200 starts) for ${s(down)}`,
      run: async () => {
        proxies.forEach((p) => (p.cutPaidAnswers = true));
        await sleep(down);
        proxies.forEach((p) => (p.cutPaidAnswers = false));
      },
    },
  ];
}

// The node most gateway connections are on (the apps name their connection "gateway"), among the nodes still up.
async function gatewayNode(nodes) {
  const counts = await Promise.all(
    nodes.map(async (n) => (await connections(n).catch(() => [])).filter((c) => c.name === 'gateway').length),
  );
  return nodes[counts.indexOf(Math.max(...counts))];
}

// Kills a node and measures how long the apps' connections on it took to reconnect elsewhere: the killed node's
// connections are counted, then the other nodes polled until as many connections started after the kill.
async function killNode(node, nodes, down, entry) {
  let before;
  await waitFor(`${node.name}'s connections`, async () => (before = await connections(node)));
  const killedAt = Date.now();
  await node.stop('SIGKILL');
  const others = nodes.filter((n) => n !== node);
  let moved = [];
  // Not all back within the minute is a finding for the report, not a reason to abandon the run.
  const all = await waitFor(`the ${before.length} connections of ${node.name} to reconnect`, async () => {
    moved = (await Promise.all(others.map(connections))).flat().filter((c) => Date.parse(c.start) >= killedAt - 1_000);
    return moved.length >= before.length;
  }).then(
    () => true,
    () => false,
  );
  const delays = moved.map((c) => Math.max(0, Date.parse(c.start) - killedAt)).sort((a, b) => a - b);
  const median = delays[Math.floor(delays.length / 2)];
  entry.detail =
    `${moved.length} of ${before.length} connections (${before.filter((c) => c.name === 'gateway').length} of them ` +
    `gateways) reconnected to the other nodes${all ? '' : ' within 60 s'}: median ${median} ms, max ` +
    `${delays.at(-1)} ms after the kill`;
  await sleep(down - (Date.now() - killedAt));
  await node.start();
}

function clusterPlan({ durationS, stack }) {
  const slot = (durationS * 1000) / 4;
  const down = Math.min(10_000, slot / 3);
  let first;
  return [
    {
      at: slot,
      name: `SIGKILL the NATS node the gateways are connected to, restarted after ${s(down)}`,
      run: async (entry) => {
        first = await gatewayNode(stack.natsNodes);
        entry.name = entry.name.replace('the NATS node', `${first.name}, the NATS node`);
        await killNode(first, stack.natsNodes, down, entry);
      },
    },
    {
      at: 2 * slot,
      name: `SIGKILL the NATS node the gateways are connected to now (another one), restarted after ${s(down)}`,
      run: async (entry) => {
        const node = await gatewayNode(stack.natsNodes.filter((n) => n !== first));
        entry.name = entry.name.replace('the NATS node', `${node.name}, the NATS node`);
        await killNode(node, stack.natsNodes, down, entry);
      },
    },
  ];
}

function failoverPlan({ durationS, postgres, dbProxy }) {
  return [
    {
      at: (durationS * 1000) / 3,
      failover: true,
      name: 'Postgres primary killed (kill -9), standby promoted (pg_ctl promote), the proxy switched to it',
      run: async (entry) => {
        postgres.primary.kill();
        entry.killedAt = Date.now();
        await postgres.standby.promote();
        entry.promotedAt = Date.now();
        dbProxy.switch(postgres.standby.port);
        entry.switchedAt = Date.now();
        entry.detail =
          `promoted ${entry.promotedAt - entry.killedAt} ms after the kill, proxy switched at ` +
          `${entry.switchedAt - entry.killedAt} ms`;
      },
    },
  ];
}

async function bounce(proc, downMs) {
  await proc.stop('SIGKILL');
  await sleep(downMs);
  await proc.start();
}

// Runs the plan against the clock started at t0; each timeline entry gets its start and healed times.
async function runFaults(plan, t0, timeline, log) {
  for (const fault of plan) {
    await sleep(t0 + fault.at - Date.now());
    const entry = { name: fault.name, circuit: fault.circuit, failover: fault.failover, startAt: Date.now() };
    timeline.push(entry);
    log(`fault: ${fault.name}`);
    await fault.run(entry);
    entry.healedAt = Date.now();
    log(
      `healed after ${((entry.healedAt - entry.startAt) / 1000).toFixed(1)} ` +
        `s${entry.detail ? `: ${entry.detail}` : ''}`,
    );
  }
}

module.exports = { faultPlan, runFaults };
