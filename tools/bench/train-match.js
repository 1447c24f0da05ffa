#!/usr/bin/env node
// Learns the discovery matcher's signal weights (apps/discovery/data/match-weights.json) from labelled tasks, instead
// of choosing them by hand (issue 39). Training tasks: the development sets (apps/discovery/eval/dev/*.json) and the
// tuning half of bench:match; the held-out half and the blind sets are never loaded here.
// Model: a conditional logistic model. For each task, every tool the matcher's signals found is a candidate, described
// by the matcher's signals (SIGNALS in match-index.ts: the own-text ones times the tool's prior); the model's score is
// w · signals and P(tool | task) = softmax over the task's candidates. w ≥ 0 (each signal can only count for a tool),
// L2-regularised, fitted by projected gradient descent, then divided by the lexical weight so scores keep main's
// scale (the trust thresholds are ratios of scores). Deterministic: same tasks, same weights.
// Cross-validation by group: each of the catalog's groups is left out in turn (its tasks are not trained on), the
// weights fitted on the other groups' tasks, and that group's tasks ranked by the full matcher (match(), every step)
// with those weights. Reported: the mean over groups of top-1, and top-1 / top-5 / MRR over all tasks, beside the
// weights in the file (before) on the same tasks. The routes' asks stay in the index: a new group ships them in its
// manifest, and no weight is per operation or per group.
// Run after `npx tsc -b apps/discovery/tsconfig.build.json`:
//   node tools/bench/train-match.js            cross-validate, then fit on every training task (writes nothing)
//   node tools/bench/train-match.js --write    the same, and write the fitted weights to data/match-weights.json
//   --lambda=<l2>                              regularisation (default 0.01)
const { readdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { root, tasks, routes, listings, rankTasks } = require('./match-eval');

const dist = path.join(root, 'apps', 'discovery', 'dist');
const m = require(path.join(dist, 'match-index'));
const { routeDocument, listingDocument } = require(path.join(dist, 'tool-documents'));
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const lambda = Number(arg('lambda', 0.01));
const write = process.argv.includes('--write');

const devDir = path.join(root, 'apps', 'discovery', 'eval', 'dev');
const aliases = require(path.join(root, 'apps', 'discovery', 'eval', 'operation-aliases.json'));
const devTasks = readdirSync(devDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) =>
    require(path.join(devDir, f)).tasks.map((t) => ({
      ...t,
      expected: aliases[t.expected] ?? t.expected,
      file: `dev/${f}`,
    })),
  );
const training = [...devTasks, ...tasks.filter((t) => t.half === 'tuning')];
const groupOf = new Map(routes.map((r) => [r.operationId, r.group]));
const groups = [...new Set(training.map((t) => groupOf.get(t.expected)))].sort();

const index = new m.MatchIndex([...routes.map(routeDocument), ...listings.map(listingDocument)]);
const OWN = m.SIGNALS.indexOf('exampleLexical'); // the signals before it are weighed by the tool's prior
const features = (c) => c.signals.map((v, i) => (i < OWN ? v * c.prior : v));
const started = process.hrtime.bigint();
const examples = training.map((t) => {
  const candidates = index.signalsOf(t.task);
  return { task: t, x: candidates.map(features), right: candidates.findIndex((c) => c.name === t.expected) };
});
const extractMs = Number(process.hrtime.bigint() - started) / 1e6;

// Mean negative log-likelihood of the right tools, plus lambda/2 · |w|², and its gradient.
function loss(w, set) {
  const grad = new Array(w.length).fill(0);
  let nll = 0;
  let n = 0;
  for (const { x, right } of set) {
    if (right < 0 || x.length < 2) continue;
    n++;
    const s = x.map((f) => f.reduce((sum, v, i) => sum + v * w[i], 0));
    const top = Math.max(...s);
    const e = s.map((v) => Math.exp(v - top));
    const z = e.reduce((a, b) => a + b, 0);
    nll += Math.log(z) - (s[right] - top);
    x.forEach((f, c) => f.forEach((v, i) => (grad[i] += (e[c] / z) * v)));
    x[right].forEach((v, i) => (grad[i] -= v));
  }
  return {
    value: nll / n + (lambda / 2) * w.reduce((a, v) => a + v * v, 0),
    grad: grad.map((g, i) => g / n + lambda * w[i]),
  };
}

