// Reconciliation of the state that spend and messaging keep, read from their own databases once the load is over (the
// promoted standby after a failover) and set against what the clients were told. Their payments are judged with every
// other per-call proof (reconcile.js): charged once if served, not at all otherwise.
const { Client } = require('pg');
const { call, freeFailed, sendFree } = require('./load');
const { inParallel } = require('./reconcile');

const DAY_MS = 86_400_000;
const LEASE_MS = 30 * DAY_MS; // apps/messaging/src/pricing.ts: a bot-month is 30 days

async function query(dbUrl, sql) {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.end();
  }
}

const servedAnswer = (proof) => proof.attempts.some((a) => a.status === 200) && proof.answer;

// A free step that never got an answer (no answer, or a 5xx) is sent once more after the load, as the client would,
// asking again 3 s apart for up to a minute. A step the load never sent is not sent now: the client never asked for it.
async function finishFreeSteps(steps, gateways, t0, workers) {
  const open = steps.filter((j) => j.attempts.length && j.attempts.every(freeFailed));
  await inParallel(open, workers, async (j) => {
    const end = Date.now() + 60_000;
    while (freeFailed(await sendFree(j, gateways, t0, 'final')) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 3_000));
  });
}

// What a free step finally got: 'ok' (a 200), 'refused' (a 4xx to its first try), 'unanswered' (never an answer of
// ours), 'landed' (failed tries, then a 4xx: a repeat after the first try landed, e.g. a release's 404) or 'unsent'.
function outcome(step) {
  if (!step || !step.attempts.length) return 'unsent';
  if (step.attempts.some((a) => a.status === 200)) return 'ok';
  if (!freeFailed(step.attempts[0])) return 'refused';
  return step.attempts.some((a) => !freeFailed(a)) ? 'landed' : 'unanswered';
}

