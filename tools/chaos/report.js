// Writes docs/reliability.md (the latest chaos run, then the hand-written lessons kept from the file as they were)
// and returns the summary.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { machine, percentile } = require('../bench/report');

const FILE = path.join(__dirname, '..', '..', 'docs', 'reliability.md');
const LESSONS = '## What the runs taught us';
const sec = (ms) => (ms / 1000).toFixed(1);

function tally(items, key) {
  const counts = new Map();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function writeReport({ command, setup, t0, timeline, load, result, logDir }) {
  const { counts, failures, holds } = result;
  const loadAttempts = load.proofs.flatMap((p) => p.attempts.filter((a) => a.phase === 'load'));
  const notServed = loadAttempts.filter((a) => a.status !== 200);
  const faultRows = timeline.map((f, i) => {
    const [start, healed] = [f.startAt - t0, (f.healedAt ?? Infinity) - t0]; // a crashed replica may never come back
    const during = notServed.filter((a) => a.at + a.ms >= start && a.at <= healed).length; // in flight at some point of the fault
    return `| ${i + 1} | ${f.name} | ${sec(start)} | ${f.healedAt === undefined ? 'never' : sec(healed)} | ${during} |`;
  });
  const latencies = loadAttempts.map((a) => a.ms).sort((a, b) => a - b);
  const slowest = loadAttempts.reduce((a, b) => (b.ms > a.ms ? b : a), loadAttempts[0] ?? { ms: 0, at: 0 });
  // A redelivery was charged (its first try was served and settled; only the answer was lost): not a refund.
  const retriedAfterRelease = counts.servedAfterRetry - counts.redeliveredDuringLoad;
  const refunded = retriedAfterRelease + counts.redeemable;
  const served = counts.servedFirstTry + counts.servedAfterRetry;
  const pass =
    counts.lost === 0 &&
    counts.doubleCharged === 0 &&
    counts.servedUncharged === 0 &&
    counts.unknownPayments === 0 &&
    counts.replaysRedelivered === counts.replays &&
    counts.othersRefused === counts.others;
  const summary = `| outcome | count |
|---|---|
| paid requests sent (each paid on chain with its own USDC memo payment) | ${counts.sent} |
| served during the load: one settled hold, credits_used = 1 | ${served} (${counts.servedFirstTry} first try, ${counts.servedAfterRetry} after retrying the same proof, ${counts.redeliveredDuringLoad} of them as a redelivery of an answer lost in flight; paid answers cut by the proxy: ${counts.answersCut}, a retry inside the cut window being cut again) |
| refunded or redeemable: a failed answer cost nothing and the same proof still paid for the call | ${refunded} (${retriedAfterRelease} served by a later retry, ${counts.redeemable} unserved when the load stopped: ledger untouched, redeemed once more → 200) |
| **lost** (paid, neither served nor redeemable) | **${counts.lost}** |
| **double-charged** (two settled holds, credits_used > 1, the operation run twice for one proof, a redelivery with a different body, or another request served on a used proof) | **${counts.doubleCharged}** |
| served but not charged (a 200 without exactly one settled hold) | ${counts.servedUncharged} |
| ledger payments no client request paid for | ${counts.unknownPayments} |
| replays of served proofs (same request) redelivered: 200, \`x-toll-redelivery\`, same body, nothing charged | ${counts.replaysRedelivered} / ${counts.replays} |
| another request on a served proof (weather at other coordinates) refused with \`memo_wrong_input\` | ${counts.othersRefused} / ${counts.others} |`;
  const body = `# Reliability

\`npm run chaos\` (\`node tools/chaos/run.js\`) runs a steady paid load against a private stack and injects faults on a
schedule, then reconciles every paid request against the payments ledger (\`payments\`, \`holds\`) and against what
the client saw. A request is either served and charged exactly once, or not charged and its proof still redeemable;
the run exits non-zero otherwise. Not part of \`npm test\`; it needs the built apps, \`nats-server\` and the
PostgreSQL server binaries (it creates its own cluster in a temp dir and removes it at the end).

## Latest run

Command: \`${command}\` on ${machine()}.

${setup}

### Fault timeline

Seconds after the load started (negative: before it); "healed" is when the restarted part was ready again (replica ready, every
gateway routing every group, Postgres accepting connections, upstream answering).

| # | fault | started s | healed s | redemptions in flight meanwhile that got no 200 |
|---|---|---|---|---|
${faultRows.join('\n')}

### Every paid request

${summary}

Result: **${pass ? 'PASS' : 'FAIL'}**.

### Redemption answers other than 200 during the load

${notServed.length} of ${loadAttempts.length} redemption attempts; status 0 = no HTTP answer (connection refused or reset).
Redemption latency over all attempts: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${slowest.ms} ms (sent at ${sec(slowest.at)} s, answered ${slowest.status} ${slowest.reason ?? ''}).
Challenges that failed before anything was paid: ${load.challengeFailures}; payments that failed on the local chain: ${load.paymentFailures}.

| status | reason | count |
|---|---|---|
${tally(notServed, (a) => `${a.status} | ${a.reason ?? ''}`).map(([k, n]) => `| ${k} | ${n} |`).join('\n')}

### Holds in the ledger at the end

| status | reason | count |
|---|---|---|
${holds.map((h) => `| ${h.status} | ${h.reason} | ${h.n} |`).join('\n')}
${failures.length ? `\n### Failures\n\n${failures.slice(0, 20).map((f) => `- ${f.verdict}: \`${f.path}\` tx ${f.signature}; ledger ${JSON.stringify(f.ledger)}; attempts ${JSON.stringify(f.attempts)}`).join('\n')}\n` : ''}`;
  const previous = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const lessons = previous.includes(LESSONS) ? `\n${previous.slice(previous.indexOf(LESSONS))}` : '';
  writeFileSync(FILE, body + lessons);
  return { pass, text: `${summary}\n\nResult: ${pass ? 'PASS' : 'FAIL'}. Logs: ${logDir}; report: docs/reliability.md` };
}

module.exports = { writeReport };
