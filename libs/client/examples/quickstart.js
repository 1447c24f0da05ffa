#!/usr/bin/env node
// @toll/client quickstart against the local stack (`npm start` in another terminal, then `npm run build`):
//   node libs/client/examples/quickstart.js
// GATEWAY_URL, SOLANA_RPC_URL and WALLET_FILE override the local defaults.
const { Keypair } = require('@solana/web3.js');
const { readFileSync } = require('node:fs');
const { TollApi } = require('@toll/client');

(async () => {
  const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
  const rpcUrl = process.env.SOLANA_RPC_URL ?? 'http://127.0.0.1:8899';
  const keypair = Keypair.fromSecretKey(
    Uint8Array.from(JSON.parse(readFileSync(process.env.WALLET_FILE ?? '.local/demo-wallet.json', 'utf8'))),
  );

  // Pays 402s with USDC by the memo flow ('sol' and 'x402' work too), never more than $0.01 a call or $0.05 in all.
  const toll = new TollApi({
    baseUrl: gateway,
    payment: { keypair, rpcUrl, method: 'usdc' },
    maxUsdPerCall: '0.01',
    maxUsdTotal: '0.05',
  });

  const hash = await toll.call('devutils.hashSha256', { text: 'abc' });
  console.log('sha256("abc") =', hash.data.digest);
  console.log('paid', hash.paid, 'receipt', hash.receipt);

  const uuid = await toll.call('devutils.genUuid', {});
  console.log('uuid', uuid.data, `— spent $${toll.spentUsd} so far`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
