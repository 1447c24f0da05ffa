// Steady paid load of five kinds. Per call: each worker asks a random gateway for a 402, pays it on the local chain
// (USDC memo flow), redeems the proof on a random gateway and records what it saw; a proof that was not served is
// retried later, unchanged: a failed attempt must have left it redeemable (hold released, or expired after the hold
// TTL). Balance: signed calls from wallets that deposited once before the load. Block: calls on prepaid RPC blocks
// bought before the load. Balance and block calls carry an Idempotency-Key per logical call and are retried with it, so
// a call whose answer was lost is redelivered (debited, or its credit used, once) and the client ends up holding it.
// Spend and messaging change state: a spend check (paid per call, payer proof) reserves budget and is then confirmed
// or voided (free); a bot-month (paid per call, payer proof) leases a bot, which is then renewed (paid) and released
// (free), or kept. Their free steps are retried until they get an answer that is not a failure of ours.
const { Connection, Keypair } = require('@solana/web3.js');
const {
  balanceDeployment,
  balanceHeaders,
  memoPaymentInstructions,
  payerProofHeaders,
  sendAndConfirm,
} = require('@toll/client');
const { createHash, randomUUID } = require('node:crypto');
const { sleep } = require('./stack');

// Longer than any server-side deadline (verify 40 s), so the client never walks away from a request the
// gateway may still settle.
const REQUEST_TIMEOUT_MS = 60_000;
// Refusals that another try can change; any other 402 is final for that proof.
const RETRYABLE_402 = new Set(['proof_in_use', 'transaction_not_found']);
// Refusals that say the balance or block cannot pay this call: final. Anything else is retried with the same key.
const FINAL_402 = new Set([
  'balance_too_low',
  'balance_cap_per_call',
  'balance_cap_per_day',
  'balance_signature_invalid',
  'balance_auth_malformed',
  'block_used_up',
]);
// 3 s, 6 s, then 12 s: past the 10 s hold TTL, so a hold left by a dead gateway has expired by then.
const retryDelay = (n) => Math.min(3_000 * 2 ** (n - 1), 12_000);
// Calls per wallet: a deposit-10 pays 2,000 calls at 0.005, and one balance read lists at most 2,000 entries (the
// credit among them), so every debit of a wallet is in one read.
const CALLS_PER_WALLET = 1_900;
const CALLS_PER_BLOCK = 1_000;
const BALANCE_PATH = '/toll/devutils/gen/uuid';
const BLOCK_PATH = '/toll/rpc/';

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const coordinate = (min, span) => (min + Math.random() * span).toFixed(2);
// Weather points vary per call so each one misses the cache and reaches the upstream (a cache hit would hide
// an upstream hang).
const PER_CALL = [
  () => '/toll/devutils/gen/uuid',
  () => '/toll/devutils/gen/uuid',
  () => `/toll/weather/current?lat=${coordinate(40, 20)}&lon=${coordinate(0, 20)}`,
];
// Of every eight new calls: three paid per call (two uuid, one weather), two from a balance, one on a block, one spend
// check and one bot-month.
const KINDS = ['call', 'call', 'call', 'balance', 'balance', 'block', 'spend', 'messaging'];
const SPEND_CHECK = { path: '/toll/spend/check', method: 'POST', operationId: 'spend.check', app: 'spend' };
const PROVISION = {
  path: '/toll/messaging/provision',
  method: 'POST',
  operationId: 'messaging.provision',
  app: 'messaging',
};
// Leases the client keeps to the end (the rest are released), out of a pool of CHAOS_BOTS (40).
const KEPT_LEASES = 8;
// Per-transaction limit of the chaos agents' policies: a check asks 1 to this many cents.
const SPEND_PER_TX_CENTS = 500;
// A free step (confirm, void, release) is retried on no answer or a 5xx; anything else is its answer.
const freeFailed = (r) => r.status === 0 || r.status >= 500;
// How long a client waits before the next step of a spend or a lease, so the steps of many overlap the faults.
const stepDelay = () => 1_000 + Math.random() * 4_000;

// One HTTP answer reduced to status and reason (a 402's `error`, the refusal reason, or the envelope's code), whether
// it was a redelivery of an answer already paid for, its receipt, and the body (with a digest to compare redeliveries).
async function call(url, { headers = {}, method = 'GET', json } = {}) {
  try {
    const init = {
      method,
      headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    };
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: reason stays undefined
    }
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    return {
      status: res.status,
      reason: typeof body?.error === 'string' ? body.error : body?.error?.code,
      body,
      text,
      redelivery: res.headers.get('x-toll-redelivery'),
      receipt: res.headers.get('x-toll-receipt'),
      digest,
    };
  } catch (e) {
    return { status: 0, reason: e.cause?.code ?? e.name }; // no answer: connection refused or reset, timeout
  }
}

