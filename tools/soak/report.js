// The soak's verdict and its report: latency and outcomes per kind of call, memory growth and event-loop delay per
// process, the "Soak" section of docs/reliability.md and the RSS chart beside it (docs/soak-rss.svg, plain SVG).
const { writeFileSync } = require('node:fs');
const { percentile } = require('../bench/report');

const MB = 2 ** 20;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fixed = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

// Least-squares slope of y over t (units of y per second).
function slope(points) {
  if (points.length < 2) return NaN;
  const mt = points.reduce((s, p) => s + p.t, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return den ? num / den : NaN;
}

// Growth of one series after warm-up: the run is cut in quarters; the first is warm-up, the second the baseline, the
// last the end. growth = median of the last quarter − median of the second (a median per quarter, so one garbage
// collection or one burst moves neither); the slope is over the second half, for the rate.
function growth(series, duration) {
  const inQuarter = (from, to) => series.filter((p) => p.t >= duration * from && p.t <= duration * to).map((p) => p.y);
  return {
    first: series[0]?.y ?? NaN,
    baseline: median(inQuarter(0.25, 0.5)),
    end: median(inQuarter(0.75, 1)),
    get growth() {
      return this.end - this.baseline;
    },
    perHour: slope(series.filter((p) => p.t >= duration / 2)) * 3600,
    max: Math.max(...series.map((p) => p.y)),
  };
}

function analyse({ calls, samples, loads, misses, processes, crashes, duration, limits }) {
  const kinds = new Map();
  for (const c of calls) {
    const k = kinds.get(c.kind) ?? { latencies: [], outcomes: new Map() };
    k.latencies.push(c.ms);
    const key = `${c.outcome}\u0000${c.reason ?? ''}`;
    k.outcomes.set(key, (k.outcomes.get(key) ?? 0) + 1);
    kinds.set(c.kind, k);
  }
  const perKind = [...kinds].map(([kind, k]) => {
    const sorted = k.latencies.sort((a, b) => a - b);
    const count = (outcome) =>
      [...k.outcomes].filter(([key]) => key.startsWith(`${outcome}\u0000`)).reduce((s, [, n]) => s + n, 0);
    return {
      kind,
      n: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1],
      ok: count('ok'),
      outcomes: k.outcomes,
      count,
    };
  });
  const reasons = perKind
    .flatMap((k) =>
      [...k.outcomes].map(([key, n]) => {
        const [outcome, reason] = key.split('\u0000');
        return { kind: k.kind, outcome, reason, n };
      }),
    )
    .filter((r) => r.outcome !== 'ok' || r.reason);
  const perProcess = processes.map(({ name }) => {
    const own = samples.filter((s) => s.name === name);
    const rss = growth(
      own.filter((s) => Number.isFinite(s.rss)).map((s) => ({ t: s.t, y: s.rss / MB })),
      duration,
    );
    const heap = growth(
      own.filter((s) => Number.isFinite(s.heap)).map((s) => ({ t: s.t, y: s.heap / MB })),
      duration,
    );
    // The first sample's delay covers the start; every later one covers its own interval.
    const lags = own
      .slice(1)
      .map((s) => s.lagP99 * 1000)
      .filter(Number.isFinite);
    const leak = !(rss.growth <= limits.rssMb) || !(heap.growth <= limits.heapMb);
    return {
      name,
      samples: own.length,
      misses: misses.get(name) ?? 0,
      rss,
      heap,
      lagMedian: median(lags),
      lagMax: Math.max(...lags),
      leak,
    };
  });
  const chargedNotServed = calls.filter((c) => c.outcome === 'charged_not_served').length;
  const failures = [
    ...(chargedNotServed ? [`${chargedNotServed} paid calls charged but not served`] : []),
    ...perProcess
      .filter((p) => p.leak)
      .map(
        (p) =>
          `${p.name} grew ${fixed(p.rss.growth, 1)} MB RSS / ${fixed(p.heap.growth, 1)} MB heap after warm-up ` +
          `(limits ${limits.rssMb} / ${limits.heapMb} MB)`,
      ),
    ...perProcess.filter((p) => p.samples < 4).map((p) => `${p.name}: only ${p.samples} samples of its /metrics`),
    ...crashes.map((c) => `${c.name} exited (${c.code}) during the run`),
  ];
  const load = loads.map((l) => l.load1);
  return {
    perKind,
    reasons,
    perProcess,
    chargedNotServed,
    failures,
    load: { min: Math.min(...load), median: median(load), max: Math.max(...load) },
    calls: calls.length,
  };
}

