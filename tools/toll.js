#!/usr/bin/env node
// The Toll command line: call a paid URL (paying per call or from a prepaid balance), deposit into a balance, read it,
// credit a payment that paid for nothing to it.
// `npm run toll -- --help` lists every command and option.
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { URLSearchParams } = require('node:url');
const readline = require('node:readline/promises');
const { Keypair } = require('@solana/web3.js');
const { balanceDeployment, creditToBalance, ownerAuth, tollCall } = require('@toll/client');

const PAY_METHODS = ['sol', 'usdc', 'x402', 'balance'];
const DEPOSIT_TIERS = ['1', '10', '100'];

const HELP = `usage: npm run toll -- <command> [options]

commands:
  call <url>         call a Toll URL; on 402 show the price, ask, pay and repeat the request
  deposit <tier>     deposit 1, 10 or 100 USD into the keypair's prepaid balance (paid on chain like any call)
  balance            read the keypair's prepaid balance and its ledger (free, signed by the keypair)
  credit <signature> credit a payment that paid for nothing (a call that failed after payment, a payment refused
                     for an expired memo, an underpayment or another operation) to the keypair's prepaid balance
                     (free, signed by the keypair, which must be the wallet that paid); <signature> is the
                     memo-flow transaction, or the transaction of a settled x402 payment
  help               this text (also --help, -h)

options:
  --pay <method>     how to pay: sol, usdc (memo flow), x402, or balance (a signed request spending the prepaid
                     balance; no transaction). Default usdc; deposit accepts sol, usdc or x402
  --keypair <file>   Solana keypair JSON (default $TOLL_KEYPAIR or .local/demo-wallet.json)
  --rpc <url>        Solana RPC to pay on (default $SOLANA_RPC_URL or http://127.0.0.1:8899)
  --gateway <url>    gateway for deposit and balance (default $TOLL_GATEWAY or http://127.0.0.1:3000)
  -X <method>        HTTP method for call (default GET; POST when -d is given)
  -d, --data <json>  JSON body for call
  --limit <n>        ledger entries for balance (1-2000)
  --memo <memo>      for credit: the memo the transaction paid, when it carries several of ours
  -y, --yes          pay without asking (required when stdin is not a terminal)
  --no-reuse         do not reuse a remembered unused proof
  -h, --help         print this help

An unused proof (a paid call that failed on our side: its payment was not charged) is remembered in
toll-proofs.json next to the keypair and offered again for the same request (a memo is bound to its request);
\`credit\` turns it into prepaid balance instead, for any operation, and forgets it.`;

class UsageError extends Error {}

function parseArgs(argv) {
  const out = {
    pay: 'usdc',
    keypair: process.env.TOLL_KEYPAIR ?? '.local/demo-wallet.json',
    rpc: process.env.SOLANA_RPC_URL ?? 'http://127.0.0.1:8899',
    gateway: process.env.TOLL_GATEWAY ?? 'http://127.0.0.1:3000',
    reuse: true,
    positional: [],
  };
  const value = (i, name) => {
    if (argv[i + 1] === undefined) throw new UsageError(`${name} needs a value`);
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') out.help = true;
    else if (a === '--pay') out.pay = value(i++, a);
    else if (a === '--keypair') out.keypair = value(i++, a);
    else if (a === '--rpc') out.rpc = value(i++, a);
    else if (a === '--gateway') out.gateway = value(i++, a).replace(/\/+$/, '');
    else if (a === '-X') out.method = value(i++, a).toUpperCase();
    else if (a === '-d' || a === '--data') out.data = value(i++, a);
    else if (a === '--limit') out.limit = value(i++, a);
    else if (a === '--memo') out.memo = value(i++, a);
    else if (a === '--yes' || a === '-y') out.yes = true;
    else if (a === '--no-reuse') out.reuse = false;
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else out.positional.push(a);
  }
  if (!PAY_METHODS.includes(out.pay)) throw new UsageError(`--pay must be one of ${PAY_METHODS.join(', ')}`);
  return out;
}

