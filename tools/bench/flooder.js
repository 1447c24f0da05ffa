// The flood of flood.js, in its own process so its CPU never sits in the paid client's event loop: free requests at a
// fixed rate (open loop: the schedule does not wait for answers, at most MAX_IN_FLIGHT outstanding), round-robin over
// the targets. Asked by message { targets: [{url, method?, headers?, body?}], rps, durationMs, spoof }; answers with
// the count of each status (and `skipped`, sends the in-flight bound refused). spoof: every request from its own
// X-Forwarded-For address, so no per-client limit applies (the flood served in full, for comparison).
const { performance } = require('node:perf_hooks');
const MAX_IN_FLIGHT = 256;

process.on('message', async ({ targets, rps, durationMs, spoof }) => {
  const counts = {};
  let inFlight = 0;
  let sent = 0;
  const started = performance.now();
  const total = Math.round((rps * durationMs) / 1000);
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rps;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      counts.skipped = (counts.skipped ?? 0) + 1;
      continue;
    }
    const t = targets[i % targets.length];
    const headers = {
      ...t.headers,
      ...(spoof ? { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } : {}),
    };
    inFlight++;
    sent++;
    pending.push(
      fetch(t.url, { method: t.method, headers, body: t.body })
        .then(async (res) => {
          await res.arrayBuffer();
          counts[res.status] = (counts[res.status] ?? 0) + 1;
        })
        .catch(() => (counts.error = (counts.error ?? 0) + 1))
        .finally(() => inFlight--),
    );
  }
  await Promise.all(pending);
  process.send({ counts, sent, seconds: (performance.now() - started) / 1000 });
});
