// A TCP proxy in front of a gateway that can lose answers: while `cutPaidAnswers` is on, a connection whose
// response starts with a 200 is destroyed before the client reads a byte of it. The gateway has settled by then
// (it writes the response only after payments.settle), so the client paid, the call was served, and the answer
// never arrived: exactly what a gateway killed between settle and write does, but on every paid call at once.
const net = require('node:net');

async function startLossyProxy(target) {
  const { hostname, port } = new URL(target);
  const proxy = { cutPaidAnswers: false, cut: 0 };
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => [client, upstream].forEach((x) => x.destroy()));
    }
    client.pipe(upstream);
    // A keep-alive client waits for each answer before sending the next request, so an answer starts a chunk.
    upstream.on('data', (chunk) => {
      if (proxy.cutPaidAnswers && chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 200') {
        proxy.cut++;
        client.destroy();
        upstream.destroy();
      } else if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    upstream.on('end', () => client.end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${server.address().port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return proxy;
}

// A plain TCP proxy standing in for a Kubernetes Service in front of the database: switch(port) points it at another
// server and cuts every open connection, as a Service's endpoint change does to connections through a dead pod.
async function startSwitchProxy(targetPort) {
  let target = targetPort;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => [client, upstream].forEach((x) => x.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cutAll = () => sockets.forEach((s) => s.destroy());
  return {
    port: server.address().port,
    switch: (port) => {
      target = port;
      cutAll();
    },
    close: () =>
      new Promise((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startLossyProxy, startSwitchProxy };
