#!/usr/bin/env node
// Chooses the hybrid weights on the TUNING half only (the held-out half is never loaded here): scores a grid of
// settings of the built matcher and prints the best by MRR, then top-1. Run after `npx tsc -b apps/discovery/tsconfig.build.json`:
//   node tools/bench/tune-match.js            grid search
//   node tools/bench/tune-match.js --misses   misses of the current settings
const path = require('node:path');
const { root, tasks, routes, listings } = require('./match-eval');

const dist = path.join(root, 'apps', 'discovery', 'dist');
const m = require(path.join(dist, 'match-index'));
const { SEMANTIC } = require(path.join(dist, 'semantic-index'));
const { routeDocument, listingDocument } = require(path.join(dist, 'tool-documents'));
const tuning = tasks.filter((t) => t.half === 'tuning');

function evaluate() {
  const index = new m.MatchIndex([...routes.map(routeDocument), ...listings.map(listingDocument)]);
  let top1 = 0, top5 = 0, rr = 0;
  const misses = [];
  for (const t of tuning) {
    const names = index.match(t.task, { limit: 5 }).results.map((r) => r.name);
    const at = names.indexOf(t.expected);
    if (at === 0) top1++;
    if (at >= 0) { top5++; rr += 1 / (at + 1); }
    if (at !== 0) misses.push(`- "${t.task}": ${t.expected} at ${at >= 0 ? at + 1 : '>5'} → ${names.slice(0, 3).join(', ')}`);
  }
  return { top1: top1 / tuning.length, top5: top5 / tuning.length, mrr: rr / tuning.length, misses };
}
const fmt = (r) => `top-1 ${(100 * r.top1).toFixed(1)} %, top-5 ${(100 * r.top5).toFixed(1)} %, MRR ${r.mrr.toFixed(3)}`;

if (process.argv.includes('--misses')) {
  const r = evaluate();
  console.log(`${tuning.length} tuning tasks: ${fmt(r)}\n${r.misses.join('\n')}`);
} else {
  const grid = [];
  const axes = { semantic: [0.3, 0.6, 1], threshold: [0.4, 0.5], rarityBase: [3], idfPower: [0, 1, 2], minRow: [0, 300], statusPrior: [1.1, 1.5] };
  const settings = Object.entries(axes).reduce((acc, [key, values]) => acc.flatMap((s) => values.map((v) => ({ ...s, [key]: v }))), [{}]);
  for (const s of settings) {
    Object.assign(m.HYBRID, { semantic: s.semantic, statusIntentPrior: s.statusPrior });
    Object.assign(SEMANTIC, { threshold: s.threshold, rarityBase: s.rarityBase, idfPower: s.idfPower, minRow: s.minRow });
    grid.push({ ...s, ...evaluate() });
  }
  grid.sort((a, b) => b.mrr - a.mrr || b.top1 - a.top1);
  for (const g of grid.slice(0, 12)) console.log(`${Object.keys(axes).map((k) => `${k} ${g[k]}`).join(', ')}: ${fmt(g)}`);
}