function markdown(
  a,
  {
    command,
    minutes,
    concurrency,
    limits,
    machine,
    everySeconds,
    operations,
    tools,
    groups,
    started,
    chart,
    startFailures,
  },
) {
  const pass = a.failures.length === 0;
  const lines = [
    `Command: \`${command}\` (${minutes} min, ${concurrency} concurrent workers), ${machine}, started ${started}.`,
    '',
    `The replay stack of \`npm start -- --replay\` (\`startLocal()\` from tools/start-local.js: every app in ` +
      `apps/ as its own process, ${a.perProcess.length} in all, on`,
    'ephemeral ports, a private nats-server, its own databases, the local chain in the soak process with the ' +
      'demo wallet funded),',
    `driven by a mixed load over every group: free routes (each group's health, \`/\`, \`/openapi.json\`, ` +
      `\`/llms.txt\`, \`/discovery/resources\`, \`/docs\`,`,
    `discovery search), 402 challenges, calls paid per call through \`@toll/client\` (USDC memo, SOL memo, ` +
      `x402), calls paid from a`,
    `prepaid balance (one deposit, then signed requests; another deposit when it runs low), calls on a prepaid ` +
      `RPC block, and MCP`,
    `(tools/list, and paid tools/call by USDC memo, x402 and SOL memo in turn). Paid calls take the ` +
      `${operations} operations' advertised examples from the live`,
    `catalog (\`/discovery/resources\`, ${tools} MCP tools, ${groups} groups) in turn, each operation again and ` +
      `again. Every ${everySeconds} s each app process's`,
    '`/metrics` is read: resident memory, V8 heap used, and the event-loop delay p99 over the interval.',
    '',
    `**One machine for everything** (load average over the run, 1 min: min ${fixed(a.load.min, 1)}, median ` +
      `${fixed(a.load.median, 1)}, max ${fixed(a.load.max, 1)}`,
    `on ${machine.split(' ')[0]} cores, shared by the 28 app processes, the load generator and the chain): ` +
      `absolute latencies are not a capacity figure.`,
    'Paid calls include the payment itself: a transaction sent to the local chain and polled until confirmed ' +
      '(every 250 ms).',
    '',
    ...(startFailures.length
      ? [
          `Starts that failed before the load (tried again on the same databases): ` +
            `${startFailures.map((f) => `\`${f.replace(/`/g, "'")}\``).join('; ')}.`,
          '',
        ]
      : []),
    `Result: **${pass ? 'PASS' : 'FAIL'}**${pass ? '' : `: ${a.failures.join('; ')}`}. ${a.calls} calls; paid ` +
      `calls charged but not served: **${a.chargedNotServed}**.`,
    '',
    '### Latency and outcomes per kind',
    '',
    'Latency over every call of the kind, whatever its outcome. *unused*: failed after the payment was verified, and',
    '`error.details.payment` said the payment is unused (nothing charged); *refused*: answered before any ' +
      'payment step.',
    '',
    '| kind | calls | p50 ms | p99 ms | max ms | ok | refused | unused | charged, not served | error |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...a.perKind
      .sort((x, y) => x.kind.localeCompare(y.kind))
      .map(
        (k) =>
          `| ${k.kind} | ${k.n} | ${fixed(k.p50)} | ${fixed(k.p99)} | ${fixed(k.max)} | ${k.ok} | ` +
          `${k.count('refused')} | ${k.count('unused')} | ${k.count('charged_not_served')} | ${k.count('error')} ` +
          `|`,
      ),
    '',
    '### Answers other than a plain success, by kind and reason',
    '',
    ...(a.reasons.length
      ? [
          '| kind | outcome | reason | count |',
          '|---|---|---|---|',
          ...a.reasons
            .sort((x, y) => y.n - x.n)
            .map((r) => `| ${r.kind} | ${r.outcome} | ${r.reason.replace(/\|/g, '\\|') || '—'} | ${r.n} |`),
        ]
      : ['None.']),
    '',
    '### Memory and event-loop delay per process',
    '',
    'The run is cut in quarters: the first is warm-up, *base* is the median of the second, *end* the median of ' +
      'the last, and',
    `*growth* = end − base; the slope is a least-squares fit over the second half. A process fails the run when ` +
      `its RSS grows by`,
    `more than ${limits.rssMb} MB or its heap by more than ${limits.heapMb} MB (\`--rss-limit-mb\`, ` +
      `\`--heap-limit-mb\`). Event-loop delay: the p99 of each ${everySeconds} s interval, its median and max over ` +
      `the run.`,
    '',
    '| process | RSS start MB | RSS base MB | RSS end MB | RSS growth MB | RSS slope MB/h | heap base MB | heap ' +
      'end MB | heap growth MB | loop p99 median ms | loop p99 max ms | samples |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...[...a.perProcess]
      .sort((x, y) => y.rss.end - x.rss.end)
      .map(
        (p) =>
          `| ${p.name}${p.leak ? ' **(over the limit)**' : ''} | ${fixed(p.rss.first)} | ` +
          `${fixed(p.rss.baseline)} | ${fixed(p.rss.end)} | ${fixed(p.rss.growth, 1)} | ` +
          `${fixed(p.rss.perHour, 1)} | ${fixed(p.heap.baseline, 1)} | ${fixed(p.heap.end, 1)} | ` +
          `${fixed(p.heap.growth, 1)} | ${fixed(p.lagMedian, 1)} | ${fixed(p.lagMax, 1)} | ` +
          `${p.samples}${p.misses ? ` (${p.misses} missed)` : ''} |`,
      ),
    '',
    `![RSS per process over the run](${chart})`,
  ];
  return lines.join('\n');
}

