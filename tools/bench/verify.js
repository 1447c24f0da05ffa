#!/usr/bin/env node
// `npm run bench:verify`: latency of payments.verify (memo flow, USDC) against the local chain, over NATS,
// with the chain's own getTransaction time measured on the same signatures to separate chain cost.
const { Connection, Keypair } = require('@solana/web3.js');
const { memoPaymentInstructions, sendAndConfirm } = require('@toll/client');
const { SUBJECTS } = require('@toll/contracts');
const { SolanaRpc } = require('@toll/solana');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { NatsBus, connectNats } = require('@toll/platform');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { startStack, waitFor } = require('./stack');
const { machine, percentile, writeSection } = require('./report');

const N = Number(process.env.BENCH_VERIFY_N ?? 300);
const route = {
  operationId: 'bench.getThing',
  method: 'GET',
  path: '/toll/bench/thing',
  summary: 'bench',
  price: { per: 'call', usd: '0.005' },
  inputSchema: {},
  outputSchema: {},
};

const time = async (fn) => {
  const t = process.hrtime.bigint();
  const value = await fn();
  return [Number(process.hrtime.bigint() - t) / 1e6, value];
};
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p99: percentile(s, 0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
};

(async () => {
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments'],
    gatewayReplicas: 0,
    env: { SOLANA_RPC_URLS: chain.url, DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/toll_payments_bench' },
  });
  const nc = await connectNats(stack.natsUrl, 'bench');
  const bus = new NatsBus(nc);
  try {
    await waitFor(
      async () =>
        !!(await bus.request(
          SUBJECTS.paymentsChallenge,
          { requestId: 'w', resourceUrl: 'http://bench/', route },
          { timeoutMs: 500, requestId: 'w' },
        )),
    );
    const challenge = await bus.request(
      SUBJECTS.paymentsChallenge,
      { requestId: 'x', resourceUrl: 'http://bench/', route },
      { timeoutMs: 2000, requestId: 'x' },
    );
    fundWallets(chain.chain, [challenge.body.toll.usdc.owner], chain.usdcMint);
    const payer = Keypair.fromSecretKey(chain.demoWallet.secretKey);
    const connection = new Connection(chain.url, 'confirmed');
    const node = new SolanaRpc({ urls: [chain.url], timeoutMs: 5_000 });
    const verify = [];
    const rpc = [];
    const settle = [];
    for (let i = 0; i < N; i++) {
      const c = await bus.request(
        SUBJECTS.paymentsChallenge,
        { requestId: `c${i}`, resourceUrl: 'http://bench/', route },
        { timeoutMs: 2000, requestId: `c${i}` },
      );
      const signature = await sendAndConfirm(
        connection,
        payer,
        memoPaymentInstructions(c.body.toll, 'USDC', payer.publicKey),
      );
      const [chainMs] = await time(() =>
        node.call('getTransaction', [
          signature,
          { encoding: 'base64', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
        ]),
      );
      const [verifyMs, hold] = await time(() =>
        bus.request(
          SUBJECTS.paymentsVerify,
          {
            requestId: `v${i}`,
            resourceUrl: 'http://bench/',
            route,
            proof: { kind: 'memo', signature, memo: c.body.toll.memo },
          },
          { timeoutMs: 5000, requestId: `v${i}` },
        ),
      );
      if (!hold.ok) throw new Error(`verify refused: ${hold.reason}`);
      const [settleMs] = await time(() =>
        bus.request(
          SUBJECTS.paymentsSettle,
          { requestId: `s${i}`, holdId: hold.holdId },
          { timeoutMs: 5000, requestId: `s${i}` },
        ),
      );
      if (i < 20) continue; // the first 20 warm the JIT and the pools
      verify.push(verifyMs);
      rpc.push(chainMs);
      settle.push(settleMs);
    }
    const v = stats(verify);
    const r = stats(rpc);
    const st = stats(settle);
    const row = (name, x) => `| ${name} | ${x.p50.toFixed(2)} | ${x.p99.toFixed(2)} | ${x.mean.toFixed(2)} |`;
    const report = `Run: \`npm run bench:verify\` on ${machine()}; ${verify.length} fresh USDC memo-flow payments (after 20 warm-up),
one at a time. \`payments.verify\` = NATS request → payments fetches the transaction (base64) from the local chain, checks it,
and takes the hold in Postgres; the chain's own \`getTransaction\` time is measured separately on the same signatures.

| step | p50 ms | p99 ms | mean ms |
|---|---|---|---|
${row('payments.verify (memo flow, end to end over NATS)', v)}
${row('of which: chain getTransaction (base64, same signature, from the client)', r)}
${row('payments.settle (commit hold, sign receipt)', st)}

Verification cost without the chain (verify p50 − getTransaction p50): ${(v.p50 - r.p50).toFixed(2)} ms.
`;
    console.log(report);
    writeSection('Payment verification latency', report);
  } finally {
    await nc.close();
    await stack.stop();
    await chain.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
