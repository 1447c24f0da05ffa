// Every app process sampled on a fixed interval from its own /metrics (prom-client's runtime collectors,
// libs/telemetry): resident memory, V8 heap used, and the event-loop delay p99 over the interval (prom-client resets
// its delay histogram at every scrape, and nothing else scrapes the soak's private stack). The machine's load average
// rides along with each sample.
const os = require('node:os');

const FAMILIES = {
  rss: 'process_resident_memory_bytes',
  heap: 'nodejs_heap_size_used_bytes',
  lagP99: 'nodejs_eventloop_lag_p99_seconds',
  lagMax: 'nodejs_eventloop_lag_max_seconds',
};
const SCRAPE_TIMEOUT_MS = 5_000;

// The unlabelled value of each family in Prometheus text.
function parseMetrics(text) {
  const values = {};
  for (const line of text.split('\n')) {
    const [name, value] = line.split(' ');
    for (const [key, family] of Object.entries(FAMILIES)) if (name === family) values[key] = Number(value);
  }
  return values;
}

// processes: [{ name, pid, metricsUrl }]; samples: [{ t, name, rss, heap, lagP99, lagMax }] (bytes, seconds), misses:
// scrapes that failed, by process.
function startSampler(processes, { everyMs, t0 }) {
  const samples = [];
  const loads = [];
  const misses = new Map();
  const sample = async () => {
    const t = (Date.now() - t0) / 1000;
    loads.push({ t, load1: os.loadavg()[0] });
    await Promise.all(
      processes.map(async (p) => {
        try {
          const res = await fetch(p.metricsUrl, { signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS) });
          if (res.status !== 200) throw new Error(String(res.status));
          samples.push({ t, name: p.name, ...parseMetrics(await res.text()) });
        } catch {
          misses.set(p.name, (misses.get(p.name) ?? 0) + 1);
        }
      }),
    );
  };
  let pending = sample();
  const timer = setInterval(() => (pending = pending.then(sample)), everyMs);
  return {
    samples,
    loads,
    misses,
    // One last sample at the end of the load, then stop.
    stop: async () => {
      clearInterval(timer);
      await pending;
      await sample();
    },
  };
}

module.exports = { startSampler };