// Spend: every check a client was answered is in the audit exactly once with the decision and amount it was told, an
// allowed one has its reservation in the state the client's confirm or void left (any state when that step never got
// an answer), the usage of every agent never exceeded its daily limit at any moment (rebuilt from the reservations:
// each adds its amount when held and gives back what a void or a lower confirm returned when settled), every allowed
// decision saw a usage within the limit, and the policy read agrees with the reservations.
async function reconcileSpend({ proofs, steps, agents, dbUrl, gateways, t0, workers }) {
  await finishFreeSteps(
    steps.filter((s) => s.app === 'spend'),
    gateways,
    t0,
    workers,
  );
  const [audit, reservations] = await Promise.all([
    query(
      dbUrl,
      `SELECT decision_id::text AS id, agent_id, decision, amount_cents::text AS amount, reasons, windows
       FROM audit_entries ORDER BY seq`,
    ),
    query(
      dbUrl,
      `SELECT decision_id::text AS id, agent_id, amount_cents::text AS amount, confirmed_cents::text AS confirmed,
              status, held_at, settled_at
       FROM reservations`,
    ),
  ]);
  const auditById = new Map(audit.map((e) => [e.id, e]));
  const reservationById = new Map(reservations.map((r) => [r.id, r]));
  const checks = proofs.filter((p) => p.app === 'spend');
  const counts = {
    paid: checks.length,
    answered: 0,
    allowed: 0,
    denied: 0,
    deniedDailyLimit: 0,
    confirmed: 0,
    voided: 0,
    settleUnanswered: 0,
    auditEntries: audit.length,
    reservations: reservations.length,
    answeredMissing: 0,
    reservationsWrong: 0,
    orphanDecisions: 0,
    orphanAllowed: 0,
    overLimit: 0,
    allowedOverLimit: 0,
    usageReadsWrong: 0,
  };
  const failures = [];
  const fail = (verdict, signature, ledger, attempts = []) =>
    failures.push({ verdict, path: 'POST /toll/spend/check', signature, ledger, attempts });
  const known = new Set();
  for (const proof of checks) {
    const answer = servedAnswer(proof);
    if (!answer) continue;
    counts.answered++;
    known.add(answer.decision_id);
    const entry = auditById.get(answer.decision_id);
    if (
      !entry ||
      entry.decision !== answer.decision ||
      entry.amount !== String(answer.amount_usd_cents) ||
      entry.agent_id !== answer.agent_id
    ) {
      counts.answeredMissing++;
      proof.stateWrong = true;
      fail('spendAnsweredMissing', proof.signature, { answer: answer.decision_id, entry }, proof.attempts);
      continue;
    }
    if (answer.decision === 'deny') {
      counts.denied++;
      if (answer.reasons.some((r) => r.code === 'DAILY_LIMIT')) counts.deniedDailyLimit++;
      if (reservationById.has(answer.decision_id)) {
        counts.reservationsWrong++;
        fail('spendDeniedReserved', proof.signature, reservationById.get(answer.decision_id));
      }
      continue;
    }
    counts.allowed++;
    const r = reservationById.get(answer.decision_id);
    const settle = proof.settle;
    const done = outcome(settle);
    if (done === 'unanswered' || done === 'landed') counts.settleUnanswered++;
    const asked = settle?.json.amount_usd_cents ?? answer.amount_usd_cents;
    const right =
      r &&
      r.amount === String(answer.amount_usd_cents) &&
      (done === 'unanswered' ||
        done === 'landed' ||
        (done === 'unsent' && r.status === 'held') ||
        (done === 'ok' && settle.op === 'void' && r.status === 'voided') ||
        (done === 'ok' && settle.op === 'confirm' && r.status === 'confirmed' && r.confirmed === String(asked)));
    if (done === 'ok') counts[settle.op === 'void' ? 'voided' : 'confirmed']++;
    if (!right) {
      counts.reservationsWrong++;
      proof.stateWrong = true;
      fail('spendReservationWrong', proof.signature, { reservation: r ?? null, step: settle?.op, done }, [
        ...proof.attempts,
        ...(settle?.attempts ?? []),
      ]);
    }
  }
  // Decisions committed whose answer reached no client: the call failed after the check, its hold was released, and a
  // retry of the same proof decided again. Not charged (reconcile.js); an allowed one keeps its budget reserved.
  for (const e of audit.filter((x) => !known.has(x.id))) {
    counts.orphanDecisions++;
    if (e.decision === 'allow') counts.orphanAllowed++;
  }
  for (const agent of agents) {
    // Usage over time: + amount when held, − what was given back when settled (ties: the give-back first).
    const events = reservations
      .filter((r) => r.agent_id === agent.id)
      .flatMap((r) => {
        const back =
          r.status === 'voided'
            ? BigInt(r.amount)
            : r.status === 'confirmed'
              ? BigInt(r.amount) - BigInt(r.confirmed)
              : 0n;
        return [
          { at: r.held_at.getTime(), delta: BigInt(r.amount) },
          ...(back > 0n ? [{ at: r.settled_at.getTime(), delta: -back }] : []),
        ];
      })
      .sort((a, b) => a.at - b.at || (a.delta < b.delta ? -1 : 1));
    let used = 0n;
    let max = 0n;
    for (const e of events) {
      used += e.delta;
      if (used > max) max = used;
    }
    agent.maxUsedCents = String(max);
    agent.usedCents = String(used);
    if (max > BigInt(agent.dailyCents)) {
      counts.overLimit++;
      fail('spendOverLimit', agent.id, { maxUsedCents: String(max), dailyLimitCents: agent.dailyCents });
    }
    for (const e of audit.filter((x) => x.agent_id === agent.id && x.decision === 'allow')) {
      const daily = e.windows.find((w) => w.window === 'daily');
      if (daily.limit_cents !== null && daily.used_after_cents > daily.limit_cents) {
        counts.allowedOverLimit++;
        fail('spendAllowedOverLimit', e.id, daily);
      }
    }
    // The owner's view through the gateway agrees with the reservations.
    const read = await call(
      `${gateways[0]}/toll/spend/policy/${agent.id}?read_key=${encodeURIComponent(agent.readKey)}`,
    );
    const daily = read.body?.usage?.find((w) => w.window === 'daily');
    agent.readUsedCents = daily?.used_cents;
    if (read.status !== 200 || String(daily?.used_cents) !== String(used)) {
      counts.usageReadsWrong++;
      fail('spendUsageReadWrong', agent.id, { status: read.status, read: daily ?? null, reservations: String(used) });
    }
  }
  const pass =
    counts.answeredMissing === 0 &&
    counts.reservationsWrong === 0 &&
    counts.overLimit === 0 &&
    counts.allowedOverLimit === 0 &&
    counts.usageReadsWrong === 0;
  return { counts, failures, agents, pass };
}

