// The discovery evaluation set, shared by bench:match and the tuning script: tasks with their fixed half, and the
// documents a running discovery service indexes (the committed catalog snapshot plus the registry's curated seeds).
// Split, fixed before any tuning: a task is held out when the first byte of sha256(its normalised text) is odd.
// The rule depends only on the task's own words, so adding tasks never moves others, and every task file (the
// independent one too) lands in both halves.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const evalDir = path.join(root, 'apps', 'discovery', 'eval');
const groupTaskDir = path.join(evalDir, 'tasks');
const taskFiles = [
  path.join(evalDir, 'tasks.json'),
  ...(existsSync(groupTaskDir)
    ? readdirSync(groupTaskDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(groupTaskDir, f))
    : []),
];

const normalised = (task) => task.trim().toLowerCase().replace(/\s+/g, ' ');
const half = (task) => (createHash('sha256').update(normalised(task)).digest()[0] % 2 ? 'held-out' : 'tuning');
// Tasks may name an operation by the spec's operationId where the built group announces it under another one.
const aliases = existsSync(path.join(evalDir, 'operation-aliases.json'))
  ? require(path.join(evalDir, 'operation-aliases.json'))
  : {};
const tasks = taskFiles.flatMap((file) =>
  require(file).tasks.map((t) => ({
    ...t,
    expected: aliases[t.expected] ?? t.expected,
    file: path.relative(evalDir, file),
    half: half(t.task),
  })),
);

const manifests = require(path.join(evalDir, 'catalog.json'));
const routes = manifests.flatMap((m) => m.routes.map((r) => ({ ...r, group: m.group, groupTitle: m.title })));
const known = new Set(routes.map((r) => r.operationId));
const missing = tasks.filter((t) => !known.has(t.expected));
if (missing.length)
  throw new Error(`tasks expect operations missing from the catalog: ${missing.map((t) => t.expected).join(', ')}`);

// The seeds as the registry publishes them (verified, on the gateway's public URL).
const { seedListings } = require(path.join(root, 'apps', 'registry', 'dist', 'seed-listings'));
const listings = seedListings('https://toll.example').map(({ seed_key, ...l }) => ({
  ...l,
  id: seed_key,
  verified: true,
}));

// Tasks no operation serves (the "no good match" signal should be raised), split the same way.
const outOfScopeFile = path.join(evalDir, 'out-of-scope.json');
const outOfScope = existsSync(outOfScopeFile)
  ? require(outOfScopeFile).tasks.map((t) => ({ ...t, half: half(t.task) }))
  : [];

// Where each task's expected operation ranks in the index's top five (`at`: 0-based, -1 past five), with the counts
// every score is built from: first places, top-five places and the summed reciprocal rank.
function rankTasks(index, tasks) {
  let top1 = 0;
  let top5 = 0;
  let rr = 0;
  const ranked = tasks.map((t) => {
    const names = index.match(t.task, { limit: 5 }).results.map((r) => r.name);
    const at = names.indexOf(t.expected);
    if (at === 0) top1++;
    if (at >= 0) {
      top5++;
      rr += 1 / (at + 1);
    }
    return { task: t, at, names };
  });
  return { n: tasks.length, top1, top5, rr, ranked };
}

module.exports = { root, taskFiles, tasks, manifests, routes, listings, half, outOfScope, rankTasks };
