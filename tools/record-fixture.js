#!/usr/bin/env node
// Records one real upstream exchange as a replayable fixture (needs a network; tests never use one):
//   node tools/record-fixture.js <app> <upstream> <case> <url> [-H "name: value"]...
// writes apps/<app>/test/fixtures/<upstream>/<case>.json with source "recorded" and the recording time.
// Credential query parameters are dropped from the stored request, and nothing of the headers is kept.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const SECRET_PARAMS = /^(api[_-]?key|apikey|key|token|access[_-]?token|appid|app[_-]?key|secret|signature|password)$/i;
const MAX_BODY_BYTES = 512 * 1024; // trim big feeds by hand to the fields the group uses

(async () => {
  const [app, upstream, name, url, ...rest] = process.argv.slice(2);
  if (!app || !upstream || !name || !url) {
    console.error('usage: node tools/record-fixture.js <app> <upstream> <case> <url> [-H "name: value"]...');
    process.exit(2);
  }
  const headers = { 'user-agent': process.env.RECORD_USER_AGENT ?? 'Toll/1.0 fixture recorder (ops@toll.example)' };
  for (let i = 0; i < rest.length; i++)
    if (rest[i] === '-H') {
      const [k, ...v] = rest[++i].split(':');
      headers[k.trim().toLowerCase()] = v.join(':').trim();
    }
  const target = new URL(url);
  const res = await fetch(target, { headers, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    console.warn(`body is ${Buffer.byteLength(text)} bytes: trim it to the fields used before committing`);
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain-text and HTML answers (e.g. errors served with 200) are kept as text
  }
  const query = Object.fromEntries([...target.searchParams].filter(([k]) => !SECRET_PARAMS.test(k)));
  const fixture = {
    upstream,
    case: name,
    source: 'recorded',
    recordedAt: new Date().toISOString(),
    note: `recorded from ${target.origin}${target.pathname}`,
    request: { method: 'GET', path: target.pathname, query },
    response: {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' },
      body,
    },
  };
  const file = path.join(__dirname, '..', 'apps', app, 'test', 'fixtures', upstream, `${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(fixture, null, 2) + '\n');
  console.log(`${res.status} → ${path.relative(process.cwd(), file)}`);
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