const record = (job, r, started, t0, phase) => {
  job.attempts.push({
    at: started - t0,
    ms: Date.now() - started,
    phase,
    status: r.status,
    reason: r.reason,
    redelivery: r.redelivery,
    digest: r.status === 200 ? r.digest : undefined,
  });
  if (r.status === 200 && r.receipt) job.receipts.push({ receipt: r.receipt, body: r.text });
};

// One redemption of a proof on a random gateway (at `path`, the proof's own request unless given), appended to the
// proof's attempts.
async function redeem(proof, gateways, t0, phase, path = proof.path) {
  const sep = path.includes('?') ? '&' : '?';
  const started = Date.now();
  const r = await call(`${pick(gateways)}${path}${sep}toll_memo=${encodeURIComponent(proof.memo)}`, {
    method: proof.method,
    json: proof.json,
    headers: { 'x-payment-tx': proof.signature, ...proof.payerProof },
  });
  if (r.status === 200 && !proof.answer) proof.answer = r.body;
  proof.attempts.push({
    at: started - t0,
    ms: Date.now() - started,
    phase,
    status: r.status,
    reason: r.reason,
    redelivery: r.redelivery,
    digest: r.status === 200 ? r.digest : undefined,
  });
  return r;
}

// A balance call: signed afresh (new nonce) every try, the same Idempotency-Key every try.
async function spendBalance(job, gateways, t0, phase) {
  const url = `${pick(gateways)}${BALANCE_PATH}`;
  const started = Date.now();
  const r = await call(url, {
    headers: {
      ...balanceHeaders(url, { method: 'GET' }, job.wallet.keypair, job.wallet.deployment),
      'idempotency-key': job.key,
    },
  });
  record(job, r, started, t0, phase);
  return r;
}

// A block call: the block's proof, the same body and Idempotency-Key every try.
async function spendBlock(job, gateways, t0, phase) {
  const started = Date.now();
  const r = await call(`${pick(gateways)}${BLOCK_PATH}?toll_memo=${encodeURIComponent(job.block.memo)}`, {
    method: 'POST',
    json: { jsonrpc: '2.0', id: job.id, method: 'getSlot' },
    headers: { 'x-payment-tx': job.block.signature, 'idempotency-key': job.key },
  });
  record(job, r, started, t0, phase);
  return r;
}

// A free step of a spend or a lease (confirm, void, release): the same body every try.
async function sendFree(job, gateways, t0, phase) {
  const started = Date.now();
  const r = await call(`${pick(gateways)}${job.path}`, { method: 'POST', json: job.json });
  job.attempts.push({ at: started - t0, ms: Date.now() - started, phase, status: r.status, reason: r.reason });
  if (r.status === 200 && !job.answer) job.answer = r.body;
  return r;
}

// Asks for a 402 and pays it on chain; returns the proof, or throws.
async function payChallenge(gateways, connection, payer, path, { method = 'GET', json, asset = 'USDC' } = {}) {
  const challenge = await call(`${gateways[0]}${path}`, { method, json });
  if (challenge.status !== 402 || !challenge.body?.toll)
    throw new Error(`${method} ${path}: expected a 402, got ${challenge.status} ${challenge.reason ?? ''}`);
  const signature = await sendAndConfirm(
    connection,
    payer,
    memoPaymentInstructions(challenge.body.toll, asset, payer.publicKey),
  );
  return { memo: challenge.body.toll.memo, signature };
}

// Before the load: wallets that deposited 10 USD each (paid in SOL by the wallet itself, so it is the one credited),
// prepaid RPC blocks of 1,000 calls (paid in USDC by the demo wallet, not yet redeemed), and spend agents whose
// policies (free to write) allow 1 to 500 cents a check and dailyCents a day, so the load reaches the limit.
async function prepareAccounts({ gateways, chain, wallets, blocks, agents, dailyCents }) {
  const connection = new Connection(chain.url, 'confirmed');
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const accounts = { wallets: [], blocks: [], depositSignatures: [], agents: [] };
  for (let i = 1; i <= agents; i++) {
    const id = `chaos-agent-${i}`;
    const written = await call(`${gateways[0]}/toll/spend/policy`, {
      method: 'POST',
      json: { agent_id: id, per_tx_limit_cents: SPEND_PER_TX_CENTS, daily_limit_cents: dailyCents },
    });
    if (written.status !== 200 || written.body?.outcome !== 'created')
      throw new Error(`spend policy of ${id} answered ${written.status} ${written.reason ?? ''}`);
    const { check_key: checkKey, read_key: readKey } = written.body.credentials;
    accounts.agents.push({ id, checkKey, readKey, dailyCents });
  }
  const deployment = await balanceDeployment(gateways[0]);
  for (let i = 0; i < wallets; i++) {
    const keypair = Keypair.generate();
    chain.chain.airdrop(keypair.publicKey, 1_000_000_000n);
    const path = '/toll/payments/balance/deposit-10';
    const proof = await payChallenge(gateways, connection, keypair, path, { method: 'POST', json: {}, asset: 'SOL' });
    const paid = await call(`${gateways[0]}${path}?toll_memo=${encodeURIComponent(proof.memo)}`, {
      method: 'POST',
      json: {},
      headers: { 'x-payment-tx': proof.signature },
    });
    if (paid.status !== 200 || !paid.body?.credit_atomic)
      throw new Error(`deposit answered ${paid.status} ${paid.reason ?? ''}`);
    accounts.wallets.push({ keypair, deployment, deposited: BigInt(paid.body.credit_atomic), started: 0 });
    accounts.depositSignatures.push(proof.signature);
  }
  for (let i = 0; i < blocks; i++)
    accounts.blocks.push({
      ...(await payChallenge(gateways, connection, payer, BLOCK_PATH, {
        method: 'POST',
        json: { jsonrpc: '2.0', id: 0, method: 'getSlot' },
      })),
      started: 0,
    });
  return accounts;
}

