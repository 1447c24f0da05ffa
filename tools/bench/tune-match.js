#!/usr/bin/env node
// Chooses the hybrid weights on the TUNING half only (the held-out half is never loaded here): scores a grid of
// settings of the built matcher and prints the best by MRR, then top-1, with a 2-fold cross-validation inside the
// tuning half (settings picked on one fold, scored on the other) so a choice that only fits the tuning tasks shows.
// Run after `npx tsc -b apps/discovery/tsconfig.build.json`:
//   node tools/bench/tune-match.js            grid search
//   node tools/bench/tune-match.js --misses   misses of the current settings
//   node tools/bench/tune-match.js --axis classifier=0,0.25,0.5 [--axis …]
//                                             the same cross-validation over the given settings only (any key of
//                                             HYBRID; examples.<key> for EXAMPLES; boost.<field> for field boosts)
//   node tools/bench/tune-match.js --asks     leave-one-out over the routes' own asks (no eval task involved): each ask
//                                             is matched by an index without it; the sibling operations it lands on
//                                             show where the asks do not tell two operations apart
//   --dev                                     any of the above on the development sets (eval/dev/*.json: tasks written
//                                             from the operation list only, to look at and tune on), all files together,
//                                             instead of the tuning half; each file's figures and the tuning half's are
//                                             printed beside it
const { createHash } = require('node:crypto');
const { readdirSync } = require('node:fs');
const path = require('node:path');
const { root, tasks, routes, listings, rankTasks } = require('./match-eval');

const dist = path.join(root, 'apps', 'discovery', 'dist');
const m = require(path.join(dist, 'match-index'));
const { EXAMPLES } = require(path.join(dist, 'example-index'));
const { routeDocument, listingDocument } = require(path.join(dist, 'tool-documents'));
const tuningHalf = tasks.filter((t) => t.half === 'tuning');
const devDir = path.join(root, 'apps', 'discovery', 'eval', 'dev');
const dev = process.argv.includes('--dev');
const devFiles = dev
  ? readdirSync(devDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ file: f, tasks: require(path.join(devDir, f)).tasks }))
  : [];
const devTasks = devFiles.flatMap((f) => f.tasks);
const known = new Set(routes.map((r) => r.operationId));
if (devTasks.some((t) => !known.has(t.expected)))
  throw new Error('a development task expects an operation missing from the catalog');
const tuning = dev ? devTasks : tuningHalf;
// The folds: the parity of the second byte of the same hash that fixed the halves.
const fold = (t) => createHash('sha256').update(t.task.trim().toLowerCase().replace(/\s+/g, ' ')).digest()[1] % 2;
const setName = dev ? 'development' : 'tuning';

function evaluate(subset = tuning) {
  const index = new m.MatchIndex([...routes.map(routeDocument), ...listings.map(listingDocument)]);
  const { top1, top5, rr, ranked } = rankTasks(index, subset);
  const misses = ranked
    .filter(({ at }) => at !== 0)
    .map(
      ({ task: t, at, names }) =>
        `- "${t.task}": ${t.expected} at ${at >= 0 ? at + 1 : '>5'} → ${names.slice(0, 3).join(', ')}`,
    );
  return { top1: top1 / subset.length, top5: top5 / subset.length, mrr: rr / subset.length, misses };
}
const fmt = (r) =>
  `top-1 ${(100 * r.top1).toFixed(1)} %, top-5 ${(100 * r.top5).toFixed(1)} %, MRR ${r.mrr.toFixed(3)}`;

const given = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--axis' ? [a.split('=')] : []));
const axes = given.length
  ? Object.fromEntries(given.map(([key, values]) => [key, values.split(',').map(Number)]))
  : {
      semantic: [0.15, 0.3],
      exampleLexical: [0.25, 0.5],
      exampleSemantic: [0.25, 0.5, 0.75],
      'examples.threshold': [0.4, 0.5, 0.6],
      'boost.asks': [1, 2, 3],
    };
const targets = { boost: m.FIELD_BOOSTS, examples: EXAMPLES };
const apply = (s) => {
  for (const [key, value] of Object.entries(s)) {
    const [owner, name] = key.includes('.') ? key.split('.') : ['hybrid', key];
    const target = targets[owner] ?? m.HYBRID;
    if (!(name in target)) throw new Error(`unknown setting ${key}`);
    target[name] = value;
  }
};
// --asks and --misses run with the first value of each given axis.
if (given.length) apply(Object.fromEntries(Object.entries(axes).map(([k, v]) => [k, v[0]])));

