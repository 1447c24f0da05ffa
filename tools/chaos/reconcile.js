// Reconciliation of every paid request against the payments ledger and against what the client saw.
const { ownerAuth, verifyReceipt } = require('@toll/client');
const { Client } = require('pg');
const { URLSearchParams } = require('node:url');
const { call, redeem, spendBalance, spendBlock } = require('./load');

// Per payment (proof_key = the memo-flow transaction signature): credits used, settled holds, live holds.
const PAYMENTS_SQL = `
  SELECT p.proof_key, p.credits_used,
         count(h.id) FILTER (WHERE h.status = 'settled')::int AS settled,
         count(h.id) FILTER (WHERE h.status = 'held' AND h.expires_at > now())::int AS active
  FROM payments p LEFT JOIN holds h ON h.payment_id = p.id
  GROUP BY p.id`;
const HOLDS_SQL = `SELECT status, coalesce(reason, '') AS reason, count(*)::int AS n FROM holds GROUP BY 1, 2 ORDER BY 3 DESC`;
const NO_ROW = { credits_used: 0, settled: 0, active: 0 }; // payments never took a hold on this proof

async function readLedger(dbUrl) {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const payments = new Map((await db.query(PAYMENTS_SQL)).rows.map((r) => [r.proof_key, r]));
    return { payments, holds: (await db.query(HOLDS_SQL)).rows };
  } finally {
    await db.end();
  }
}

