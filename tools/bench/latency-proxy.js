// BENCH_CHAIN_LATENCY_MS: an HTTP proxy between payments and the local chain that holds each RPC call for the
// given latency ± BENCH_CHAIN_JITTER_MS (uniform) before passing it on, as a public RPC node far away would.
// It records how long each call spent in it (delay + the chain's own answer) to split a paid call's time.
const http = require('node:http');

async function startLatencyProxy(target, latencyMs, jitterMs) {
  const agent = new http.Agent({ keepAlive: true });
  const { hostname, port } = new URL(target);
  const calls = [];
  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const delay = Math.max(0, latencyMs + (Math.random() * 2 - 1) * jitterMs);
      setTimeout(() => {
        const up = http.request(
          { agent, hostname, port, method: req.method, path: req.url, headers: req.headers, timeout: 10_000 },
          (answer) => {
            res.writeHead(answer.statusCode, answer.headers);
            answer.pipe(res);
            answer.on('end', () => calls.push(Number(process.hrtime.bigint() - started) / 1e6));
          },
        );
        up.on('timeout', () => up.destroy(new Error('chain timeout')));
        up.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
        up.end(Buffer.concat(chunks));
      }, delay);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    calls,
    close: () =>
      new Promise((resolve) => (server.closeAllConnections(), server.close(() => (agent.destroy(), resolve())))),
  };
}

module.exports = { startLatencyProxy };
