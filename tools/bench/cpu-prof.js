// Preloaded (`node -r`) into every benchmarked process when BENCH_CPU_PROF=<dir> is set: SIGURG starts V8's CPU
// profiler, the next SIGURG stops it (SIGURG: ignored by default and not one of Nest's shutdown signals, unlike
// SIGUSR2) and writes <dir>/<label>.<pid>.cpuprofile. The bench signals all processes around the measured load only, so
// start-up, warm-up and payment preparation stay out of the profile (a plain `--cpu-prof` would also need a clean exit,
// which a signal-driven shutdown does not give).
const { writeFileSync } = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROF && path.resolve(process.env.BENCH_CPU_PROF);
const label = process.env.BENCH_CPU_PROF_LABEL ?? 'load-generator';
const session = new inspector.Session();
session.connect();
let running = false;

const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));

async function toggle() {
  if (!running) {
    running = true;
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 250 });
    await post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await post('Profiler.stop');
  writeFileSync(path.join(dir, `${label}.${process.pid}.cpuprofile`), JSON.stringify(profile));
}

if (dir) process.on('SIGURG', () => toggle().catch((e) => console.error(`cpu profile: ${e}`)));

module.exports = { toggle };
