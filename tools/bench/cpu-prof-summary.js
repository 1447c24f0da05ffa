#!/usr/bin/env node
// `node tools/bench/cpu-prof-summary.js <dir> [top] [label=function@file,...]`: the profile of a BENCH_CPU_PROF run as
// markdown: CPU ms per measured call by process (from /proc, all threads: the robust figure), then each node process's
// heaviest packages and functions as shares of its main thread's samples (on a busy machine a sample also lands while
// the thread waits for a core, so sampled time exceeds CPU time; the shares stay meaningful). Replicas of one app are
// summed. The optional third argument names call sites (`payments=call@libs/solana`) whose inclusive share (the
// function and everything it calls) is listed per process.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
const TOP = Number(process.argv[3] ?? 8);
const SITES = (process.argv[4] ?? '')
  .split(',')
  .filter(Boolean)
  .map((x) => {
    const [label, site] = x.split('=');
    const [fn, file] = site.split('@');
    return { label, site, fn, file: file ?? '' };
  });
if (!dir) throw new Error('usage: cpu-prof-summary.js <dir> [top]');
const window = JSON.parse(readFileSync(path.join(dir, 'window.json'), 'utf8'));
const perCall = (ms) => (ms / window.calls).toFixed(3);

// Where a function lives: an npm package, a file of ours, or node itself.
const owner = (url) => {
  if (!url) return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  const ours = url.match(/(apps|libs|tools)\/([^/]+)/);
  return ours ? `${ours[1]}/${ours[2]}` : path.basename(url);
};

// Self time per node id, from the samples and the time since the previous sample. The first sample is left out: its
// delta runs from the profiler's creation, which a busy machine can delay by a second. `inclusive`: time of samples
// with a frame matching each call site on their stack.
function selfTimes(profile, sites, inclusive) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    if (i === 0 || byId.get(id).callFrame.functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(id, (self.get(id) ?? 0) + ms);
    for (const site of sites) {
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const f = byId.get(n).callFrame;
        if (f.functionName === site.fn && f.url.includes(site.file)) {
          inclusive.set(site.site, (inclusive.get(site.site) ?? 0) + ms);
          break;
        }
      }
    }
  });
  return [...self].map(([id, ms]) => ({ frame: byId.get(id).callFrame, ms }));
}

const byLabel = new Map();
const entry = (label) =>
  byLabel.get(label) ??
  byLabel
    .set(label, { osMs: 0, pids: 0, sampledMs: 0, functions: new Map(), packages: new Map(), inclusive: new Map() })
    .get(label);
for (const p of window.processes) {
  const e = entry(p.label);
  e.osMs += p.ms;
  e.pids++;
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const label = file.replace(/\.\d+\.cpuprofile$/, '');
  const e = entry(window.processes.find((p) => file.endsWith(`.${p.pid}.cpuprofile`))?.label ?? label);
  const sites = SITES.filter((x) => x.label === label);
  for (const { frame, ms } of selfTimes(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), sites, e.inclusive)) {
    e.sampledMs += ms;
    const pkg = frame.functionName.startsWith('(') ? frame.functionName : owner(frame.url);
    const fn = frame.functionName.startsWith('(')
      ? frame.functionName
      : `${frame.functionName || '(anonymous)'} ` +
        `${owner(frame.url)}${frame.url ? `/${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`;
    e.packages.set(pkg, (e.packages.get(pkg) ?? 0) + ms);
    e.functions.set(fn, (e.functions.get(fn) ?? 0) + ms);
  }
}

const rows = [...byLabel].sort((a, b) => b[1].osMs - a[1].osMs);
const total = rows.reduce((n, [, e]) => n + e.osMs, 0);
const top = (map, sampled) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([k, ms]) => `${k} ${((100 * ms) / sampled).toFixed(1)}%`)
    .join('; ');
const out = [
  `${window.name}: ${window.calls} calls in ${window.seconds.toFixed(1)} s ` +
    `(${(window.calls / window.seconds).toFixed(0)}/s). CPU ms per call:`,
  '',
  '| process (replicas) | CPU ms/call (/proc, all threads) | share |',
  '|---|---|---|',
  ...rows.map(
    ([label, e]) => `| ${label} (${e.pids}) | ${perCall(e.osMs)} | ${((100 * e.osMs) / total).toFixed(0)}% |`,
  ),
  `| **total** | **${perCall(total)}** | |`,
  '',
  `Self time as % of each process's main-thread samples, top ${TOP}, by package and by function:`,
  '',
  '| process | packages | functions |',
  '|---|---|---|',
  ...rows
    .filter(([, e]) => e.sampledMs)
    .map(([label, e]) => `| ${label} | ${top(e.packages, e.sampledMs)} | ${top(e.functions, e.sampledMs)} |`),
];
if (SITES.length) {
  out.push(
    '',
    "Call sites, inclusive (the function and all it calls), as % of their process's main-thread samples:",
    '',
    '| process | call site | share |',
    '|---|---|---|',
  );
  for (const { label, site } of SITES) {
    const e = byLabel.get(label);
    out.push(
      `| ${label} | ${site} | ` +
        `${e?.sampledMs ? ((100 * (e.inclusive.get(site) ?? 0)) / e.sampledMs).toFixed(1) : '–'}% |`,
    );
  }
}
console.log(out.join('\n'));
