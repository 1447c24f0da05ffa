#!/usr/bin/env node
// `npm run toll -- call <url> [--pay sol|usdc|x402] [--keypair file.json] [--rpc url] [-X POST] [-d json] [--yes]`
// Calls a Toll URL; on 402 shows what it would pay, asks (unless --yes), pays from the keypair and retries.
const { readFileSync } = require('node:fs');
const readline = require('node:readline/promises');
const { Keypair } = require('@solana/web3.js');
const { tollCall } = require('@toll/client');

function args(argv) {
  const out = { pay: 'usdc', keypair: process.env.TOLL_KEYPAIR ?? '.local/demo-wallet.json', rpc: process.env.SOLANA_RPC_URL ?? 'http://127.0.0.1:8899', method: 'GET' };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--pay') out.pay = argv[++i];
    else if (a === '--keypair') out.keypair = argv[++i];
    else if (a === '--rpc') out.rpc = argv[++i];
    else if (a === '-X') out.method = argv[++i];
    else if (a === '-d' || a === '--data') out.data = argv[++i];
    else if (a === '--yes' || a === '-y') out.yes = true;
    else rest.push(a);
  }
  return { ...out, command: rest[0], url: rest[1] };
}

// A memo-flow proof as the caller reuses it: the same request with this header and query parameter is answered again
// without a second charge (a failed call, a lost answer, or the rest of a prepaid block).
function proofOf(url, paid) {
  if (!paid?.signature || !paid.memo) return null;
  const retry = new URL(url);
  retry.searchParams.set('toll_memo', paid.memo);
  // An operation whose answer is a credential also needs the payer's signature, which this client added (and stays valid
  // for this same request and memo).
  // The memo names the request with its Idempotency-Key, which the client chose at random.
  const payer = paid.payerSignature ? { 'X-Toll-Payer-Signature': paid.payerSignature } : {};
  const key = paid.idempotencyKey ? { 'Idempotency-Key': paid.idempotencyKey } : {};
  return { x_payment_tx: paid.signature, toll_memo: paid.memo, url: retry.toString(), headers: { 'X-Payment-Tx': paid.signature, ...key, ...payer } };
}

(async () => {
  const o = args(process.argv.slice(2));
  if (o.command !== 'call' || !o.url || !['sol', 'usdc', 'x402'].includes(o.pay)) {
    console.error('usage: npm run toll -- call <url> [--pay sol|usdc|x402] [--keypair file.json] [--rpc url] [-X POST] [-d json] [--yes]');
    process.exit(2);
  }
  const keypair = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(o.keypair, 'utf8'))));
  const init = o.data ? { method: o.method === 'GET' ? 'POST' : o.method, headers: { 'content-type': 'application/json' }, body: o.data } : { method: o.method };
  const confirm = async (q) => {
    console.error(`about to pay ${q.amount} ${q.asset === 'SOL' ? 'lamports' : `atomic units of ${q.asset}`} (${q.method}) to ${q.to}\n  for ${q.url}\n  memo ${q.memo}\n  from ${keypair.publicKey.toBase58()}`);
    if (o.yes) return true;
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    const answer = await rl.question('pay? [y/N] ');
    rl.close();
    return /^y(es)?$/i.test(answer.trim());
  };
  const res = await tollCall(o.url, init, { keypair, rpcUrl: o.rpc, method: o.pay, confirm });
  console.log(JSON.stringify({ status: res.status, paid: res.paid, proof: proofOf(o.url, res.paid), receipt: res.receipt, payment_response: res.paymentResponse, body: res.body }, null, 2));
  process.exit(res.status < 400 ? 0 : 1);
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
