// Shared load helpers: drive a list of prepared requests at a fixed concurrency, and prepare paid requests
// (each with its own on-chain memo-flow payment) so paid throughput measures the service, not the payer.
const { Connection, Keypair } = require('@solana/web3.js');
const { balanceDeployment, balanceHeaders, memoPaymentInstructions, sendAndConfirm } = require('@toll/client');
const { SolanaRpc } = require('@toll/solana');
const { HEADERS, MEMO_QUERY_PARAM } = require('@toll/x402');
const { Client } = require('pg');
const { percentile } = require('./report');

// Each request: { url, headers, method?, body? }; latencies in the order the calls finished.
async function drive(requests, concurrency = 10) {
  const latencies = [];
  let next = 0;
  let ok = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const { url, headers, method, body } = requests[next++];
        const t = process.hrtime.bigint();
        const res = await fetch(url, { headers, method, body });
        await res.arrayBuffer();
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.status === 200) ok++;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: requests.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    ok,
    total: requests.length,
    latencies,
  };
}

// n paid requests for `path`, spread over the gateways; returns them with the signatures they carry. `headers` go
// with the challenge requests only (flood.js asks for them as another client, so they use none of the measured one's
// limits).
async function preparePaid(gateways, path, chain, n, headers = {}) {
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const connection = new Connection(chain.url, 'confirmed');
  const paid = [];
  for (let i = 0; i < n; i++) {
    const gw = gateways[i % gateways.length];
    const c = (await (await fetch(`${gw}${path}`, { headers })).json()).toll;
    const signature = await sendAndConfirm(connection, payer, memoPaymentInstructions(c, 'USDC', payer.publicKey));
    const sep = path.includes('?') ? '&' : '?';
    paid.push({
      url: `${gw}${path}${sep}toll_memo=${encodeURIComponent(c.memo)}`,
      headers: { 'x-payment-tx': signature },
      signature,
    });
  }
  return paid;
}

// One prepaid block of `path` (a POST route priced per block): the 402, one USDC memo payment, and the request that
// carries its proof; reuse it for every request of the block.
async function prepareBlock(gateway, path, body, chain) {
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const connection = new Connection(chain.url, 'confirmed');
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
  const challenge = await fetch(`${gateway}${path}`, post);
  if (challenge.status !== 402) throw new Error(`expected 402, got ${challenge.status}`);
  const toll = (await challenge.json()).toll;
  const signature = await sendAndConfirm(connection, payer, memoPaymentInstructions(toll, 'USDC', payer.publicKey));
  return {
    url: `${gateway}${path}?${MEMO_QUERY_PARAM}=${encodeURIComponent(toll.memo)}`,
    ...post,
    headers: { ...post.headers, [HEADERS.paymentTx]: signature },
  };
}

// The demo wallet deposits `usd` (a deposit tier) into its prepaid balance, then signs n balance requests for `path`
// ahead of time (each with its own nonce; all inside the clock window when driven right after).
async function prepareBalance(gateways, path, chain, usd, n) {
  const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
  const connection = new Connection(chain.url, 'confirmed');
  const deposit = `${gateways[0]}/toll/payments/balance/deposit-${usd}`;
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  const c = (await (await fetch(deposit, post)).json()).toll;
  const signature = await sendAndConfirm(connection, payer, memoPaymentInstructions(c, 'USDC', payer.publicKey));
  const paid = await fetch(`${deposit}?toll_memo=${encodeURIComponent(c.memo)}`, {
    ...post,
    headers: { ...post.headers, 'x-payment-tx': signature },
  });
  if (paid.status !== 200) throw new Error(`deposit failed: ${paid.status} ${await paid.text()}`);
  const deployment = await balanceDeployment(gateways[0]);
  return Array.from({ length: n }, (_, i) => {
    const url = `${gateways[i % gateways.length]}${path}`;
    return { url, headers: balanceHeaders(url, { method: 'GET' }, payer, deployment) };
  });
}

// The chain's own cost for each payment: getTransaction (base64) as payments asks it, from the client side.
async function chainCost(chainUrl, signatures) {
  const rpc = new SolanaRpc({ urls: [chainUrl], timeoutMs: 5_000 });
  const samples = [];
  for (const s of signatures) {
    const t = process.hrtime.bigint();
    await rpc.call('getTransaction', [
      s,
      { encoding: 'base64', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
    ]);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

// How a block's calls were paid, read from the payments ledger once the gateways reported them (`served`: the calls
// the client saw served): settled holds written by a gateway's block lease (docs/payments.md, "Prepaid blocks on
// leases") and those taken by payments.call per request.
async function blockLeaseShare(databaseUrl, signature, served, waitMs = 8_000) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const end = Date.now() + waitMs; ; await new Promise((r) => setTimeout(r, 200))) {
      const [row] = (
        await db.query(
          `SELECT count(*) FILTER (WHERE h.block_lease_id IS NOT NULL)::int AS leased,
                  count(*) FILTER (WHERE h.block_lease_id IS NULL)::int AS per_request
           FROM holds h JOIN payments p ON p.id = h.payment_id WHERE p.proof_key = $1 AND h.status = 'settled'`,
          [signature],
        )
      ).rows;
      if (row.leased + row.per_request >= served || Date.now() > end) return row;
    }
  } finally {
    await db.end();
  }
}

module.exports = { blockLeaseShare, drive, preparePaid, prepareBalance, prepareBlock, chainCost };