async function inParallel(items, n, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

// A check after the load asks until it gets an answer: no answer or a 5xx (an overloaded replica, a transaction that
// timed out, a circuit still open after the last fault: its pause is 30 s) says nothing about the payment, so it is
// tried again, 3 s apart, for up to a minute; only the last try counts in its phase, the earlier ones are kept as
// '<phase>-retried'.
const ANSWER_WITHIN_MS = 60_000;
async function answered(job, ask) {
  const end = Date.now() + ANSWER_WITHIN_MS;
  for (;;) {
    const r = await ask();
    if ((r.status !== 0 && r.status < 500) || Date.now() > end) return r;
    job.attempts.at(-1).phase += '-retried';
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

const okIn = (proof, phase) => proof.attempts.some((a) => a.status === 200 && a.phase === phase);
const chargedOnce = (row) => row.settled === 1 && row.credits_used === 1;
// A 200 that ran the operation; a redelivery (x-toll-redelivery) hands back the answer already paid for.
const firstServings = (proof) => proof.attempts.filter((a) => a.status === 200 && !a.redelivery);
// Every 200 for one proof carries the same body: a redelivery is the stored answer, byte for byte.
const sameAnswer = (proof) => new Set(proof.attempts.filter((a) => a.status === 200).map((a) => a.digest)).size <= 1;
// Another request on a served proof (other coordinates), which must be refused: a proof buys one request.
const otherRequest = (proof) =>
  proof.path.includes('/weather/') ? proof.path.replace(/lat=[\d.]+/, 'lat=1.23') : undefined;

// Call once every fault has healed and every hold the load left behind has passed its TTL.
async function reconcile({ proofs, dbUrl, gateways, t0, workers, otherPayments = [] }) {
  // 1. A proof the load never got served is redeemed once more: untouched in the ledger (no credit used, nothing
  //    settled), it must now be served; settled (charged, its answer lost and the load over before a retry got
  //    through), it must come back as a redelivery.
  const before = await readLedger(dbUrl);
  const unserved = proofs.filter((p) => !okIn(p, 'load') && (before.payments.get(p.signature) ?? NO_ROW).active === 0);
  const untouched = new Set(unserved.filter((p) => (before.payments.get(p.signature) ?? NO_ROW).credits_used === 0));
  await inParallel(unserved, workers, (p) => answered(p, () => redeem(p, gateways, t0, 'final')));
  // 2. Replaying every served proof: the same request gets its answer redelivered (the same body, no second charge);
  //    another request on the same proof is refused.
  const served = proofs.filter((p) => okIn(p, 'load') || okIn(p, 'final'));
  await inParallel(served, workers, (p) => answered(p, () => redeem(p, gateways, t0, 'replay')));
  const others = served.filter(otherRequest);
  await inParallel(others, workers, (p) => answered(p, () => redeem(p, gateways, t0, 'other', otherRequest(p))));
  // 3. The final ledger: a served request is exactly one settled hold and one used credit.
  const after = await readLedger(dbUrl);
  const counts = {
    sent: proofs.length,
    servedFirstTry: 0,
    servedAfterRetry: 0,
    redeemable: 0,
    redeliveredAfterLoad: 0,
    lost: 0,
    doubleCharged: 0,
    servedUncharged: 0,
  };
  const failures = [];
  for (const p of proofs) {
    const row = after.payments.get(p.signature) ?? NO_ROW;
    let verdict;
    if (
      firstServings(p).length > 1 ||
      row.settled > 1 ||
      row.credits_used > 1 ||
      !sameAnswer(p) ||
      p.attempts.some((a) => a.phase === 'other' && a.status === 200)
    )
      verdict = 'doubleCharged';
    else if (okIn(p, 'load'))
      verdict = !chargedOnce(row)
        ? 'servedUncharged'
        : p.attempts[0].status === 200
          ? 'servedFirstTry'
          : 'servedAfterRetry';
    else if (!okIn(p, 'final') || !chargedOnce(row)) verdict = 'lost';
    else
      verdict = untouched.has(p)
        ? 'redeemable'
        : p.attempts.some((a) => a.phase === 'final' && a.status === 200 && a.redelivery)
          ? 'redeliveredAfterLoad'
          : 'lost';
    counts[verdict]++;
    p.verdict = verdict;
    if (['doubleCharged', 'servedUncharged', 'lost'].includes(verdict))
      failures.push({ verdict, path: p.path, signature: p.signature, ledger: row, attempts: p.attempts });
  }
  const known = new Set([...proofs.map((p) => p.signature), ...otherPayments]);
  // ledger rows nobody paid for
  counts.unknownPayments = [...after.payments.keys()].filter((k) => !known.has(k)).length;
  const replays = proofs.flatMap((p) => p.attempts.filter((a) => a.phase === 'replay'));
  counts.replays = replays.length;
  counts.replaysRedelivered = replays.filter((a) => a.status === 200 && a.redelivery).length;
  for (const p of proofs.filter((x) =>
    x.attempts.some((a) => a.phase === 'replay' && !(a.status === 200 && a.redelivery)),
  ))
    failures.push({
      verdict: 'replayNotRedelivered',
      path: p.path,
      signature: p.signature,
      ledger: after.payments.get(p.signature) ?? NO_ROW,
      attempts: p.attempts,
    });
  const otherAttempts = proofs.flatMap((p) => p.attempts.filter((a) => a.phase === 'other'));
  counts.others = otherAttempts.length;
  // The memo names the request it was issued for: another request is refused before any hold (issue 32).
  counts.othersRefused = otherAttempts.filter((a) => a.status === 402 && a.reason === 'memo_wrong_input').length;
  counts.redeliveredDuringLoad = proofs.filter((p) =>
    p.attempts.some((a) => a.phase === 'load' && a.status === 200 && a.redelivery),
  ).length;
  return { counts, failures, holds: after.holds };
}

// Redelivery is limited (PAYMENTS_REDELIVERY_MAX, 3 by default): a call already redelivered that often is not replayed.
const REDELIVERY_MAX = 3;
const served = (job) => job.attempts.some((a) => a.status === 200);
const replayable = (job) =>
  served(job) && job.attempts.filter((a) => a.status === 200 && a.redelivery).length < REDELIVERY_MAX;

// Balance and block calls, after the load: a call never served is tried once more with its key (a call charged but
// whose answer was lost must come back as a redelivery), a served one replayed once with its key (must be a
// redelivery: the same body, nothing charged twice). Both judged by what the client holds, call by call.
async function finishKeyedCalls(jobs, spend, gateways, t0, workers) {
  await inParallel(
    jobs.filter((j) => !served(j)),
    workers,
    (j) => answered(j, () => spend(j, gateways, t0, 'final')),
  );
  await inParallel(jobs.filter(replayable), workers, (j) => answered(j, () => spend(j, gateways, t0, 'replay')));
}

// One verdict per keyed call from the client's side: more than one first serving (a 200 that is not a redelivery) or
// two different answers is a double charge.
function judgeKeyed(job) {
  const oks = job.attempts.filter((a) => a.status === 200);
  if (oks.filter((a) => !a.redelivery).length > 1 || new Set(oks.map((a) => a.digest)).size > 1) return 'doubleCharged';
  if (!oks.length) return 'notServed';
  return oks.some((a) => a.phase === 'load') ? 'served' : 'servedFinal';
}

const replayFailures = (jobs, path) =>
  jobs
    .filter((j) => j.attempts.some((a) => a.phase === 'replay' && !(a.status === 200 && a.redelivery)))
    .map((j) => ({ verdict: 'replayNotRedelivered', path, signature: j.key, ledger: null, attempts: j.attempts }));

const replayCounts = (jobs) => {
  const replays = jobs.flatMap((j) => j.attempts.filter((a) => a.phase === 'replay'));
  return {
    replays: replays.length,
    replaysRedelivered: replays.filter((a) => a.status === 200 && a.redelivery).length,
  };
};

// Balance calls against public behaviour only: the receipts the client holds (verified with the receipt key) and the
// owner's balance read (GET /toll/payments/balance, every credit and debit). Per wallet: every debit is a receipt
// the client holds and every receipt a debit (by the receipt's settlement reference), the amounts add up, the balance
// is the deposit minus the debits and nothing is still held.
async function reconcileBalance({ calls, wallets, gateways, t0, workers, receiptKey }) {
  await finishKeyedCalls(calls, spendBalance, gateways, t0, workers);
  const counts = {
    sent: calls.length,
    served: 0,
    servedFinal: 0,
    notServed: 0,
    doubleCharged: 0,
    servedUncharged: 0,
    chargedWithoutReceipt: 0,
    receiptsInvalid: 0,
    walletsWrong: 0,
    ...replayCounts(calls),
  };
  const failures = [];
  const ledgers = [];
  for (const wallet of wallets) {
    const mine = calls.filter((c) => c.wallet === wallet);
    const input = { limit: '2000' };
    const query = new URLSearchParams({
      ...input,
      ...ownerAuth('GET', '/toll/payments/balance', input, wallet.keypair, wallet.deployment),
    });
    const read = await call(`${gateways[0]}/toll/payments/balance?${query}`);
    if (read.status !== 200) throw new Error(`balance read answered ${read.status} ${read.reason ?? ''}`);
    const debits = new Map(
      read.body.ledger.filter((e) => e.kind === 'debit').map((e) => [e.id, BigInt(e.amount_atomic)]),
    );
    const credits = read.body.ledger
      .filter((e) => e.kind === 'credit')
      .reduce((sum, e) => sum + BigInt(e.amount_atomic), 0n);
    const referenced = new Set();
    let receiptsAtomic = 0n;
    for (const job of mine) {
      let verdict = judgeKeyed(job);
      const claims = [];
      for (const { receipt, body } of job.receipts) {
        const check = verifyReceipt(receipt, receiptKey, { body });
        if (check.valid) claims.push(check.claims);
        else counts.receiptsInvalid++;
      }
      const receiptIds = new Set(claims.map((c) => c.receipt_id));
      if (receiptIds.size > 1) verdict = 'doubleCharged';
      const [claim] = claims;
      if (claim && verdict !== 'doubleCharged') {
        referenced.add(claim.settlement.reference);
        receiptsAtomic += BigInt(claim.amount_atomic);
        if (!debits.has(claim.settlement.reference)) verdict = 'servedUncharged';
      }
      counts[verdict]++;
      job.verdict = verdict;
      if (['doubleCharged', 'servedUncharged'].includes(verdict))
        failures.push({
          verdict,
          path: BALANCE_LABEL,
          signature: job.key,
          ledger: claim?.settlement ?? null,
          attempts: job.attempts,
        });
    }
    const unreceipted = [...debits.keys()].filter((id) => !referenced.has(id));
    counts.chargedWithoutReceipt += unreceipted.length;
    for (const id of unreceipted)
      failures.push({
        verdict: 'chargedWithoutReceipt',
        path: BALANCE_LABEL,
        signature: id,
        ledger: null,
        attempts: [],
      });
    const debited = [...debits.values()].reduce((a, b) => a + b, 0n);
    const right =
      credits === wallet.deposited &&
      BigInt(read.body.balance_atomic) === credits - debited &&
      read.body.held_atomic === '0' &&
      debited === receiptsAtomic &&
      read.body.ledger.length < 2000;
    if (!right) counts.walletsWrong++;
    ledgers.push({
      debits: debits.size,
      debitedAtomic: debited,
      receiptsAtomic,
      balanceAtomic: read.body.balance_atomic,
      heldAtomic: read.body.held_atomic,
      right,
    });
  }
  failures.push(...replayFailures(calls, BALANCE_LABEL));
  counts.debits = ledgers.reduce((n, l) => n + l.debits, 0);
  counts.debitedAtomic = String(ledgers.reduce((n, l) => n + l.debitedAtomic, 0n));
  counts.receiptsAtomic = String(ledgers.reduce((n, l) => n + l.receiptsAtomic, 0n));
  return { counts, failures, ledgers };
}
const BALANCE_LABEL = 'GET /toll/devutils/gen/uuid (balance)';

// Block calls: per block, the credits the ledger used equal the calls the clients were served (keys with a 200), and
// no hold is left.
async function reconcileBlocks({ calls, blocks, dbUrl, gateways, t0, workers }) {
  await finishKeyedCalls(calls, spendBlock, gateways, t0, workers);
  const { payments } = await readLedger(dbUrl);
  const counts = {
    sent: calls.length,
    served: 0,
    servedFinal: 0,
    notServed: 0,
    doubleCharged: 0,
    blocks: blocks.length,
    blocksWrong: 0,
    creditsUsed: 0,
    ...replayCounts(calls),
  };
  const failures = [];
  for (const job of calls) {
    job.verdict = judgeKeyed(job);
    counts[job.verdict]++;
    if (job.verdict === 'doubleCharged')
      failures.push({
        verdict: 'doubleCharged',
        path: 'POST /toll/rpc/ (block)',
        signature: job.key,
        ledger: null,
        attempts: job.attempts,
      });
  }
  failures.push(...replayFailures(calls, 'POST /toll/rpc/ (block)'));
  for (const block of blocks) {
    const row = payments.get(block.signature) ?? NO_ROW;
    const servedHere = calls.filter((c) => c.block === block && c.verdict !== 'notServed').length;
    counts.creditsUsed += row.credits_used;
    if (row.credits_used !== servedHere || row.active !== 0) {
      counts.blocksWrong++;
      block.wrong = true;
      failures.push({
        verdict: row.credits_used > servedHere ? 'chargedWithoutAnswer' : 'servedUncharged',
        path: 'POST /toll/rpc/ (block)',
        signature: block.signature,
        ledger: { ...row, served: servedHere },
        attempts: [],
      });
    }
  }
  return { counts, failures };
}

module.exports = { inParallel, readLedger, reconcile, reconcileBalance, reconcileBlocks };
