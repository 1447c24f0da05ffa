// Reconciliation of every paid request against the payments ledger and against what the client saw.
const { Client } = require('pg');
const { redeem } = require('./load');

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
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

const okIn = (proof, phase) => proof.attempts.some((a) => a.status === 200 && a.phase === phase);
const chargedOnce = (row) => row.settled === 1 && row.credits_used === 1;
// A 200 that ran the operation; a redelivery (x-toll-redelivery) hands back the answer already paid for.
const firstServings = (proof) => proof.attempts.filter((a) => a.status === 200 && !a.redelivery);
// Every 200 for one proof carries the same body: a redelivery is the stored answer, byte for byte.
const sameAnswer = (proof) => new Set(proof.attempts.filter((a) => a.status === 200).map((a) => a.digest)).size <= 1;
// Another request on a served proof (other coordinates), which must be refused: a proof buys one request.
const otherRequest = (proof) => (proof.path.includes('/weather/') ? proof.path.replace(/lat=[\d.]+/, 'lat=1.23') : undefined);

// Call once every fault has healed and every hold the load left behind has passed its TTL.
async function reconcile({ proofs, dbUrl, gateways, t0, workers }) {
  // 1. A proof the load never got served must be untouched in the ledger (no credit used, nothing settled,
  //    no live hold), and redeeming it once more must now serve it.
  const before = await readLedger(dbUrl);
  const untouched = proofs.filter((p) => !okIn(p, 'load')).filter((p) => {
    const row = before.payments.get(p.signature) ?? NO_ROW;
    return row.credits_used === 0 && row.settled === 0 && row.active === 0;
  });
  await inParallel(untouched, workers, (p) => redeem(p, gateways, t0, 'final'));
  // 2. Replaying every served proof: the same request gets its answer redelivered (the same body, no second charge);
  //    another request on the same proof is refused.
  const served = proofs.filter((p) => okIn(p, 'load') || okIn(p, 'final'));
  await inParallel(served, workers, (p) => redeem(p, gateways, t0, 'replay'));
  const others = served.filter(otherRequest);
  await inParallel(others, workers, (p) => redeem(p, gateways, t0, 'other', otherRequest(p)));
  // 3. The final ledger: a served request is exactly one settled hold and one used credit.
  const after = await readLedger(dbUrl);
  const counts = { sent: proofs.length, servedFirstTry: 0, servedAfterRetry: 0, redeemable: 0, lost: 0, doubleCharged: 0, servedUncharged: 0 };
  const failures = [];
  for (const p of proofs) {
    const row = after.payments.get(p.signature) ?? NO_ROW;
    let verdict;
    if (firstServings(p).length > 1 || row.settled > 1 || row.credits_used > 1 || !sameAnswer(p) || p.attempts.some((a) => a.phase === 'other' && a.status === 200)) verdict = 'doubleCharged';
    else if (okIn(p, 'load')) verdict = !chargedOnce(row) ? 'servedUncharged' : p.attempts[0].status === 200 ? 'servedFirstTry' : 'servedAfterRetry';
    else verdict = okIn(p, 'final') && chargedOnce(row) ? 'redeemable' : 'lost';
    counts[verdict]++;
    if (['doubleCharged', 'servedUncharged', 'lost'].includes(verdict)) failures.push({ verdict, path: p.path, signature: p.signature, ledger: row, attempts: p.attempts });
  }
  const known = new Set(proofs.map((p) => p.signature));
  counts.unknownPayments = [...after.payments.keys()].filter((k) => !known.has(k)).length; // ledger rows nobody paid for
  const replays = proofs.flatMap((p) => p.attempts.filter((a) => a.phase === 'replay'));
  counts.replays = replays.length;
  counts.replaysRedelivered = replays.filter((a) => a.status === 200 && a.redelivery).length;
  const otherAttempts = proofs.flatMap((p) => p.attempts.filter((a) => a.phase === 'other'));
  counts.others = otherAttempts.length;
  // The memo names the request it was issued for: another request is refused before any hold (issue 32).
  counts.othersRefused = otherAttempts.filter((a) => a.status === 402 && a.reason === 'memo_wrong_input').length;
  counts.redeliveredDuringLoad = proofs.filter((p) => p.attempts.some((a) => a.phase === 'load' && a.status === 200 && a.redelivery)).length;
  return { counts, failures, holds: after.holds };
}

module.exports = { reconcile };
