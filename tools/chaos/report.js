// Writes the mode's section of docs/reliability.md (the latest run of that mode; the other modes' sections and the
// hand-written lessons are kept as they were) and returns the summary.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { machine, percentile } = require('../bench/report');

const FILE = path.join(__dirname, '..', '..', 'docs', 'reliability.md');
const LESSONS = '## What the runs taught us';
const MODES = ['single', 'cluster', 'failover'];
const TITLES = {
  single: 'Latest run: one nats-server, one Postgres (`--mode single`)',
  cluster: 'Latest run: NATS cluster (`--mode cluster`)',
  failover: 'Latest run: Postgres failover (`--mode failover`)',
};
const sec = (ms) => (ms / 1000).toFixed(1);
const begin = (mode) => `<!-- chaos:${mode} -->`;
const end = (mode) => `<!-- /chaos:${mode} -->`;

const INTRO = `# Reliability

\`npm run chaos\` (\`node tools/chaos/run.js\`) runs a steady paid load against a private stack and injects faults on a
schedule, then reconciles every paid request against the payments ledger (\`payments\`, \`holds\`), the owner's balance
read and what the client saw. Three kinds of paid call: per call (a proof per request), from a prepaid balance (signed
headers) and on a prepaid RPC block. A request is either served and charged exactly once, or not charged and still
payable. Two groups that keep state are under the same load and faults, each with its own database on the same
Postgres: spend (checks paid per call, then confirmed or voided) and messaging (bot-months paid per call, renewed,
released); afterwards their databases are set against what their clients were told (every answered decision, reservation
and lease there exactly as told, no agent over its daily limit at any moment, no bot leased to two holders at once).
The run exits non-zero on any violation. Not part of \`npm test\`; it needs the built apps, \`nats-server\` and the
PostgreSQL server binaries (it creates its own clusters in a temp dir and removes them at the end).

Three modes, \`npm run chaos -- --mode <mode>\` (or \`CHAOS_MODE\`), each writing its own section below:

- \`single\` (the default): one nats-server and one Postgres; replica kills, a NATS restart, a Postgres crash, an upstream
  hang, answers lost in flight, and an upstream outage long enough to open the weather circuit.
- \`cluster\`: three nats-servers on loopback joined by cluster routes, every app given all three URLs (\`NATS_URL\` is a
  comma-separated server list, as in production: docs/deploy.md); the node the gateways are connected to is killed mid-load
  (\`/connz\` on its monitoring port says which), then, once it is back, the node they are on then.
- \`failover\`: a Postgres primary and a synchronous streaming standby, the apps connected through a TCP proxy standing in
  for the Kubernetes Service; the primary is killed with \`kill -9\` mid-load, the standby promoted and the proxy
  switched to it. RTO: first failed request to first success after; RPO: every paid call acknowledged to a client
  before the kill is checked on the promoted standby.

Environment: \`CHAOS_DURATION_S\` (180), \`CHAOS_WORKERS\` (8), \`CHAOS_WALLETS\` (4 wallets of 1,900 balance calls),
\`CHAOS_BLOCKS\` (4 blocks of 1,000 calls), \`CHAOS_BOTS\` (40 bots in the messaging pool), \`CHAOS_READY_TIMEOUT_S\` (180: how
long a process may take to start).
`;

