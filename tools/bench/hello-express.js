// The baseline: a bare Express 5 hello-world, in its own process like the gateway.
const express = require('express');

const app = express();
app.get('/hello', (_req, res) => res.json({ hello: 'world' }));
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  process.send?.({ port: server.address().port }),
);
