// The fault schedule: six faults spread over the load, one at a time, each healed and waited for (the
// replica ready again, NATS routing again, Postgres accepting) before the next. The last seventh of the run is
// fault-free so retries of the same proofs can land before the load stops.
const { sleep } = require('./stack');

function faultPlan({ durationS, stack, postgres, upstream, weatherFixtures, proxies }) {
  const slot = (durationS * 1000) / 7;
  const down = Math.min(5_000, slot / 4);
  const hang = Math.min(20_000, slot * 0.66);
  const s = (ms) => `${(ms / 1000).toFixed(0)} s`;
  return [
    { at: 0.5 * slot, name: `SIGKILL devutils-1 (of 2), restarted after ${s(down)}`, run: () => bounce(stack.procs['devutils-1'], down) },
    { at: 1.5 * slot, name: `SIGKILL gateway-1 (of 2), restarted after ${s(down)}`, run: () => bounce(stack.procs['gateway-1'], down) },
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
      name: `weather upstream hangs (answers after 120 s) for ${s(hang)}`,
      run: async () => {
        upstream.use([weatherFixtures.hang]);
        await sleep(hang);
        upstream.use([weatherFixtures.ok]);
      },
    },
    {
      at: 5.5 * slot,
      name: `every paid answer lost in flight after settling (connection cut as the 200 starts) for ${s(down)}`,
      run: async () => {
        proxies.forEach((p) => (p.cutPaidAnswers = true));
        await sleep(down);
        proxies.forEach((p) => (p.cutPaidAnswers = false));
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
    const entry = { name: fault.name, startAt: Date.now() };
    timeline.push(entry);
    log(`fault: ${fault.name}`);
    await fault.run();
    entry.healedAt = Date.now();
    log(`healed after ${((entry.healedAt - entry.startAt) / 1000).toFixed(1)} s`);
  }
}

module.exports = { faultPlan, runFaults };