// Projected gradient descent with a backtracking step (w ≥ 0).
function fit(set) {
  let w = m.SIGNALS.map(() => 1);
  let step = 1;
  let current = loss(w, set);
  for (let iteration = 0; iteration < 500 && step > 1e-9; iteration++) {
    const next = w.map((v, i) => Math.max(0, v - step * current.grad[i]));
    const tried = loss(next, set);
    if (tried.value <= current.value - 1e-10) {
      const moved = next.reduce((a, v, i) => a + Math.abs(v - w[i]), 0);
      w = next;
      current = tried;
      step *= 1.5;
      if (moved < 1e-7) break;
    } else step /= 2;
  }
  const scale = w[0] || 1;
  return w.map((v) => Number((v / scale).toFixed(4)));
}

function score(weights, set) {
  const saved = m.SIGNALS.map((k) => m.HYBRID[k]);
  m.SIGNALS.forEach((k, i) => (m.HYBRID[k] = weights[i]));
  const { n, top1, top5, rr } = rankTasks(index, set);
  m.SIGNALS.forEach((k, i) => (m.HYBRID[k] = saved[i]));
  return { n, top1, top5, rr };
}

const given = m.SIGNALS.map((k) => m.HYBRID[k]);
const pct = (k, n) => `${((100 * k) / n).toFixed(1)} %`;
const line = (r) => `top-1 ${pct(r.top1, r.n)}, top-5 ${pct(r.top5, r.n)}, MRR ${(r.rr / r.n).toFixed(3)}`;
const sum = (rows) =>
  rows.reduce((a, r) => ({ n: a.n + r.n, top1: a.top1 + r.top1, top5: a.top5 + r.top5, rr: a.rr + r.rr }), {
    n: 0,
    top1: 0,
    top5: 0,
    rr: 0,
  });

console.log(
  `${training.length} training tasks (${devTasks.length} development, ${training.length - devTasks.length} ` +
    `tuning half), ${groups.length} groups; ` +
    `signals read in ${(extractMs / 1000).toFixed(1)} s; right tool among the candidates for ` +
    `${examples.filter((e) => e.right >= 0).length}; lambda ${lambda}`,
);
console.log(`| group | tasks | weights in the file, top-1 | learned without the group, top-1 |`);
console.log(`|---|---|---|---|`);
const rows = [];
for (const g of groups) {
  const w = fit(examples.filter((e) => groupOf.get(e.task.expected) !== g));
  const held = training.filter((t) => groupOf.get(t.expected) === g);
  const before = score(given, held);
  const after = score(w, held);
  rows.push({ g, before, after });
  console.log(`| ${g} | ${held.length} | ${pct(before.top1, before.n)} | ${pct(after.top1, after.n)} |`);
}
const mean = (key) => rows.reduce((a, r) => a + r[key].top1 / r[key].n, 0) / rows.length;
console.log(
  `leave-one-group-out, mean over ${rows.length} groups: top-1 ${(100 * mean('before')).toFixed(1)} % with the ` +
    `weights in the file, ` +
    `${(100 * mean('after')).toFixed(1)} % learned without the group`,
);
console.log(
  `all tasks, each scored by weights fitted without its group: ${line(sum(rows.map((r) => r.after)))} (weights ` +
    `in the file: ${line(sum(rows.map((r) => r.before)))})`,
);

const w = fit(examples);
const all = score(w, training);
console.log(
  `fitted on every training task: ${m.SIGNALS.map((k, i) => `${k} ${w[i]}`).join(', ')}; on those tasks ${line(all)}`,
);
const out = path.join(root, 'apps', 'discovery', 'data', 'match-weights.json');
const data = {
  note:
    'Learned by tools/bench/train-match.js (conditional logistic model, w >= 0, L2, divided by the lexical weight) ' +
    'on the development sets and the tuning half; do not edit by hand.',
  trained_on: { development: devTasks.length, tuning_half: training.length - devTasks.length, lambda },
  cross_validation: { leave_one_group_out_mean_top1: Number(mean('after').toFixed(4)), groups: rows.length },
  signals: m.SIGNALS,
  weights: w,
};
if (write) {
  writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, out)}`);
}