// The k-th ask of every route is left out of index k and matched against it.
function asksLeftOut() {
  let total = 0,
    first = 0,
    rr = 0;
  const confused = new Map();
  for (let k = 0; k < Math.max(...routes.map((r) => r.asks?.length ?? 0)); k++) {
    const index = new m.MatchIndex([
      ...routes.map((r) => routeDocument({ ...r, asks: (r.asks ?? []).filter((_, i) => i !== k) })),
      ...listings.map(listingDocument),
    ]);
    for (const r of routes.filter((r) => r.asks?.[k])) {
      total++;
      const names = index.match(r.asks[k], { limit: 5 }).results.map((x) => x.name);
      const at = names.indexOf(r.operationId);
      if (at >= 0) rr += 1 / (at + 1);
      if (at === 0) first++;
      else confused.set(`${r.operationId} → ${names[0]}`, (confused.get(`${r.operationId} → ${names[0]}`) ?? 0) + 1);
    }
  }
  return {
    text:
      `asks ranked first for their own route when left out: ${first}/${total} ` +
      `(${((100 * first) / total).toFixed(1)} %), MRR ${(rr / total).toFixed(3)}`,
    confused,
  };
}

if (process.argv.includes('--asks')) {
  const settings = Object.entries(axes).reduce(
    (acc, [key, values]) => acc.flatMap((s) => values.map((v) => ({ ...s, [key]: v }))),
    [{}],
  );
  if (given.length && settings.length > 1) {
    for (const s of settings) {
      apply(s);
      console.log(
        `${Object.entries(s)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}: ${asksLeftOut().text}`,
      );
    }
  } else {
    const { text, confused } = asksLeftOut();
    console.log(text);
    for (const [pair, n] of [...confused].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${n} ${pair}`);
  }
} else if (process.argv.includes('--misses')) {
  const r = evaluate();
  console.log(`${tuning.length} ${setName} tasks: ${fmt(r)}\n${r.misses.join('\n')}`);
  for (const f of devFiles) console.log(`${f.tasks.length} tasks of ${f.file}: ${fmt(evaluate(f.tasks))}`);
  if (dev) console.log(`${tuningHalf.length} tuning tasks: ${fmt(evaluate(tuningHalf))}`);
} else {
  const settings = Object.entries(axes).reduce(
    (acc, [key, values]) => acc.flatMap((s) => values.map((v) => ({ ...s, [key]: v }))),
    [{}],
  );
  const folds = [0, 1].map((f) => tuning.filter((t) => fold(t) === f));
  const grid = settings.map((s) => {
    apply(s);
    return {
      ...s,
      all: evaluate(),
      folds: folds.map((f) => evaluate(f)),
      files: devFiles.map((f) => evaluate(f.tasks)),
      ...(dev ? { tuningHalf: evaluate(tuningHalf) } : {}),
    };
  });
  const byMrr = (key) => (a, b) => key(b).mrr - key(a).mrr || key(b).top1 - key(a).top1;
  // Cross-validation: the best setting of each fold, scored on the other.
  for (const f of [0, 1]) {
    const pick = [...grid].sort(byMrr((g) => g.folds[f]))[0];
    console.log(
      `picked on fold ${f} (${folds[f].length} tasks): ${Object.keys(axes)
        .map((k) => `${k} ${pick[k]}`)
        .join(', ')}: on fold ${1 - f} (${folds[1 - f].length}) ${fmt(pick.folds[1 - f])}`,
    );
  }
  grid.sort(byMrr((g) => g.all));
  for (const g of grid.slice(0, 12)) {
    const files = devFiles.map((f, i) => `; ${f.file} ${fmt(g.files[i])}`).join('');
    const beside = `${files}${g.tuningHalf ? `; tuning half ${fmt(g.tuningHalf)}` : ''}`;
    console.log(
      `${Object.keys(axes)
        .map((k) => `${k} ${g[k]}`)
        .join(', ')}: ${setName} ${fmt(g.all)} (folds: ${g.folds.map(fmt).join('; ')})${beside}`,
    );
  }
}