// until(): when to stop taking new work (the run moves it when the faults run late).
async function runLoad({ gateways, chain, accounts, workers, t0, until }) {
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const connection = new Connection(chain.url, 'confirmed');
  const proofs = [];
  const balanceCalls = [];
  const blockCalls = [];
  const freeSteps = []; // confirms, voids and releases, each with every try
  const leases = []; // bot-months the client was served: lease id, key, bot, token
  const pending = []; // calls waiting for their next try
  // Challenges refused before anything was paid: when and why (a circuit open, or an empty bot pool, answers 503 here).
  const challengeFailures = [];
  const stats = { paymentFailures: 0, walletsUsedUp: 0, blocksUsedUp: 0 };

  const retryLater = (job, r, retryable) => {
    if (r.status === 200 || (r.status === 402 && !retryable(r.reason))) return;
    job.retryAt = Date.now() + retryDelay(job.attempts.length);
    pending.push(job);
  };
  const later = (job) => {
    job.retryAt = Date.now() + stepDelay();
    pending.push(job);
  };
  const free = (job) => {
    freeSteps.push(job);
    later(job);
  };

  // One paid request (spec: path, and for a POST its method, body and operationId): a 402 from a random gateway, paid
  // on chain, redeemed. An operation whose answer is a credential takes the payer's signature with the proof. then:
  // the client's next step, once the proof is first served. False when the challenge failed (nothing was paid).
  const paidRequest = async (spec, then) => {
    const { path, method, json, operationId } = spec;
    const started = Date.now();
    const challenge = await call(`${pick(gateways)}${path}`, { method, json });
    if (challenge.status !== 402 || !challenge.body?.toll) {
      // Nothing paid yet, so nothing to reconcile; back off while the fault lasts.
      challengeFailures.push({ at: started - t0, path, status: challenge.status, reason: challenge.reason });
      await sleep(250);
      return false;
    }
    let signature;
    try {
      signature = await sendAndConfirm(
        connection,
        payer,
        memoPaymentInstructions(challenge.body.toll, 'USDC', payer.publicKey),
      );
    } catch (e) {
      stats.paymentFailures++;
      console.error(`payment failed on the local chain: ${e.message}`);
      return false;
    }
    const memo = challenge.body.toll.memo;
    const proof = {
      kind: 'call',
      app: spec.app ?? path.split('/')[2],
      path,
      method,
      json,
      memo,
      signature,
      attempts: [],
      then,
    };
    if (spec.renewalOf) proof.renewalOf = spec.renewalOf;
    if (operationId)
      proof.payerProof = payerProofHeaders(
        operationId,
        memo,
        `${gateways[0]}${path}`,
        { method, body: JSON.stringify(json) },
        payer,
      );
    proofs.push(proof);
    await attempt.call(proof);
    return true;
  };

  // A lease's next step: a renewal (paid), a release (free), or nothing (the client keeps the bot; a few only, so the
  // pool never runs dry and a proof refused for an empty pool is served by a later try).
  let kept = 0;
  const nextLeaseStep = (lease, renew) => {
    if (renew) later({ kind: 'renew', lease, attempts: [] });
    else if (kept >= KEPT_LEASES || Math.random() < 0.85)
      free({
        kind: 'free',
        app: 'messaging',
        op: 'release',
        lease,
        path: '/toll/messaging/release',
        json: { lease_id: lease.id, lease_key: lease.key },
        attempts: [],
      });
    else kept++;
  };

  const attempt = {
    call: async (proof) => {
      const r = await redeem(proof, gateways, t0, 'load');
      retryLater(proof, r, (reason) => RETRYABLE_402.has(reason));
      if (r.status === 200 && proof.then) {
        const then = proof.then;
        proof.then = undefined;
        then(proof);
      }
    },
    balance: async (job) =>
      retryLater(job, await spendBalance(job, gateways, t0, 'load'), (reason) => !FINAL_402.has(reason)),
    block: async (job) =>
      retryLater(job, await spendBlock(job, gateways, t0, 'load'), (reason) => !FINAL_402.has(reason)),
    free: async (job) => {
      const r = await sendFree(job, gateways, t0, 'load');
      if (freeFailed(r)) {
        job.retryAt = Date.now() + retryDelay(job.attempts.length);
        pending.push(job);
      }
    },
    renew: async (job) => {
      const { lease } = job;
      const paid = await paidRequest(
        { ...PROVISION, json: { lease_id: lease.id, lease_key: lease.key }, renewalOf: lease },
        (proof) => {
          lease.token = proof.answer.bot.token;
          nextLeaseStep(lease, false);
        },
      );
      if (!paid) later(job); // the challenge failed: nothing paid, ask again
    },
  };

  const newPaidRequest = () => paidRequest({ path: pick(PER_CALL)() });
  // A check of a random agent's budget; once allowed, confirmed in full, confirmed for half, or voided (a third each).
  const newSpendCheck = () => {
    const agent = pick(accounts.agents);
    const json = {
      agent_id: agent.id,
      amount_usd_cents: 1 + Math.floor(Math.random() * SPEND_PER_TX_CENTS),
      category: 'weather',
      check_key: agent.checkKey,
    };
    return paidRequest({ ...SPEND_CHECK, json }, (proof) => {
      if (proof.answer.decision !== 'allow') return;
      const body = { agent_id: agent.id, decision_id: proof.answer.decision_id };
      const r = Math.random();
      const op = r < 1 / 3 ? 'void' : 'confirm';
      const settle = {
        kind: 'free',
        app: 'spend',
        op,
        check: proof,
        path: `/toll/spend/${op}`,
        json: r < 2 / 3 ? body : { ...body, amount_usd_cents: Math.ceil(json.amount_usd_cents / 2) },
        attempts: [],
      };
      proof.settle = settle;
      free(settle);
    });
  };
  // A new bot-month; once served, renewed (a third), or released, or kept.
  const newProvision = () =>
    paidRequest({ ...PROVISION, json: { name: `Chaos bot ${proofs.length + 1}` } }, (proof) => {
      const { lease, bot } = proof.answer;
      const held = { proof, id: lease.lease_id, key: lease.lease_key, username: bot.username, token: bot.token };
      leases.push(held);
      nextLeaseStep(held, Math.random() < 1 / 3);
    });
  // A new logical call on the first wallet (block) with calls left; none left: a per-call request instead.
  const newBalanceCall = async () => {
    const wallet = accounts.wallets.find((w) => w.started < CALLS_PER_WALLET);
    if (!wallet) return (stats.walletsUsedUp++, newPaidRequest());
    wallet.started++;
    const job = { kind: 'balance', wallet, key: randomUUID(), attempts: [], receipts: [] };
    balanceCalls.push(job);
    await attempt.balance(job);
  };
  const newBlockCall = async () => {
    const block = accounts.blocks.find((b) => b.started < CALLS_PER_BLOCK);
    if (!block) return (stats.blocksUsedUp++, newPaidRequest());
    block.started++;
    const job = { kind: 'block', block, id: blockCalls.length + 1, key: randomUUID(), attempts: [], receipts: [] };
    blockCalls.push(job);
    await attempt.block(job);
  };
  const start = {
    call: newPaidRequest,
    balance: newBalanceCall,
    block: newBlockCall,
    spend: newSpendCheck,
    messaging: newProvision,
  };

  const worker = async () => {
    while (Date.now() < until()) {
      const due = pending.findIndex((p) => p.retryAt <= Date.now());
      if (due >= 0) {
        const job = pending.splice(due, 1)[0];
        await attempt[job.kind](job);
      } else await start[pick(KINDS)]();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  // A confirm, void or release the client had decided on is still sent once (a renewal not yet paid is dropped): a
  // client that stops does not abandon a bot it meant to give back.
  const decided = pending.filter((j) => j.kind === 'free');
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (decided.length) await attempt.free(decided.shift());
    }),
  );
  return { proofs, balanceCalls, blockCalls, freeSteps, leases, challengeFailures, ...stats };
}

module.exports = {
  runLoad,
  prepareAccounts,
  payChallenge,
  redeem,
  sendFree,
  spendBalance,
  spendBlock,
  call,
  freeFailed,
};
