#!/usr/bin/env node
// `npm run bench:match`: quality of POST /toll/discovery/match and of the free teaser (GET /toll/discovery/search)
// on the committed evaluation set. Tasks: apps/discovery/eval/tasks.json plus one file per group in eval/tasks/
// (tasks/independent.json was written by someone who saw only the operation list, never our summaries).
// Documents: the committed snapshot of every spec §4 operation (eval/catalog.json) plus the registry's curated seed
// listings (apps/registry seed-listings), exactly what a running discovery service indexes.
//
// Honest split, fixed before any tuning: a task is held out when the first byte of sha256(its normalised text) is
// odd, tuning otherwise. The rule depends on nothing but the task's own words, so adding tasks never moves others,
// and every task file (the independent one too) lands in both halves. Tune on the tuning half only; the held-out
// half's misses are not printed unless BENCH_MATCH_SHOW_HELD_OUT=1 (for the final report, never for tuning).
//
// BENCH_MATCH_DIST=<dir> runs another build of the matcher (e.g. a copy of an older apps/discovery/dist) for
// before/after figures; BENCH_MATCH_DRY_RUN=1 leaves docs/benchmarks.md alone. BENCH_MATCH_VERSUS=<dir> also times that
// build on every task in this process, alternating with this one, so a noisy machine moves both alike
// (BENCH_MATCH_VERSUS_NAME names it in the report).
const path = require('node:path');
const { machine, percentile, writeSection } = require('./report');
const { root, taskFiles, tasks, manifests, routes, listings, outOfScope } = require('./match-eval');

const dist = path.resolve(process.env.BENCH_MATCH_DIST ?? path.join(root, 'apps', 'discovery', 'dist'));

const t0 = process.hrtime.bigint();
const matcher = require(path.join(dist, 'match-index'));
const { routeDocument, listingDocument } = require(path.join(dist, 'tool-documents'));
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
const t1 = process.hrtime.bigint();
const index = new matcher.MatchIndex([...routes.map(routeDocument), ...listings.map(listingDocument)]);
const buildMs = Number(process.hrtime.bigint() - t1) / 1e6;
const examples = routes.reduce((n, r) => n + (r.asks?.length ?? 0), 0);

// Wall-clock and CPU time of one call: on a busy machine the CPU time is the steadier figure.
const time = (fn) => {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(cpu);
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (used.user + used.system) / 1000 };
};

