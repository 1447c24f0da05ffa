// Steady paid load. Each worker asks a random gateway for a 402, pays it on the local chain (USDC memo flow),
// redeems the proof on a random gateway and records what it saw. A proof that was not served is retried later,
// unchanged: a failed attempt must have left it redeemable (hold released, or expired after the hold TTL).
const { Connection, Keypair } = require('@solana/web3.js');
const { memoPaymentInstructions, sendAndConfirm } = require('@toll/client');
const { createHash } = require('node:crypto');
const { sleep } = require('./stack');

// Longer than any server-side deadline (verify 40 s), so the client never walks away from a request the
// gateway may still settle.
const REQUEST_TIMEOUT_MS = 60_000;
// Refusals that another try can change; any other 402 is final for that proof.
const RETRYABLE_402 = new Set(['proof_in_use', 'transaction_not_found']);
// 3 s, 6 s, then 12 s: past the 10 s hold TTL, so a hold left by a dead gateway has expired by then.
const retryDelay = (n) => Math.min(3_000 * 2 ** (n - 1), 12_000);

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const coordinate = (min, span) => (min + Math.random() * span).toFixed(2);
// Weather points vary per call so each one misses the cache and reaches the upstream (a cache hit would hide
// an upstream hang). One weather call in four.
const OPERATIONS = [
  () => '/toll/devutils/gen/uuid',
  () => '/toll/devutils/gen/uuid',
  () => '/toll/devutils/gen/uuid',
  () => `/toll/weather/current?lat=${coordinate(40, 20)}&lon=${coordinate(0, 20)}`,
];

// One HTTP answer reduced to status and reason (a 402's `error`, the refusal reason, or the envelope's code), whether
// it was a redelivery of an answer already paid for, and a digest of the body to compare redeliveries with.
async function call(url, headers = {}) {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: reason stays undefined
    }
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    return { status: res.status, reason: typeof body?.error === 'string' ? body.error : body?.error?.code, body, redelivery: res.headers.get('x-toll-redelivery'), digest };
  } catch (e) {
    return { status: 0, reason: e.cause?.code ?? e.name }; // no answer: connection refused or reset, timeout
  }
}

// One redemption of a proof on a random gateway (at `path`, the proof's own request unless given), appended to the
// proof's attempts.
async function redeem(proof, gateways, t0, phase, path = proof.path) {
  const sep = path.includes('?') ? '&' : '?';
  const started = Date.now();
  const r = await call(`${pick(gateways)}${path}${sep}toll_memo=${encodeURIComponent(proof.memo)}`, { 'x-payment-tx': proof.signature });
  proof.attempts.push({ at: started - t0, ms: Date.now() - started, phase, status: r.status, reason: r.reason, redelivery: r.redelivery, digest: r.status === 200 ? r.digest : undefined });
  return r;
}

async function runLoad({ gateways, chain, workers, t0, until }) {
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const connection = new Connection(chain.url, 'confirmed');
  const proofs = [];
  const pending = []; // proofs waiting for their next try
  const stats = { challengeFailures: 0, paymentFailures: 0 };

  const attempt = async (proof) => {
    const r = await redeem(proof, gateways, t0, 'load');
    if (r.status === 200 || (r.status === 402 && !RETRYABLE_402.has(r.reason))) return;
    proof.retryAt = Date.now() + retryDelay(proof.attempts.length);
    pending.push(proof);
  };

  const newPaidRequest = async () => {
    const path = pick(OPERATIONS)();
    const challenge = await call(`${pick(gateways)}${path}`);
    if (challenge.status !== 402 || !challenge.body?.toll) {
      stats.challengeFailures++; // nothing paid yet, so nothing to reconcile; back off while the fault lasts
      return sleep(250);
    }
    let signature;
    try {
      signature = await sendAndConfirm(connection, payer, memoPaymentInstructions(challenge.body.toll, 'USDC', payer.publicKey));
    } catch (e) {
      stats.paymentFailures++;
      return console.error(`payment failed on the local chain: ${e.message}`);
    }
    const proof = { path, memo: challenge.body.toll.memo, signature, attempts: [] };
    proofs.push(proof);
    await attempt(proof);
  };

  const worker = async () => {
    while (Date.now() < until) {
      const due = pending.findIndex((p) => p.retryAt <= Date.now());
      if (due >= 0) await attempt(pending.splice(due, 1)[0]);
      else await newPaidRequest();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return { proofs, ...stats };
}

module.exports = { runLoad, redeem };