function tally(items, key) {
  const counts = new Map();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

// The circuit fault: the unpaid weather requests sent once a second during it (a 402, or a 503 before any payment),
// the paid weather calls of the load that failed meanwhile, and how long after the upstream healed a 402 came back.
function circuitFigures(fault, load, t0) {
  const start = fault.startAt;
  const healed = fault.upstreamHealedAt;
  const refused = fault.asks.filter((a) => a.status === 503);
  const reopened = fault.asks.find((a) => a.at > healed && a.status === 402);
  const weather = load.proofs.filter((p) => p.path.includes('/weather/'));
  const failedPaid = weather.flatMap((p) =>
    p.attempts.filter(
      (a) => a.phase === 'load' && a.status >= 500 && a.at + t0 >= start && a.at + t0 <= fault.healedAt,
    ),
  );
  return {
    asked: fault.asks.length,
    refused: refused.length,
    firstRefusedS: refused[0] ? sec(refused[0].at - start) : '–',
    other:
      tally(
        fault.asks.filter((a) => a.status !== 503 && a.status !== 402),
        (a) => a.status,
      )
        .map(([k, n]) => `${n} × ${k}`)
        .join(', ') || 'none',
    failedPaid: failedPaid.length,
    failedPaidReasons:
      tally(failedPaid, (a) => `${a.status} ${a.reason ?? ''}`)
        .map(([k, n]) => `${n} × ${k}`)
        .join(', ') || 'none',
    closedAfterHealS: reopened ? sec(reopened.at - healed) : 'not within 120 s',
    prepaid: (fault.prepaid ?? []).length,
    prepaidRefused: (fault.prepaid ?? []).filter(
      (p) =>
        p.whileOpen?.status === 503 && p.whileOpen.unused && p.whileOpen.settled === 0 && p.whileOpen.creditsUsed === 0,
    ).length,
    prepaidOpenAnswers:
      tally(
        (fault.prepaid ?? []).map((p) => p.whileOpen),
        (w) => (w ? `${w.status} ${w.reason ?? ''}, settled ${w.settled}, credits used ${w.creditsUsed}` : 'not sent'),
      )
        .map(([k, n]) => `${n} × ${k}`)
        .join('; ') || 'none',
    prepaidServed: (fault.prepaid ?? []).filter((p) => p.servedAfterClose).length,
  };
}

// The failover: RTO from the first failed answer after the kill to the first 200 of a request sent after the proxy
// switched; RPO from every call acknowledged (200 answered) before the kill and its verdict on the promoted standby.
function failoverFigures(fault, jobs, t0) {
  const kill = fault.killedAt - t0;
  const switched = fault.switchedAt - t0;
  const loadAttempts = jobs.flatMap((j) => j.attempts.filter((a) => a.phase === 'load').map((a) => ({ ...a, job: j })));
  const failed = loadAttempts
    .filter((a) => a.status !== 200 && a.at + a.ms >= kill)
    .sort((a, b) => a.at + a.ms - (b.at + b.ms));
  const firstFail = failed[0];
  const recovered = loadAttempts
    .filter((a) => a.status === 200 && a.at >= switched)
    .sort((a, b) => a.at + a.ms - (b.at + b.ms))[0];
  const lastFail = failed.filter((a) => a.at + a.ms < kill + 120_000).at(-1);
  const acked = jobs.filter((j) => j.attempts.some((a) => a.status === 200 && a.at + a.ms < kill));
  const good = new Set(['servedFirstTry', 'servedAfterRetry', 'served']);
  const present = acked.filter((j) => good.has(j.verdict) && !j.block?.wrong && !j.stateWrong);
  return {
    rtoS: firstFail && recovered ? sec(recovered.at + recovered.ms - (firstFail.at + firstFail.ms)) : '–',
    firstFailS: firstFail ? sec(firstFail.at + firstFail.ms - kill) : '–',
    recoveredS: recovered ? sec(recovered.at + recovered.ms - kill) : '–',
    lastFailS: lastFail ? sec(lastFail.at + lastFail.ms - kill) : '–',
    failedCount: failed.filter((a) => a.at + a.ms < kill + 120_000).length,
    promotedS: sec(fault.promotedAt - fault.killedAt),
    acked: acked.length,
    ackedByKind: tally(acked, kindOf)
      .map(([k, n]) => `${n} ${k}`)
      .join(', '),
    present: present.length,
  };
}

// The label of a call in the tallies: its kind, or for spend and messaging the operation.
const kindOf = (job) =>
  job.kind === 'free'
    ? `${job.app} ${job.op} (free)`
    : job.app === 'spend'
      ? 'spend check'
      : job.app === 'messaging'
        ? job.renewalOf
          ? 'bot renewal'
          : 'bot-month'
        : job.kind;

function writeReport({ mode, command, setup, t0, timeline, load, result, logDir }) {
  const { counts, failures, holds, balance, blocks, spend, messaging } = result;
  const jobs = [...load.proofs, ...load.balanceCalls, ...load.blockCalls];
  const loadAttempts = [...jobs, ...load.freeSteps].flatMap((p) =>
    p.attempts.filter((a) => a.phase === 'load').map((a) => ({ ...a, kind: kindOf(p) })),
  );
  const notServed = loadAttempts.filter((a) => a.status !== 200);
  const faultRows = timeline.map((f, i) => {
    const [start, healed] = [f.startAt - t0, (f.healedAt ?? Infinity) - t0]; // a crashed replica may never come back
    // in flight at some point of the fault
    const during = notServed.filter((a) => a.at + a.ms >= start && a.at <= healed);
    const byKind = tally(during, (a) => a.kind)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    return (
      `| ${i + 1} | ${f.name} | ${sec(start)} | ${f.healedAt === undefined ? 'never' : sec(healed)} | ` +
      `${during.length}${byKind ? ` (${byKind})` : ''} | ${f.detail ?? ''} |`
    );
  });
  const latencies = loadAttempts.map((a) => a.ms).sort((a, b) => a - b);
  const slowest = loadAttempts.reduce((a, b) => (b.ms > a.ms ? b : a), loadAttempts[0] ?? { ms: 0, at: 0 });
  // A redelivery was charged (its first try was served and settled; only the answer was lost): not a refund.
  const retriedAfterRelease = counts.servedAfterRetry - counts.redeliveredDuringLoad;
  const refunded = retriedAfterRelease + counts.redeemable;
  const served = counts.servedFirstTry + counts.servedAfterRetry;
  const b = balance.counts;
  const k = blocks.counts;
  const sp = spend.counts;
  const m = messaging.counts;
  const blockLost = blocks.failures.filter((f) => f.verdict === 'chargedWithoutAnswer').length;
  const blockUncharged = blocks.failures.filter((f) => f.verdict === 'servedUncharged').length;
  const lost = counts.lost + b.chargedWithoutReceipt + blockLost;
  const doubleCharged = counts.doubleCharged + b.doubleCharged + k.doubleCharged;
  const servedUncharged = counts.servedUncharged + b.servedUncharged + blockUncharged;
  const circuit = timeline.find((f) => f.circuit);
  const c = circuit && circuitFigures(circuit, load, t0);
  const prepaidPass = !c || (c.prepaidRefused === c.prepaid && c.prepaidServed === c.prepaid);
  const pass =
    prepaidPass &&
    spend.pass &&
    messaging.pass &&
    lost === 0 &&
    doubleCharged === 0 &&
    servedUncharged === 0 &&
    counts.unknownPayments === 0 &&
    counts.replaysRedelivered === counts.replays &&
    counts.othersRefused === counts.others &&
    b.walletsWrong === 0 &&
    b.receiptsInvalid === 0 &&
    b.replaysRedelivered === b.replays &&
    k.blocksWrong === 0 &&
    k.replaysRedelivered === k.replays;
  const headline = `| kind | paid calls | **lost** | **double-charged** | **served without charge** |
|---|---|---|---|---|
| per call (proof per request) | ${counts.sent} | **${counts.lost}** | **${counts.doubleCharged}** | **${counts.servedUncharged}** |
${['spend', 'messaging']
  .map((app) => {
    const mine = load.proofs.filter((p) => p.app === app);
    const n = (v) => mine.filter((p) => p.verdict === v).length;
    const label = app === 'spend' ? 'spend checks (payer proof)' : 'bot-months and renewals (payer proof)';
    return `| … of which ${label} | ${mine.length} | **${n('lost')}** | **${n('doubleCharged')}** | **${n('servedUncharged')}** |`;
  })
  .join('\n')}
| prepaid balance (signed calls) | ${b.sent} | **${b.chargedWithoutReceipt}** | **${b.doubleCharged}** | **${b.servedUncharged}** |
| prepaid RPC block | ${k.sent} | **${blockLost}** | **${k.doubleCharged}** | **${blockUncharged}** |
| all | ${counts.sent + b.sent + k.sent} | **${lost}** | **${doubleCharged}** | **${servedUncharged}** |`;
  const summary = `| per call | count |
|---|---|
| paid requests sent (each paid on chain with its own USDC memo payment) | ${counts.sent} |
| served during the load: one settled hold, credits_used = 1 | ${served} (${counts.servedFirstTry} first try, ${counts.servedAfterRetry} after retrying the same proof, ${counts.redeliveredDuringLoad} of them as a redelivery of an answer lost in flight; paid answers cut by the proxy, all kinds: ${counts.answersCut}, a retry inside the cut window being cut again) |
| refunded or redeemable: a failed answer cost nothing and the same proof still paid for the call | ${refunded} (${retriedAfterRelease} served by a later retry, ${counts.redeemable} unserved when the load stopped: ledger untouched, redeemed once more → 200) |
| charged during the load, every answer lost, and no retry got through before the load stopped: redeemed once more → redelivered (200, \`x-toll-redelivery\`) | ${counts.redeliveredAfterLoad} |
| **lost** (paid, neither served nor redeemable) | **${counts.lost}** |
| **double-charged** (two settled holds, credits_used > 1, the operation run twice for one proof, a redelivery with a different body, or another request served on a used proof) | **${counts.doubleCharged}** |
| served but not charged (a 200 without exactly one settled hold) | ${counts.servedUncharged} |
| ledger payments nobody paid for (deposits and blocks excluded) | ${counts.unknownPayments} |
| replays of served proofs (same request) redelivered: 200, \`x-toll-redelivery\`, same body, nothing charged | ${counts.replaysRedelivered} / ${counts.replays} |
| another request on a served proof (weather at other coordinates) refused with \`memo_wrong_input\` | ${counts.othersRefused} / ${counts.others} |

| prepaid balance (${balance.ledgers.length} wallets) | count |
|---|---|
| balance calls sent (one \`Idempotency-Key\` each) | ${b.sent} |
| served during the load / only by the try after the load / never served (nothing debited for it) | ${b.served} / ${b.servedFinal} / ${b.notServed} |
| debits in the owners' balance reads / receipts the clients hold (verified, one per served call) | ${b.debits} / ${b.served + b.servedFinal} |
| atomic units debited / on the clients' receipts | ${b.debitedAtomic} / ${b.receiptsAtomic} |
| **charged without a receipt** (a debit no client receipt names) | **${b.chargedWithoutReceipt}** |
| **double-charged** (two receipts or two first servings for one key, or two different bodies) | **${b.doubleCharged}** |
| served without charge (a receipt naming no debit) | ${b.servedUncharged} |
| receipts that failed verification | ${b.receiptsInvalid} |
| wallets whose balance ≠ deposit − debits, or with anything still held | ${b.walletsWrong} |
| replays with the same key redelivered (fresh nonce, same body, no second debit) | ${b.replaysRedelivered} / ${b.replays} |

| prepaid RPC blocks (${k.blocks} of 1,000) | count |
|---|---|
| block calls sent (one \`Idempotency-Key\` each) | ${k.sent} |
| served during the load / only by the try after the load / never served | ${k.served} / ${k.servedFinal} / ${k.notServed} |
| credits used in the ledger / calls served | ${k.creditsUsed} / ${k.served + k.servedFinal} |
| **double-charged** (two first servings for one key) | **${k.doubleCharged}** |
| blocks whose credits used ≠ calls served, or with a live hold | ${k.blocksWrong} |
| replays with the same key redelivered (no credit taken) | ${k.replaysRedelivered} / ${k.replays} |

| spend governance (${spend.agents.length} agents, daily limit ${spend.agents[0]?.dailyCents} cents each, 1-500 cents a check) | count |
|---|---|
| checks paid (0.01 each, per call, payer proof) / answered to the client | ${sp.paid} / ${sp.answered} |
| allowed / denied (of them over the daily limit) | ${sp.allowed} / ${sp.denied} (${sp.deniedDailyLimit}) |
| allowed, then confirmed / voided / the step never answered (its state taken as the database has it) | ${sp.confirmed} / ${sp.voided} / ${sp.settleUnanswered} |
| audit entries / reservations in the database | ${sp.auditEntries} / ${sp.reservations} |
| **answered checks missing from the audit, or with another decision or amount** | **${sp.answeredMissing}** |
| **reservations not as the client left them** (missing, another amount, a denial reserved, not confirmed or voided as answered) | **${sp.reservationsWrong}** |
| **agents whose usage exceeded the daily limit at any moment** (rebuilt from the reservations) / allowed decisions that saw usage over it | **${sp.overLimit}** / ${sp.allowedOverLimit} |
| per agent: highest usage / usage at the end / the owner's policy read (cents) | ${spend.agents.map((a) => `${a.maxUsedCents} / ${a.usedCents} / ${a.readUsedCents}`).join('; ')} |
| policy reads that disagree with the reservations | ${sp.usageReadsWrong} |
| decisions no client was answered (the call failed after the check committed, the retried proof decided again; not charged) / of them allowed, still reserved | ${sp.orphanDecisions} / ${sp.orphanAllowed} |

| messaging bot pool (${m.seeded} bots seeded) | count |
|---|---|
| bot-months paid (0.50 each, per call, payer proof) / renewals paid | ${m.provisionsPaid} / ${m.renewalsPaid} |
| leases served to a client (${m.provisionsServedAfterLoad} of them only by the try after the load) / renewals served | ${m.leasesServed + m.provisionsServedAfterLoad} / ${m.renewalsServed} |
| released (answered) / release never answered / never released (kept by choice, at most 8; served only after the load; or a renewal still to come when it stopped) | ${m.released} / ${m.releasesUnanswered} / ${m.keptOpen} |
| leases in the database | ${m.leasesInDb} |
| **served leases missing, on another bot, or not open while the client still holds them** | **${m.servedMissing}** |
| **served renewals missing** / leases whose end ≠ start + 30 days per month | **${m.renewalsMissing}** / ${m.endsWrong} |
| **answered releases that did not end their lease** | **${m.releasesWrong}** |
| **bots leased to two holders at once** (overlapping leases of one bot) / bots whose state disagrees with their open leases | **${m.overlaps}** / ${m.stateWrong} |
| tokens wrong (a held lease's token not the bot's, or a released and reset bot still taking the old one) | ${m.tokensWrong} |
| bots in the pool at the end (${m.bots} of ${m.seeded}) | ${Object.entries(m.states)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ')} |
| leases no client was served (the bot leased, the call failed after, the retried proof leased another; not charged) / still open | ${m.orphanLeases} / ${m.orphanOpen} |
| renewals applied beyond those served (same cause: a retried renewal proof renewed again; charged once) | ${m.renewalsBeyondServed} |`;
  const circuitText = c
    ? `\n### Circuit (fault ${timeline.indexOf(circuit) + 1})\n\nWhile the weather upstream answered 503 (its root too, so the background probes, every 5 s here, saw it down), one unpaid
\`GET /toll/weather/current\` a second was sent beside the load: **${c.refused} of ${c.asked} were refused with 503 before any payment**
(no 402, nothing to pay; the first ${c.firstRefusedS} s after the fault began; other answers: ${c.other}), the rest got the 402. Paid weather calls of the load that
failed meanwhile: ${c.failedPaid} (${c.failedPaidReasons}; released, reconciled above). After the upstream healed, the first 402 came back
after **${c.closedAfterHealS} s** (the probe seeing the provider up again).

A paid proof meeting the open circuit: ${c.prepaid} weather calls were paid before the outage began; once an unpaid request saw the
circuit open, each was redeemed: **${c.prepaidRefused} of ${c.prepaid} refused with 503 before any charge** (the error's \`payment.status\`
"unused", nothing settled and no credit used in the ledger right after; answers: ${c.prepaidOpenAnswers}); after the circuit closed
the same proofs were redeemed again: **${c.prepaidServed} of ${c.prepaid} served** (charged once, reconciled above).\n`
    : '';
  const failover = timeline.find((f) => f.failover && f.killedAt);
  const f = failover && failoverFigures(failover, jobs, t0);
  const failoverText = f
    ? `\n### Failover: RTO and RPO\n\nThe standby was promoted ${f.promotedS} s after the kill. **RTO ${f.rtoS} s**: the first failed answer came ${f.firstFailS} s
after the kill, the first 200 to a request sent after the switch ${f.recoveredS} s after it (last failure ${f.lastFailS} s after it; ${f.failedCount}
failed answers in all, every one retried above). **RPO: ${f.acked - f.present} of ${f.acked}** paid calls acknowledged to a client before the
kill (${f.ackedByKind}) missing or wrong on the promoted standby (nothing committed lost); for spend checks and
bot-months that includes their audit entry, reservation or lease as the client was told it.\n`
    : '';
  const body = `${begin(mode)}
## ${TITLES[mode]}

Command: \`${command}\` on ${machine()}.

${setup}

### Fault timeline

Seconds after the load started (negative: before it); "healed" is when the restarted part was ready again (replica ready, every
gateway routing every group, Postgres accepting connections, upstream answering).

| # | fault | started s | healed s | calls in flight meanwhile that got no 200 | detail |
|---|---|---|---|---|---|
${faultRows.join('\n')}

### Every paid call

${headline}

${summary}

Result: **${pass ? 'PASS' : 'FAIL'}**.
${failoverText}${circuitText}
### Answers other than 200 during the load

${notServed.length} of ${loadAttempts.length} attempts (all kinds); status 0 = no HTTP answer (connection refused or reset).
Latency over all attempts: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${slowest.ms} ms (${slowest.kind ?? ''}, sent at ${sec(slowest.at)} s, answered ${slowest.status} ${slowest.reason ?? ''}).
Challenges that failed before anything was paid: ${load.challengeFailures.length}; payments that failed on the local chain: ${load.paymentFailures}.

| kind | status | reason | count |
|---|---|---|---|
${tally(notServed, (a) => `${a.kind} | ${a.status} | ${a.reason ?? ''}`)
  .map(([key, n]) => `| ${key} | ${n} |`)
  .join('\n')}

### Holds in the ledger at the end (per call, deposits and blocks)

| status | reason | count |
|---|---|---|
${holds.map((h) => `| ${h.status} | ${h.reason} | ${h.n} |`).join('\n')}
${
  failures.length + balance.failures.length + blocks.failures.length + spend.failures.length + messaging.failures.length
    ? `\n### Failures\n\n${[
        ...failures,
        ...balance.failures,
        ...blocks.failures,
        ...spend.failures,
        ...messaging.failures,
      ]
        .slice(0, 20)
        .map(
          (x) =>
            `- ${x.verdict}: \`${x.path}\` ${x.signature}; ledger ${JSON.stringify(x.ledger)}; attempts ${JSON.stringify(x.attempts)}`,
        )
        .join('\n')}\n`
    : ''
}${end(mode)}`;
  writeFileSync(FILE, merge(existsSync(FILE) ? readFileSync(FILE, 'utf8') : '', mode, body));
  const text =
    `${headline}\n\n${summary}${failoverText}${circuitText}\n\nFaults:\n${faultRows.join('\n')}\n\nResult: ` +
    `${pass ? 'PASS' : 'FAIL'}. Logs: ${logDir}; report: docs/reliability.md`;
  return { pass, text };
}

// The file: the intro, each mode's section (this run's replacing its own), the lessons. A file from before the modes
// had one unmarked "## Latest run" section: it was the single mode's.
function merge(previous, mode, body) {
  const sections = {};
  for (const m of MODES) {
    const [from, to] = [previous.indexOf(begin(m)), previous.indexOf(end(m))];
    if (from >= 0 && to > from) sections[m] = previous.slice(from, to + end(m).length);
  }
  if (!Object.keys(sections).length && previous.includes('## Latest run') && previous.includes(LESSONS)) {
    sections.single =
      `${begin('single')}\n${previous.slice(previous.indexOf('## Latest run'), previous.indexOf(LESSONS)).trim()}\n` +
      `${end('single')}`;
  }
  sections[mode] = body;
  const lessons = previous.includes(LESSONS) ? previous.slice(previous.indexOf(LESSONS)) : '';
  return [INTRO, ...MODES.filter((m) => sections[m]).map((m) => sections[m]), lessons].filter(Boolean).join('\n');
}

module.exports = { writeReport };