// RSS per process over time, one line each, a legend beside (largest first).
function rssChart(samples, processes, duration) {
  const W = 760;
  const H = 420;
  const pad = { left: 56, right: 12, top: 24, bottom: 40 };
  const legendW = 170;
  const maxMb = Math.ceil(Math.max(...samples.map((s) => s.rss / MB).filter(Number.isFinite), 1) / 50) * 50;
  const x = (t) => pad.left + (t / Math.max(duration, 1)) * (W - pad.left - pad.right);
  const y = (mb) => H - pad.bottom - (mb / maxMb) * (H - pad.top - pad.bottom);
  const series = processes
    .map(({ name }) => ({
      name,
      points: samples.filter((s) => s.name === name && Number.isFinite(s.rss)).map((s) => [s.t, s.rss / MB]),
    }))
    .sort((a, b) => (b.points.at(-1)?.[1] ?? 0) - (a.points.at(-1)?.[1] ?? 0));
  const colour = (i) => `hsl(${Math.round((i * 137.5) % 360)},70%,${i % 2 ? 35 : 48}%)`;
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const minutes = duration / 60;
  const xStep = minutes > 10 ? 5 : 1;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W + legendW}" ` +
      `height="${Math.max(H, 24 + series.length * 14)}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${pad.left}" y="14" font-size="12">RSS per process (MB) over the soak (minutes)</text>`,
  ];
  for (let mb = 0; mb <= maxMb; mb += maxMb / 5)
    out.push(
      `<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(mb)}" y2="${y(mb)}" stroke="#ddd"/><text ` +
        `x="${pad.left - 6}" y="${y(mb) + 4}" text-anchor="end">${Math.round(mb)}</text>`,
    );
  for (let m = 0; m <= minutes + 1e-9; m += xStep)
    out.push(
      `<line x1="${x(m * 60)}" x2="${x(m * 60)}" y1="${pad.top}" y2="${H - pad.bottom}" stroke="#eee"/><text ` +
        `x="${x(m * 60)}" y="${H - pad.bottom + 16}" text-anchor="middle">${m}</text>`,
    );
  series.forEach((s, i) => {
    if (s.points.length)
      out.push(
        `<polyline fill="none" stroke="${colour(i)}" stroke-width="1.5" ` +
          `points="${s.points.map(([t, mb]) => `${x(t).toFixed(1)},${y(mb).toFixed(1)}`).join(' ')}"/>`,
      );
    out.push(
      `<rect x="${W + 4}" y="${16 + i * 14}" width="10" height="10" fill="${colour(i)}"/><text x="${W + 18}" ` +
        `y="${25 + i * 14}">${esc(s.name)} ${fixed(s.points.at(-1)?.[1])}</text>`,
    );
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function writeChart(file, samples, processes, duration) {
  writeFileSync(file, rssChart(samples, processes, duration));
}

module.exports = { analyse, markdown, writeChart };
