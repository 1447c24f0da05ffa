#!/usr/bin/env node
// `npm run demo`: a private stack on a local chain, then one paid Dev Utilities call in each of the three
// ways (memo flow in USDC, memo flow in SOL, standard x402 v2 exact); prints and checks each receipt.
const { Keypair } = require('@solana/web3.js');
const { tollCall } = require('@toll/client');
const { startDemoChain, fundWallets } = require('@toll/local-chain');
const { SOLANA_NETWORKS } = require('@toll/x402');
const { startStack, waitFor } = require('./bench/stack');
const { readPaymentAccounts } = require('./payments-health');

(async () => {
  const chain = await startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint });
  const stack = await startStack({
    apps: ['payments', 'devutils'],
    env: { SOLANA_RPC_URLS: chain.url, PAYMENTS_SOL_USD_FIXED: '150' },
  });
  const gw = stack.gateways[0];
  try {
    await waitFor(
      async () => (await fetch(`${gw}/toll/devutils/health`)).ok && (await fetch(`${gw}/toll/payments/health`)).ok,
    );
    const { recipient, feePayer } = await readPaymentAccounts(gw);
    fundWallets(chain.chain, [recipient, feePayer], chain.usdcMint);
    const keypair = Keypair.fromSecretKey(chain.demoWallet.secretKey);
    console.log(`demo wallet ${keypair.publicKey.toBase58()} on ${chain.url}; gateway ${gw}\n`);
    const calls = [
      [
        'usdc',
        `${gw}/toll/devutils/hash/sha256`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'abc' }) },
      ],
      ['sol', `${gw}/toll/devutils/gen/uuid`, {}],
      ['x402', `${gw}/toll/devutils/time/now?tz=Europe/Paris`, {}],
    ];
    for (const [method, url, init] of calls) {
      const res = await tollCall(url, init, {
        keypair,
        rpcUrl: chain.url,
        method,
        confirm: (q) => (console.log(`paying ${q.amount} ${q.asset} (${method}) for ${new URL(url).pathname}`), true),
      });
      const check = await (
        await fetch(`${gw}/toll/payments/receipt?receipt=${encodeURIComponent(res.receipt ?? '')}`)
      ).json();
      console.log(`  → ${res.status} ${JSON.stringify(res.body)}`);
      console.log(
        `  receipt (${check.valid ? 'signature valid' : `INVALID: ${check.reason}`}): ` +
          `${JSON.stringify(check.claims)}\n`,
      );
      if (res.status !== 200 || !check.valid) process.exitCode = 1;
    }
  } finally {
    await stack.stop();
    await chain.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