// Older builds (BENCH_MATCH_DIST) answer the teaser as a bare list and have no no_good_match signal.
const teaserNames = (q) => {
  const out = index.teaser(q, 5);
  return (Array.isArray(out) ? out : out.results).map((r) => r.name);
};
const rows = tasks.map((t) => {
  const m = time(() => index.match(t.task, { limit: 5 }));
  const names = m.value.results.map((r) => r.name);
  const s = time(() => teaserNames(t.task));
  return {
    ...t,
    flagged: m.value.noGoodMatch === true,
    match: { names, at: names.indexOf(t.expected), ms: m.ms, cpuMs: m.cpuMs },
    teaser: { names: s.value, at: s.value.indexOf(t.expected), ms: s.ms },
  };
});
// The same tasks again with the semantic index's word memo emptied before each one, so every task word is compared with
// the catalog afresh, as on a service's first requests (older builds have no memo).
const memo = index.semantic?.memo;
const cold = memo ? tasks.map((t) => (memo.clear(), time(() => index.match(t.task, { limit: 5 })))) : [];
// Side by side with another build: both indexes answer each task in turn, twice, the order swapped on the second.
const versusDist = process.env.BENCH_MATCH_VERSUS && path.resolve(process.env.BENCH_MATCH_VERSUS);
const versus =
  versusDist &&
  (() => {
    const other = require(path.join(versusDist, 'match-index'));
    const { routeDocument: otherRoute, listingDocument: otherListing } = require(
      path.join(versusDist, 'tool-documents'),
    );
    const otherIndex = new other.MatchIndex([...routes.map(otherRoute), ...listings.map(otherListing)]);
    const ours = [];
    const theirs = [];
    for (const t of tasks) {
      theirs.push(time(() => otherIndex.match(t.task, { limit: 5 })).ms);
      ours.push(time(() => index.match(t.task, { limit: 5 })).ms);
      ours.push(time(() => index.match(t.task, { limit: 5 })).ms);
      theirs.push(time(() => otherIndex.match(t.task, { limit: 5 })).ms);
    }
    const p50 = (xs) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    return (
      `\n\nSide by side with ${process.env.BENCH_MATCH_VERSUS_NAME ?? `\`${path.relative(root, versusDist)}\``} in ` +
      `this process (each task twice on each build, alternating): p50 ${p50(theirs).toFixed(2)} ms there, ` +
      `${p50(ours).toFixed(2)} ms here (${(p50(theirs) / p50(ours)).toFixed(2)}× faster here).`
    );
  })();
const flaggedOut = outOfScope.map((t) => ({ ...t, flagged: index.match(t.task, { limit: 5 }).noGoodMatch === true }));

function score(subset, key) {
  const n = subset.length;
  const top1 = subset.filter((r) => r[key].at === 0).length;
  const top5 = subset.filter((r) => r[key].at >= 0).length;
  const mrr = subset.reduce((sum, r) => sum + (r[key].at >= 0 ? 1 / (r[key].at + 1) : 0), 0) / (n || 1);
  const ms = subset.map((r) => r[key].ms).sort((a, b) => a - b);
  return { n, top1, top5, mrr, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
}
const pct = (k, n) => `${((100 * k) / n).toFixed(1)} % (${k}/${n})`;
const line = (label, s) =>
  `| ${label} | ${s.n} | ${pct(s.top1, s.n)} | ${pct(s.top5, s.n)} | ${s.mrr.toFixed(3)} | ${s.p50.toFixed(2)} / ` +
  `${s.p95.toFixed(2)} ms |`;

const cpuTimes = rows.map((r) => r.match.cpuMs).sort((a, b) => a - b);
const cpuLine = `${percentile(cpuTimes, 0.5).toFixed(2)} ms p50, ${percentile(cpuTimes, 0.95).toFixed(2)} ms p95`;
const sorted = (key) => cold.map((c) => c[key]).sort((a, b) => a - b);
const coldLine = cold.length
  ? ` With the word memo emptied before each task (every task word compared afresh): ` +
    `${percentile(sorted('ms'), 0.5).toFixed(2)} / ${percentile(sorted('ms'), 0.95).toFixed(2)} ms p50 / p95, CPU ` +
    `${percentile(sorted('cpuMs'), 0.5).toFixed(2)} ms p50.`
  : '';
const halves = ['tuning', 'held-out'];
const independent = (r) => r.file === 'tasks/independent.json';
const table = [
  '| set | tasks | top-1 | top-5 | MRR (top 5) | time per task p50 / p95 |',
  '|---|---|---|---|---|---|',
  ...halves.map((h) =>
    line(
      `match, ${h}`,
      score(
        rows.filter((r) => r.half === h),
        'match',
      ),
    ),
  ),
  ...halves.map((h) =>
    line(
      `teaser, ${h}`,
      score(
        rows.filter((r) => r.half === h),
        'teaser',
      ),
    ),
  ),
  ...(rows.some(independent)
    ? halves.map((h) =>
        line(
          `match, ${h}, independent tasks only`,
          score(
            rows.filter((r) => r.half === h && independent(r)),
            'match',
          ),
        ),
      )
    : []),
  line('match, all', score(rows, 'match')),
].join('\n');

// How the "no good match" signal behaves, per half: raised on out-of-scope tasks (wanted), and on in-scope tasks whose
// first result is right (unwanted) or wrong (fair warning).
const share = (subset) => `${subset.filter((r) => r.flagged).length}/${subset.length}`;
const noGoodMatch = [
  '| set | out-of-scope tasks flagged | in-scope, first result right, flagged | in-scope, first result wrong, ' +
    'flagged |',
  '|---|---|---|---|',
  ...halves.map((h) => {
    const inScope = rows.filter((r) => r.half === h);
    return (
      `| ${h} | ${share(flaggedOut.filter((r) => r.half === h))} | ` +
      `${share(inScope.filter((r) => r.match.at === 0))} | ${share(inScope.filter((r) => r.match.at !== 0))} |`
    );
  }),
].join('\n');

const misses = (h) =>
  rows
    .filter((r) => r.half === h && r.match.at !== 0)
    .map(
      (r) =>
        `- "${r.task}": ${r.expected} at rank ${r.match.at >= 0 ? r.match.at + 1 : '>5'} → ` +
        `${r.match.names.slice(0, 3).join(', ')}`,
    )
    .join('\n') || '- none';

const report = `Run: \`npm run bench:match\` on ${machine()}. ${tasks.length} plain-language tasks from ${taskFiles.length} files
(\`apps/discovery/eval/tasks.json\`, \`eval/tasks/*.json\`; \`tasks/independent.json\` was written by someone who saw only the operation
list with paths, never our summaries), each naming the operation a person would pick, split once and for all into a tuning half and a
held-out half by the parity of the first byte of sha256(task text), so the split was fixed before any tuning. Documents: the committed
catalog snapshot of all ${routes.length} spec §4 operations in ${manifests.length} groups (\`apps/discovery/eval/catalog.json\`) plus the registry's
${listings.length} curated seed listings, as a running service sees them. Matcher: \`${path.relative(root, dist)}/match-index.js\`, the code the service runs
(${matcher.METHOD ?? 'BM25+ with field boosts, stems, prefix, fuzzy and synonym terms'}); no price ceiling. Teaser: the same index's
\`teaser()\` (GET /toll/discovery/search), scored the same way on the task text.

${table}

CPU time per match task (all tasks): ${cpuLine}.${coldLine}${versus || ''}

no_good_match, on the ${outOfScope.length} out-of-scope tasks of \`eval/out-of-scope.json\` (no operation serves them; written before scoring)
and on the tasks above:

${noGoodMatch}

Issue 19 (routes declare how users ask for them, \`asks\`, used as a BM25 field and as labelled examples by words and by sentence
meaning). Before (the matcher of commit 17f56a6, on the same ${tasks.length} tasks; it ignores \`asks\`): match tuning 75.7 % / 96.2 % / 0.847,
held-out 68.6 % / 92.0 % / 0.783 (top-1 / top-5 / MRR); independent tasks only: tuning 71.4 % / 94.9 % / 0.819, held-out 58.2 % / 89.8 % /
0.715; teaser the same as match; 1.84 ms p50 per task, index built in 405 ms (a busy machine). Tuning log, tuning half only: asks (4-6 per
route) as a field and as examples 87.6 / 99.5 / 0.931; weight grid (2-fold cross-validation inside the tuning half: each fold's pick scores
87.9 % and 88.3 % top-1 on the other fold) 89.5 / 100 / 0.943; examples matched by the task's own words, not synonyms, and a tool without
asks its own example (no change on the eval; a hand-written weather case fixed) 89.5 / 100 / 0.943; 6-8 asks per route 90.5 / 100 / 0.949;
a route's prior weighs its own text, not the examples 91.4 / 100 / 0.954; final grid 92.4 / 100 / 0.958 (each fold's pick: 90.5 % and
91.5 % top-1 on the other fold). Ablations at the end (tuning half): without asks 74.8 / 94.3 / 0.835; without the examples' meaning
91.4 / 99.0 / 0.950; without the examples' words 92.4 / 100 / 0.960; without the word-level semantic signal 91.9 / 100 / 0.957.
Tried and dropped: the tuning half's own tasks as more labelled examples (2-fold cross-validation: 92.4 % top-1 either way, MRR 0.958 →
0.960, not worth shipping eval text in the product); removing the common direction of sentence vectors (SIF's second step: 91.0-91.4 %
top-1); asks words in the word-level semantic signal at weight 0, 0.5 or 1 instead of 0.8 (88.6-89.0 % against 89.5 % at the time);
the word vectors re-distilled with the asks' words (23 more words, no change on the tuning half, so the shipped file is unchanged).

Issue 19, round 2 (from 92.4 / 100 / 0.958 tuning, 86.9 / 96.6 / 0.912 held-out; tuning half only, top-1 / top-5 / MRR): asks that tell
sibling operations apart, written from each operation's purpose (one stock vs a screen, a policy read vs written, funding vs liquidations,
recalls by model vs by VIN, bridges listed vs scored) 93.8 / 100 / 0.965; "online"/"offline" a status question only after a verb of being
or going (found by matching every route's own asks against the index: "a copy I can cache offline" ranked the registry's status route)
94.3 / 100 / 0.968; typo tolerance for the meaning signals (a task word the vectors lack counts as the catalog's or the examples' word one
edit away, first two letters kept: "pasword" → "password", "trademrk" → "trademark"; 0.04 ms per unknown word) no change on the tuning
half; more asks for siblings that a leave-one-out of the asks themselves confused (\`node tools/bench/tune-match.js --asks\`, no eval task
involved: 75.4 % of the asks ranked their own route first when left out, 75.5 % after) no change on the tuning half. Tried and dropped: synonyms from the
word vectors for the lexical search (each task word's 1-3 nearest catalog words above a cosine of 0.6-0.8, at weight 0.1-0.5): 92.9 %
top-1 on the whole tuning half, but 2-fold cross-validation showed no gain (each fold's pick on the other fold: 92.2 % against 92.2 %
without, 91.5 % against 92.6 % without); a tool's second-closest example added to its closest (no change at any weight); "status" as a
status word (trademark status questions then rank the status route: 93.8 %); routes with a path parameter ranked up when the task
names something (a capitalised word, a ticker, a code) by 5-20 % (one fold gained a point, the other lost up to one); the hybrid weights
re-gridded (the shipped ones stay best on the whole tuning half; each fold's pick: 92.2 % and 93.6 % top-1 on the other fold); "set" as
a stop word (one tuning task gained, "set" still names a write in "set a limit"); for tasks in other languages nothing cheap: the English
vectors know few foreign words ("wetter" ≈ "weather" 0.38, "tiempo" -0.01, "clima", "precio", "libro" absent), under the 0.5 threshold.

Issue 19, round 3 (from 94.3 / 100 / 0.968 tuning, 87.4 / 97.1 / 0.918 held-out; tuning half only, top-1 / top-5 / MRR; the two folds
of the tuning half score 94.7 % and 94.0 % top-1 before; "asks LOO" is \`tune-match.js --asks\`, no eval task involved: 579/767, 75.5 %,
MRR 0.845 before). Kept: a task's quoted value of the form of an operation's input (\`input-values.ts\`: the input schema's
\`pattern\`s that accept none of the 5,000 commonest English words, lower or upper case, nor a small number, so an ISBN, VIN, mint,
UUID, date or key counts and a ticker's \`^[A-Za-z0-9]{1,7}$\` does not; 22 of the 112 routes have one) adds 0.5 to an operation the
other signals found 94.8 / 100 / 0.970; any weight from 0.2 to 1 gives the same, fold 1's pick scores 94.7 % on fold 0 (94.7 % without),
fold 0 holds no task it changes (its pick, a tie at 0, scores 94.0 % on fold 1, against 94.8 % with it); asks LOO unchanged; built in
7-11 ms with the index, 0.01 ms per task. Tried and dropped: a learned classifier (multinomial logistic regression over the stems and
stem pairs of each operation's summary and asks, trained when the index is built, 376 ms): alone 80.0 % top-1, 94.8 % top-5; added to
the hybrid at 0.1-1 it scored 93.3-89.0 % (fold 0's pick, 0.25, scores 91.4 % on fold 1, against 94.0 % without), divided by the best
of its group (a sibling tie-breaker) at 0.05-0.2 93.8 % (fold 0's pick: 93.1 % on fold 1), asks LOO 74.7 / 74.4 / 73.5 % at 0.1 / 0.25 /
0.5; a word alignment of the task with each example (F1 of the rarity-weighted closest-word cosines both ways, as BERTScore does
with static vectors): asks LOO up to 75.9 %, but 91.4-93.8 % on the tuning half (fold 0's pick: 93.1 % on fold 1, against 94.8 %
without); each operation's centroid of its examples' vectors at 0.15-0.5: 94.8-93.8 % (fold 0's pick: 94.0 % on fold 1, against 94.8 %),
asks LOO 75.6-74.8 %; a list intent ("list", "all", "every" ranking up operations without a required input, +0.1-0.5): no change on
the tuning half, asks LOO 75.6 %; BM25+ parameters (d 0-1, b 0.5-0.9, k 1.2-2): 94.8 % top-1 at every setting, asks LOO 75.1-75.5 %;
the inputs field's boost 0.25-1 with the description's 0.5-1: 93.8-94.8 % (one fold's pick loses a point on the other); the lexical
signal raised to a power of 0.5-2: 91.4-93.8 % except at 1; the hybrid weights gridded on the asks LOO instead (semantic 0.15-0.3,
example words 0.25-0.75, example meaning 0.5-1): a plateau of 74.6-75.9 %, the shipped weights 0.4 point from its top; 17 more asks
for the siblings named in the issue (a spend policy read or written, one stock or a screen, bot plans or a rental, a book by ISBN),
from each operation's purpose: 94.8 / 100 / 0.971, no top-1 change (an ask for a renewal that named the lease key moved a release
task to provision, 94.3 %), not shipped. Tasks in other languages: no package on the npm registry ships an es/de/fr/pt → en lexicon
(the registry's bilingual or translation dictionaries: none; spelling dictionaries and monolingual word lists only), and the tuning
half holds no task in another language to measure one on, so nothing was added. The tuning half is saturated: its 11 remaining
misses resist every generic signal above. The held-out half and the blind set were scored once, after all of this: held-out
87.4 / 97.1 / 0.918 and blind 88.9 / 96.1 / 0.921, both unchanged, so issue 19's held-out targets (90 % / 99 % / 0.93) are still
not met. Times per task above were taken with the machine shared (load average 6.5 on 2 cores); the new signal costs 0.01 ms of them.

Issue 19, round 4 (generalisation, measured on new development data: \`apps/discovery/eval/dev/2026-11-27.json\`, 282 tasks, 3 per
live operation, written by someone who saw only the operation list, 19 of them in Spanish, Portuguese, French, Italian or German;
scored by \`node tools/bench/tune-match.js --dev\`, which prints the tuning half beside it; development set / tuning half, top-1 / top-5 /
MRR; the held-out half and the blind sets were not read or scored during the round). Before: development 84.4 / 94.7 / 0.889, tuning
94.8 / 100 / 0.970. Kept, each step generic and none costing the tuning half: a task's foreign words read with their English meaning
(\`foreign-words.ts\`: 493 words of the everyday vocabulary of a data and utility API, from the commonest words of the catalog's
summaries and asks, in five languages, accents optional, words that are also English left out; 0.006 ms per task; the reading is
added to the task for every signal and named in the reasons) 88.3 / 98.2 / 0.927, tuning unchanged (the new reason to retry round 3's
dropped idea: the development set has tasks in other languages to measure on; the package search stays as round 3 found it, so the
words are ours); 12 asks for siblings the development set confused, written from each operation's purpose (a bundle's sections, a
search for a word, where longs pay most, a vacancy by id, the series on offer, fresh mints, a half-remembered firm, a historical
fact, all spend attempts) 88.7 / 98.9 / 0.934 (two first drafts moved other tasks to their route, a job ask through "everything about
it" and a spend ask through "went through", and were reworded before counting); "opening" and "position" out of the job synonyms (their
stems "open" and "posit" matched "OpenAI" and "open positions") 89.4 / 98.9 / 0.939; a market code (a token in capitals, 2-5 letters or
digits, that is neither one of the 5,000 commonest words nor a word of the tools' own summaries, names, tags or paths: "NVDA", not "SEC"
or "CPI") is evidence for the operations whose input is named ticker or symbol, weight codeValue 0.5: 90.4 / 99.3 / 0.945, tuning 95.2
/ 100 / 0.973 (2-fold cross-validation on the development set: 0 → 0.5 takes the folds from 86.9 % and 91.4 % to 88.5 % and 92.1 %
top-1; fold 0's pick, 1, scores 92.1 % on fold 1 against 91.4 % without; fold 1's pick, 0.25, scores 86.9 % on fold 0, as without;
0.5-1 score the same on the whole set); "available" a status question only after a verb of being or going, as "online"/"offline" ("list
available macro series ids" asked the status route) 90.8 / 99.3 / 0.947; "safe" among the safety words, and "down" after a verb that
acts on something ("tear down the lease") no status question 91.5 / 99.3 / 0.951; "up to" a number and "operating" before a noun
("operating margin") no status question 92.2 / 99.3 / 0.954; "most" ranks like "top" instead of being a stop word 92.6 / 99.3 / 0.956,
tuning 95.2 / 100 / 0.973. Asks LOO after: 590/779 (75.7 %), MRR 0.845 (before: 75.5 %, 0.845). Tried and dropped: the hybrid weights
re-gridded on the development set (semantic 0.1-0.3, example words 0.25-0.75, example meaning 0.25-0.75, after the foreign words):
fold 0's pick scores 88.8 % on fold 1 against 90.1 % for the shipped weights, fold 1's pick 86.2 % on fold 0 as the shipped, so the
weights stay; "who" and "when" as content words (development unchanged, tuning 95.2 → 94.8 %); other synonyms whose stems meet
other words ("share", "history", "cap", "token" out: no change; "provider" out: development 89.4 → 88.7 %); "work", "works",
"working" a status question only after a verb of being or doing (tuning 95.2 → 95.7 %, "keeps working" no longer asks the status
route, but development unchanged, so by this round's rule it is not kept). Left on the development set (21 misses): status questions
that name two groups ("is the SEC data backend responding before my nightly job"), general-knowledge questions with no word of the
catalog ("who was the first woman to win a Nobel Prize"), encode vs decode and estimate vs optimize by the direction of a phrase.

Issue 19, round 5 (generalisation, measured on a second development set: \`apps/discovery/eval/dev/2026-11-27b.json\`, 282 tasks, 3 per
live operation, written by someone who saw only the operation list: a third agent tool-selection notes, a third user requests, a third
developer questions; \`node tools/bench/tune-match.js --dev\` now scores both development files, each and together, and prints the
tuning half beside them; figures are both files together / 2026-11-27b alone / tuning half, top-1 / top-5 / MRR; the held-out half and
the blind sets were not read or scored during the round). Before, the one untuned reading of 2026-11-27b: 88.7 / 99.6 / 0.934 (both
files 90.6 / 99.5 / 0.945, 2026-11-27 92.6 / 99.3 / 0.956, tuning 95.2 / 100 / 0.973). Kept, each step generic and none costing the
tuning half: 58 more foreign words (units of measure: kilograms, pounds, miles, meters, degrees, units; history; hacks; incidents;
words that are also English, such as "chili", "metro", "kilo", "storia" in "libri di storia", left out) 91.0 / 99.6 / 0.948, 2026-11-27b
89.4 / 100 / 0.941; a hyphenated code of letters and digits is also one word ("SHA-256" → "sha256", "8-Ks" → "8k", "10-Q" → "10q"; before,
its number was dropped and its letter stood alone, so "SHA-256" read as "sha") 91.3 / 99.6 / 0.951, 89.7 / 100 / 0.943; 9 asks for
siblings the development sets confused, written from each operation's purpose (an agent's configured caps read vs a purchase checked,
the newest value of a series vs its history, the most shorted tickers, base64 back to text, a login token's expiry, the RPC proxy's
providers) 92.4 / 99.6 / 0.957, 91.1 / 100 / 0.951, tuning 95.2 / 100 / 0.974 (a first draft of 16 asks over 13 operations scored 92.6 %
but cost the tuning half two tasks, 94.3 %: an ask to check a payment to a merchant took a confirm task, one for a single stock's short
position a status task; leaving each operation's new asks out in turn showed five operations' asks gained no development task, so
they were cut, the spend check's reworded, the short-position one dropped); what a task sets its need against is no evidence (", not a
forecast", "(not MD5)", "instead of a keyword search", "rather than …", up to the end of the clause; a bare "not" stays: "which payments
were not allowed"; no tuning task has the form) 92.6 / 99.6 / 0.958, 91.5 / 100 / 0.954; "ended up" no status question ("we ended up not
buying it" asked the spend status route) 92.7 / 99.6 / 0.959, 91.8 / 100 / 0.956; "liveness" a status word and German "gesund" read as
"healthy" 93.1 / 99.6 / 0.961, 92.6 / 100 / 0.960, tuning 95.2 / 100 / 0.974 (2026-11-27 93.6 / 99.3 / 0.962). No weight was changed,
so no weight needed cross-validation; the two folds of the development sets score 93.3 % and 92.9 % top-1 with the shipped settings.
Asks LOO: 590/779 (75.7 %, MRR 0.845) before the round, 593/779 (76.1 %, 0.847) after the code steps, 594/788 (75.4 %, 0.843) with
the 9 new asks (each was written to tell a sibling apart, so left out it lands on the sibling it differs from). Match time on the
564 development tasks, in process: 3.4-3.9 ms wall p50, 3.7-4.6 ms CPU p50 (load average 1.6-1.9). Tried and dropped: "shut … down"
and "free … up" as no status question (one task from rank 3 to 2, no top-1 change, and "has the service shut down" is a status
question). Not tried: a value of the shape of an input's schema example (a base64 string, a JWT) as evidence, like the patterns of
input-values.ts: only two routes' examples are opaque tokens without a pattern, so it would be a rule for two operations. Left on the
development sets (39 misses, top-5 99.6 %): the two general-knowledge questions with no word of the catalog (the only ones outside the
top 5), status questions that name two groups, encode vs decode by a phrase's direction, siblings of spend, screener, short and macro.

Issue 19, rounds 6-9 (2026-11-27, stop 28). Each round began with a development set written that hour by a helper who saw only the
operation list (ids, methods, paths, input field names) and was tuned on by another helper who never read the held-out half or the
blind sets; the held-out half and the blind sets were scored once after each round, by the integrator. Development sets (top-1 /
top-5 / MRR, the first reading before any tuning on it → after its round): 2026-11-27c (230 tasks, paraphrases, typos, siblings)
90.4 / 99.1 / 0.945 → 97.4 / 100 / 0.986; 2026-11-27d (230, goal-level, terse agent notes, vague, values only, contrasted) 88.7 /
98.7 / 0.928 → 94.8 / 100 / 0.972; 2026-11-27e (230, other groups' words, general knowledge on overlapping topics, identifiers only,
the request in the last of several sentences) 84.8 / 95.7 / 0.889 → 87.0 / 99.1 / 0.914. Kept, each generic: a status question
read from "status"/"ping"/"heartbeat" beside a service word and from misspelt status words, not from "running the …" or "ramped up";
foreign words (fundamentals, history, provider, publish, most…); what a task's form implies read as its word (a padded base64 value as
"base64", a JWT as "jwt", a UUID as "uuid", an IP address as "ip", an arrow or a clock time "in <place>" as "convert", "betting
against" as "short", "since 2015" as "history", "top 5 results" as a cap, not a ranking); "don't …, just …" and "not the …" set aside;
a general-knowledge question (a question word, at most half its known words in any tool's text) keeps the general-knowledge operation
in its top 5; six stem exceptions (funding, university, relativity, evening, marketing, executive) and fund ~ ETF; a task that is
only a value of an input's form finds that tool; a long task whose earlier sentences ask nothing is also scored on its last sentence;
round 10 (on 2026-11-27e again: 87.0 / 99.1 / 0.914 → 89.1 / 100 / 0.932): a status question in another language from a verb of
being before a word for "up" ("è attivo", "ist erreichbar"), "squeeze" as short interest, a VIN and "b64" read as their kind,
"status of the … service" as a status question, full-time or part-time in other languages as a job.
Round 11 (stop 29) on a new set, 2026-11-27f (230 tasks, 26 in six languages including Dutch, bare values, typos, other tools named in
passing): 92.6 / 99.1 / 0.956 → 98.3 / 100 / 0.991, the other development sets level or up (e 89.1 → 93.5 % top-1). Kept: Dutch
task words; foreign words for complete, details, a posting, task, monthly, perpetual, chains, upstream ("en amont"); a phrase read from
its form not also read word by word; "md5sum"/"sha256sum" as their hash, "instead of doing it locally" kept as the need; "how many" as a
count; a general-knowledge question puts the general-knowledge operation second, first when none of its real words is of any tool's
domain; "mark as completed/final" as finalize; economy ~ macro; "authority" and "funds" no longer reach "author" and "funding" by stem or
prefix; "tried to" as history; asks for a screen's count, the registry's whole snapshot, a lease's release, a voucher's checkpoint.
Round 12 on a new, harder set, 2026-11-27g (230 tasks: half say the goal without the operation's domain word, long tasks opening on
background, explicit "not X" steers): 88.3 / 97.4 / 0.923 → 96.5 / 100 / 0.982, every other development set and the tuning half unchanged.
Kept: "up" after a verb two words back and in the past tense ("look them all up", "spun up") is not a status question; a misspelt service
word still counts; "stats" is statistics, not status; forms that imply a word (a JSON object, "well-formed", "going back to 2015", miles
to km, TRC-20, "just dropped"); a question in another language gets the general-knowledge operation unless one of its words translates
to a tool's word; a misspelt word that finds nothing is read as the tools' word one edit away; hex digests of 32 and 64 characters as
MD5 and SHA-256; "can X spend" as a permission check; "; no …" rejects another operation; an input named in the task ("include=…")
is evidence for the operations that take it, when at most two do; "GET" in capitals is the HTTP method.
Round 13 on a new set, 2026-11-27h (230 tasks: short, vague, a thing named without its action, words of two domains): 93.0 / 97.8 /
0.951 → 97.4 / 100 / 0.986, the other development sets level or up. Kept: a word that only starts with "no"/"not" ("notícias") is no
contrast; a German or Dutch compound of listed words ("Datenpaket", "Tageslimit") means its parts; a capitalised code longer than a
ticker ("UNRATE") read as a series id for operations taking one; a 24-hour clock time asked about elsewhere as a conversion, "wie
spät"/"hoe laat" as the time now; an SEC form code alone ("10-K", "S-1") as a filing; "similar" as related; foreign words for bundle,
cancel, set, daily, recent; one sibling ask for the news timeline.
Rounds 14 and 15 (stop 30) ran side by side on three new sets, each written that hour from the operation list alone: 2026-11-27i (an
agent mid-job: long, concrete values) 93.5 / 98.7 / 0.957 → 97.0 / 100 / 0.984; 2026-11-27j (hurried humans: terse, slang, typos, mixed
languages, bare values) 89.6 / 97.8 / 0.932 → 95.7 / 100 / 0.978; 2026-11-27k (non-experts describing a situation, half of it without a
word of the operation's path) 84.8 / 95.7 / 0.895 → 90.4 / 99.6 / 0.945; every older development set and the tuning half level or up
(b 95.7 → 96.1 %, e 93.5 → 94.3 % top-1). Kept: "ok"/"work" as a status question only where they ask one ("api ok?", "does it work"),
not "works at", "prices are up", "went up", "follow-up" or a status word inside quoted data; "TM", "wx", "temp", "pw", "info", "tip"
(a priority fee), "layout" (a schema); one's own answers as a questionnaire, "what should it call" as a recommendation, where money
went as a spending history, "over time" as a timeline, a quoted search term as a keyword, a span between two dates as a date filter,
what sits behind a gateway as its upstream, what a thing "has" as its current state; a clause of what was done first is no evidence;
a count that is "enough" caps the results; a hash sign before hex digits as a colour; Swedish and romanised Japanese task words (the
catalog's everyday vocabulary, about 50 and 26 words) and more foreign words (directory, release, rent, policy, positions, "a la
baja"). Held-out half after rounds 6-15: 89.7 / 98.3 / 0.938, 90.3 / 98.3 / 0.941, 90.9 / 98.9 / 0.947, 90.9 / 98.9 / 0.947,
90.9 / 98.9 / 0.947, 90.9 / 98.9 / 0.947, 91.4 / 98.9 / 0.950, 92.0 / 98.9 / 0.954, then 92.6 / 99.4 (174/175) / 0.960 after rounds 14
and 15 together (scored once; round 5: 89.1 / 98.3 / 0.934). Target 90 / 99 / 0.93: reached on all three.
Speed (stop 30): on this session's machine the matcher of 1c010cc took 7.6-8.4 ms p50 per task (3.0 ms on the previous one), above
the 5 ms limit. The semantic signal compared every task word with every catalog word of every tool. It now walks only the words a
task word can win with: an inverted list from each catalog word to its tools, catalog words ordered by the most they can score (a
word that cannot clear the threshold at its best weight is never compared), a Cauchy-Schwarz bound after the first half of each
comparison (most unrelated words stop there), and a memo of each vocabulary word's candidates (bounded by the 59,161-word vocabulary).
The example cosines are summed four at a time. Rankings, scores and reasons are identical on 2,844 tasks (tuning half and every
development set, 10 results each); the side-by-side line above (BENCH_MATCH_VERSUS) times both builds in one process. Five runs in a
row: the table's match p50 2.91-4.65 ms, memo emptied 3.57-4.68 ms, side by side 2.28-2.65 ms against 7.13-7.93 ms (2.99-3.12×).

Issue 5, before its work (the matcher of commit 3de8c5b, BM25 only, run on the same tasks, catalog and seeds with \`BENCH_MATCH_DIST\`): match
tuning 55.5 % / 88.0 % / 0.676, held-out 54.8 % / 88.0 % / 0.679 (top-1 / top-5 / MRR); independent tasks only: tuning 42.9 % / 81.6 % /
0.565, held-out 44.9 % / 83.7 % / 0.598; teaser (names only, keywords only) tuning 56.0 % / 85.9 % / 0.674, held-out 51.2 % / 87.3 % / 0.652;
0.37 ms per task. With the catalog in the spec's wording instead of what the groups announce, the same matcher scored 55.0 % / 85.3 % / 0.669
(tuning) and 54.8 % / 87.3 % / 0.673 (held-out).

Issue 5 tuning log, tuning half only (top-1 / top-5 / MRR), each step generic: semantic signal, hybrid score, own listings folded, teaser on the
same ranking 57.1 / 83.8 / 0.680 (spec-worded catalog); a status question ranks the group's status route, both signals divided by their
best 64.9 / 90.1 / 0.758; the catalog taken from what the built groups announce 64.4 / 92.7 / 0.756; weight grid 67.5 / 92.7 / 0.772; a
status route scores as its group's best operation on a status question 72.3 / 94.2 / 0.810; semantic matches weighted by the tool word's
specificity 72.8 / 93.7 / 0.816; generic vocabulary read off the tuning misses (forecast/tomorrow/weekend, job/vacancy, limit/cap,
audit/log/history, trademark/brand, jwt/bearer, questionnaire/survey, lease/rent…) 77.5 / 95.3 / 0.850; the commonest words not compared
by meaning 78.0 / 94.2 / 0.850; "set up"/"look up" not a status question, bot~agent 79.1 / 94.8 / 0.859; final grid 79.6 / 95.8 / 0.866;
vectors re-distilled against the announced catalog (59,161 words) 79.1 / 95.8 / 0.864.
Ablation at the end: semantic weight 0 gives 77.5 / 96.3 / 0.855, so the word vectors add about two points of top-1 on the tuning half.
Tried and dropped: reciprocal-rank fusion instead of the weighted sum (top-5 fell to 75-82 %), other field boosts (within one task),
150,000 words of vectors instead of 60,000 (no gain), a GET/POST prior from read or write verbs (+1 point, ad hoc word lists).
The held-out half was scored once, after tuning; its misses are not used for tuning.

Start-up: matcher modules loaded in ${loadMs.toFixed(0)} ms${matcher.semanticStats ? ` (${matcher.semanticStats()})` : ''}; index over ${routes.length + listings.length} documents${examples ? ` and ${examples} examples` : ''} built in ${buildMs.toFixed(1)} ms.

Tuning-half tasks not ranked first (expected → top 3 returned):

${misses('tuning')}
${process.env.BENCH_MATCH_SHOW_HELD_OUT ? `\nHeld-out tasks not ranked first (shown for the record, never used for tuning):\n\n${misses('held-out')}\n` : ''}`;
console.log(report);
if (!process.env.BENCH_MATCH_DRY_RUN) writeSection('Discovery match quality', report);
