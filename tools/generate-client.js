#!/usr/bin/env node
// Regenerates the typed operations of @toll/client (libs/client/src/operations.ts) from a gateway's live catalog.
//   npm run build && node tools/generate-client.js [http://127.0.0.1:3000/openapi.json | openapi.json] [out.ts]
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { generateOperations } = require('@toll/client');

(async () => {
  const source = process.argv[2] ?? 'http://127.0.0.1:3000/openapi.json';
  const out = process.argv[3] ?? path.join(__dirname, '..', 'libs', 'client', 'src', 'operations.ts');
  const openapi = /^https?:/.test(source)
    ? await (await fetch(source)).json()
    : JSON.parse(readFileSync(source, 'utf8'));
  writeFileSync(out, generateOperations(openapi, '/openapi.json'));
  console.log(
    `${Object.values(openapi.paths).reduce((n, ops) => n + Object.keys(ops).length, 0)} operations written to ` +
      `${path.relative(process.cwd(), out)}`,
  );
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