const loadKeypair = (file) => {
  if (!existsSync(file))
    throw new Error(`no keypair at ${file} (--keypair or $TOLL_KEYPAIR; npm start writes .local/demo-wallet.json)`);
  return Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(file, 'utf8'))));
};

// Asking needs a terminal: without one (a script, a pipe) a payment is refused loudly unless --yes said yes already.
async function ask(question, o) {
  if (o.yes) return true;
  if (!process.stdin.isTTY)
    throw new Error('cannot ask for confirmation: stdin is not a terminal. Pass --yes to pay without asking.');
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

// Unused memo-flow proofs, kept next to the keypair: a failed paid call leaves its payment redeemable, and since a memo
// is bound to the request that got its 402 (its input and Idempotency-Key), the next identical call spends it instead
// of paying again.
class ProofStore {
  constructor(keypairFile) {
    this.file = path.join(path.dirname(keypairFile), 'toll-proofs.json');
  }
  all() {
    return existsSync(this.file) ? JSON.parse(readFileSync(this.file, 'utf8')) : [];
  }
  find(operation, request) {
    return this.all().find((p) => p.operation === operation && p.request === request);
  }
  add(proof) {
    this.write([...this.all().filter((p) => p.x_payment_tx !== proof.x_payment_tx), proof]);
  }
  remove(signature) {
    this.write(this.all().filter((p) => p.x_payment_tx !== signature));
  }
  write(list) {
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(list, null, 2)}\n`, { mode: 0o600 });
  }
}

const operationOf = (url, method) => {
  const u = new URL(url);
  return `${method} ${u.origin}${u.pathname}`;
};
// The request a memo is bound to, as far as the caller shapes it: method, URL and body.
const requestOf = (url, init) => `${init.method} ${url}\n${init.body ?? ''}`;

// A memo-flow proof as the caller reuses it: the same request with this header and query parameter.
function proofOf(url, paid) {
  if (!paid?.signature || !paid.memo) return null;
  const retry = new URL(url);
  retry.searchParams.set('toll_memo', paid.memo);
  // An operation whose answer is a credential also needs the payer's signature, which this client added (and stays
  // valid for this same request and memo). The memo names the request with its Idempotency-Key, which the client chose
  // at random.
  const payer = paid.payerSignature ? { 'X-Toll-Payer-Signature': paid.payerSignature } : {};
  const key = paid.idempotencyKey ? { 'Idempotency-Key': paid.idempotencyKey } : {};
  return {
    x_payment_tx: paid.signature,
    toll_memo: paid.memo,
    url: retry.toString(),
    headers: { 'X-Payment-Tx': paid.signature, ...key, ...payer },
  };
}

const unusedPayment = (body) => body?.error?.details?.payment?.status === 'unused';

async function parseResponse(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Spends a remembered proof on this call; null when there is none or the caller declined.
async function reuseProof(url, init, o, store) {
  const operation = operationOf(url, init.method);
  const saved =
    o.reuse && o.pay !== 'balance' && o.pay !== 'x402' ? store.find(operation, requestOf(url, init)) : undefined;
  if (!saved) return null;
  const question =
    `an unused proof for ${operation} (transaction ${saved.x_payment_tx}, saved ${saved.saved_at}) can pay this ` +
    `call; use it?`;
  if (process.stdin.isTTY && !o.yes) {
    if (!(await ask(question, o))) return null;
  } else console.error(`reusing ${question.replace(/; use it\?$/, '')}`);
  const res = await fetch(saved.url, { ...init, headers: { ...(init.headers ?? {}), ...saved.headers } });
  const body = await parseResponse(res);
  // Served (charged once), or refused: either way the proof is spent or worthless. Still unused: keep it.
  if (!unusedPayment(body)) store.remove(saved.x_payment_tx);
  if (res.status === 402) {
    console.error(`the remembered proof was refused (${body?.error ?? res.status}); paying anew`);
    return null;
  }
  return {
    status: res.status,
    paid: { method: 'reused', signature: saved.x_payment_tx, memo: saved.toll_memo },
    receipt: res.headers.get('x-toll-receipt'),
    paymentResponse: null,
    body,
  };
}

function confirmer(o, keypair) {
  return (q) => {
    const what =
      q.method === 'balance'
        ? 'from the prepaid balance'
        : `${q.amount} ${q.asset === 'SOL' ? 'lamports' : `atomic units of ${q.asset}`} (${q.method}) to ${q.to}`;
    console.error(`about to pay ${what}\n  for ${q.url}\n  memo ${q.memo}\n  from ${keypair.publicKey.toBase58()}`);
    return ask('pay?', o);
  };
}

async function call(url, init, o) {
  const keypair = loadKeypair(o.keypair);
  const store = new ProofStore(o.keypair);
  const res =
    (await reuseProof(url, init, o, store)) ??
    (await tollCall(url, init, {
      keypair,
      rpcUrl: o.rpc,
      method: o.pay,
      confirm: o.pay === 'balance' ? undefined : confirmer(o, keypair),
    }));
  const proof = proofOf(url, res.paid);
  if (proof && res.paid.method !== 'reused' && unusedPayment(res.body)) {
    store.add({
      operation: operationOf(url, init.method),
      request: requestOf(url, init),
      ...proof,
      saved_at: new Date().toISOString(),
    });
    console.error(
      `the call failed after payment; its proof is unused and saved in ${store.file} for the next identical call`,
    );
  }
  return {
    status: res.status,
    paid: res.paid,
    proof,
    receipt: res.receipt,
    payment_response: res.paymentResponse,
    body: res.body,
  };
}

const COMMANDS = {
  call: async (o) => {
    const [url] = o.positional;
    if (!url) throw new UsageError('call needs a URL');
    const method = o.method ?? (o.data ? 'POST' : 'GET');
    const init = o.data ? { method, headers: { 'content-type': 'application/json' }, body: o.data } : { method };
    return call(url, init, o);
  },
  deposit: async (o) => {
    const [tier] = o.positional;
    if (!DEPOSIT_TIERS.includes(tier)) throw new UsageError(`deposit needs a tier: ${DEPOSIT_TIERS.join(', ')} (USD)`);
    if (o.pay === 'balance') throw new UsageError('a deposit is paid on chain: --pay sol, usdc or x402');
    return call(
      `${o.gateway}/toll/payments/balance/deposit-${tier}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      o,
    );
  },
  balance: async (o) => {
    const keypair = loadKeypair(o.keypair);
    const input = o.limit ? { limit: o.limit } : {};
    const deployment = await balanceDeployment(o.gateway);
    const query = new URLSearchParams({
      ...input,
      ...ownerAuth('GET', '/toll/payments/balance', input, keypair, deployment),
    });
    const res = await fetch(`${o.gateway}/toll/payments/balance?${query}`);
    return { status: res.status, body: await parseResponse(res) };
  },
  credit: async (o) => {
    const [transaction] = o.positional;
    if (!transaction) throw new UsageError('credit needs a transaction signature');
    const keypair = loadKeypair(o.keypair);
    const store = new ProofStore(o.keypair);
    const saved = store.all().find((p) => p.x_payment_tx === transaction);
    const res = await creditToBalance(o.gateway, { transaction, memo: o.memo ?? saved?.toll_memo }, keypair);
    // Credited, or spent already: the remembered proof can pay for nothing any more.
    const reason = res.body?.error?.details?.reason;
    if (saved && (res.status === 200 || ['proof_already_credited', 'proof_already_redeemed'].includes(reason)))
      store.remove(transaction);
    return res;
  },
};

(async () => {
  const o = parseArgs(process.argv.slice(2));
  const command = o.positional.shift();
  if (o.help || command === 'help') {
    console.log(HELP);
    return;
  }
  if (!COMMANDS[command]) throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  const out = await COMMANDS[command](o);
  console.log(JSON.stringify(out, null, 2));
  process.exitCode = out.status < 400 ? 0 : 1;
})().catch((e) => {
  if (e instanceof UsageError) {
    console.error(`${e.message}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  console.error(e.message);
  process.exitCode = 1;
});