// Messaging: no bot was ever leased to two holders at once (the leases of each bot never overlap, and a bot is
// `leased` exactly when it has one open lease), every bot-month a client was served is in the database on the bot it
// was told with every renewal it was served, its end 30 days per month from its start, still open (the bot leased and
// answering the client's token) unless released, every answered release ended exactly its lease and freed its bot,
// and the pool holds every bot it was seeded with.
async function reconcileMessaging({ proofs, steps, leases, dbUrl, gateways, t0, workers, botApi, seeded }) {
  const releases = steps.filter((s) => s.app === 'messaging');
  await finishFreeSteps(releases, gateways, t0, workers);
  const [bots, rows] = await Promise.all([
    query(dbUrl, `SELECT id::text AS id, telegram_id::text AS telegram_id, username, state FROM bots`),
    query(
      dbUrl,
      `SELECT id::text AS id, bot_id::text AS bot_id, starts_at, ends_at, renewals, ended_at, end_reason
       FROM leases ORDER BY starts_at`,
    ),
  ]);
  const botById = new Map(bots.map((b) => [b.id, b]));
  const leaseById = new Map(rows.map((l) => [l.id, l]));
  const provisions = proofs.filter((p) => p.app === 'messaging' && !p.renewalOf);
  const renewals = proofs.filter((p) => p.renewalOf);
  const counts = {
    provisionsPaid: provisions.length,
    renewalsPaid: renewals.length,
    leasesServed: leases.length,
    provisionsServedAfterLoad: 0,
    renewalsServed: 0,
    released: 0,
    releasesUnanswered: 0,
    keptOpen: 0,
    leasesInDb: rows.length,
    servedMissing: 0,
    renewalsMissing: 0,
    renewalsBeyondServed: 0,
    endsWrong: 0,
    releasesWrong: 0,
    tokensWrong: 0,
    overlaps: 0,
    stateWrong: 0,
    orphanLeases: 0,
    orphanOpen: 0,
    bots: bots.length,
    seeded,
    states: {},
  };
  const failures = [];
  const fail = (verdict, signature, ledger, attempts = []) =>
    failures.push({ verdict, path: 'POST /toll/messaging/provision', signature, ledger, attempts });
  // A provision served only by the try after the load has no lease entry of the load's: add it, kept open.
  const held = [...leases];
  for (const p of provisions)
    if (servedAnswer(p) && !held.some((l) => l.proof === p)) {
      counts.provisionsServedAfterLoad++;
      const { lease, bot } = p.answer;
      held.push({ proof: p, id: lease.lease_id, key: lease.lease_key, username: bot.username, token: bot.token });
    }
  const known = new Set(held.map((l) => l.id));
  for (const lease of held) {
    const row = leaseById.get(lease.id);
    const bot = row && botById.get(row.bot_id);
    const failuresBefore = failures.length;
    if (!row || bot.username !== lease.username) {
      lease.proof.stateWrong = true;
      counts.servedMissing++;
      fail('leaseServedMissing', lease.proof.signature, { lease: lease.id, row: row ?? null }, lease.proof.attempts);
      continue;
    }
    const served = renewals.filter((p) => p.renewalOf === lease && servedAnswer(p));
    counts.renewalsServed += served.length;
    if (row.renewals < served.length) {
      counts.renewalsMissing++;
      fail('leaseRenewalMissing', lease.proof.signature, { row, served: served.length });
    }
    // A renewal applied twice for one served answer: its first try renewed, the call failed after, and the retry of
    // the same proof renewed again (charged once: reconcile.js).
    counts.renewalsBeyondServed += Math.max(0, row.renewals - served.length);
    if (row.ends_at.getTime() - row.starts_at.getTime() !== LEASE_MS * (1 + row.renewals)) {
      counts.endsWrong++;
      fail('leaseEndWrong', lease.proof.signature, row);
    }
    const release = releases.find((s) => s.lease === lease);
    const done = outcome(release);
    if (done === 'unanswered') counts.releasesUnanswered++;
    const current = botApi.bots.get(Number(bot.telegram_id))?.token;
    if (done === 'ok' || done === 'landed') {
      counts.released++;
      if (!row.ended_at || row.end_reason !== 'released') {
        counts.releasesWrong++;
        fail('leaseReleaseWrong', lease.proof.signature, row, release.attempts);
      } else if (bot.state === 'available' && current === lease.token) {
        // A bot back in the pool was reset: the previous holder's token is dead.
        counts.tokensWrong++;
        fail('releasedTokenAlive', lease.proof.signature, { bot: bot.username });
      }
    } else if (done === 'unsent' || done === 'refused') {
      if (done === 'unsent') counts.keptOpen++;
      const open = !row.ended_at && bot.state === 'leased';
      if (!open) {
        counts.servedMissing++;
        fail('leaseNotOpen', lease.proof.signature, { row, bot: bot.state, release: done }, release?.attempts);
      } else if (current !== lease.token) {
        counts.tokensWrong++;
        fail('leaseTokenWrong', lease.proof.signature, { bot: bot.username });
      }
    }
    if (failures.length > failuresBefore) lease.proof.stateWrong = true;
  }
  // Each bot's leases one after the other, and `leased` exactly when one is open.
  for (const bot of bots) {
    counts.states[bot.state] = (counts.states[bot.state] ?? 0) + 1;
    const mine = rows.filter((l) => l.bot_id === bot.id);
    for (let i = 1; i < mine.length; i++) {
      const prev = mine[i - 1];
      const end = (prev.ended_at ?? prev.ends_at).getTime();
      if (!prev.ended_at || end > mine[i].starts_at.getTime()) {
        counts.overlaps++;
        fail('botLeasedTwice', bot.username, { first: prev, second: mine[i] });
      }
    }
    const open = mine.filter((l) => !l.ended_at).length;
    if ((bot.state === 'leased') !== (open === 1) || open > 1) {
      counts.stateWrong++;
      fail('botStateWrong', bot.username, { state: bot.state, openLeases: open });
    }
  }
  // Leases no client was served: the call failed after the bot was leased, its hold was released, and a retry of the
  // same proof leased another bot. Not charged; an open one keeps its bot out of the pool until it expires.
  for (const l of rows.filter((x) => !known.has(x.id))) {
    counts.orphanLeases++;
    if (!l.ended_at) counts.orphanOpen++;
  }
  const pass =
    counts.servedMissing === 0 &&
    counts.renewalsMissing === 0 &&
    counts.endsWrong === 0 &&
    counts.releasesWrong === 0 &&
    counts.tokensWrong === 0 &&
    counts.overlaps === 0 &&
    counts.stateWrong === 0 &&
    counts.bots === seeded;
  return { counts, failures, pass };
}

module.exports = { reconcileSpend, reconcileMessaging };
