// The soak's mixed load: every kind of call an agent makes, drawn at random by weight, each recorded with its latency
// and outcome. Paid calls go through @toll/client (memo USDC, memo SOL, x402, prepaid balance; MCP tools/call), over
// the operations' advertised examples read from the live catalog (tools/live-examples.js), taken in turn so every
// operation is called again and again.
const { performance } = require('node:perf_hooks');
const { Keypair } = require('@solana/web3.js');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { tollCall, tollToolCall } = require('@toll/client');
const { HEADERS, MEMO_QUERY_PARAM } = require('@toll/x402');
const { prepareBlock } = require('../bench/load');
const { discoveryItems, exampleRequest, toolExample } = require('../live-examples');

const TIMEOUT_MS = 60_000; // longer than any server deadline: the client never walks away from a call it paid for
const DEPOSIT_PATH = '/toll/payments/balance/deposit-100';
const BLOCK_CALL = { jsonrpc: '2.0', id: 1, method: 'getSlot' };
const FREE_SEARCHES = ['weather', 'uuid', 'sec filings', 'token price', 'hash', 'news', 'recalls', 'fees'];

// Relative weights of the kinds: free routes most, paid calls (each a transaction on the local chain) less.
const WEIGHTS = {
  'free health': 6,
  'free catalog': 3,
  'free docs': 2,
  'free search': 3,
  '402 challenge': 5,
  'paid memo usdc': 3,
  'paid memo sol': 3,
  'paid x402': 3,
  'balance paid': 6,
  'block call': 6,
  'mcp tools/list': 2,
  'mcp paid tools/call': 3,
};

// An outcome is one of:
//   ok                   served (a paid call: with a receipt, or uncharged and saying so)
//   refused              answered before any payment step (no money moved): 400, 404, a 503 of a held operation
//   unused               failed after the payment was verified, and error.details.payment says it is unused
//   charged_not_served   paid, not served, and not said to be unused: fails the run
//   error                anything else unexpected (a free route not 200, a 402 expected and not given, a throw)
const errorOf = (body) => (body && typeof body === 'object' ? body.error : undefined);
const reasonOf = (status, body) => {
  const e = errorOf(body);
  return `${status} ${typeof e === 'string' ? e : (e?.code ?? '')}`.trim();
};

function paidOutcome(res) {
  if (res.status === 200) return { outcome: 'ok', reason: res.uncharged ? `uncharged: ${res.uncharged}` : undefined };
  const reason = reasonOf(res.status, res.body);
  if (res.paid === null) return { outcome: 'refused', reason };
  if (errorOf(res.body)?.details?.payment?.status === 'unused') return { outcome: 'unused', reason };
  return {
    outcome: 'charged_not_served',
    reason: `${reason}: ${String(errorOf(res.body)?.message ?? JSON.stringify(res.body)).slice(0, 160)}`,
  };
}

async function getStatus(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML (/docs) or text
  }
  return { status: res.status, body };
}

class Workload {
  constructor({ gateway, chain, record }) {
    this.gateway = gateway;
    this.keypair = Keypair.fromSecretKey(chain.demoWallet.secretKey);
    this.rpcUrl = chain.url;
    this.chain = chain;
    this.record = record; // (kind, ms, outcome, reason)
    this.turn = new Map(); // kind → next example index
    this.block = null; // the current prepaid block's proof
    this.buying = null;
    this.depositing = null;
    this.mcpClients = [];
    this.kinds = this.kindsOf();
  }

  async prepare(concurrency) {
    this.items = await discoveryItems(this.gateway, 'http');
    // A deposit cannot be paid from the balance it fills (402 balance_cannot_deposit): balance calls take the rest.
    this.balanceItems = this.items.filter(
      (i) => !new URL(i.resource).pathname.startsWith('/toll/payments/balance/deposit-'),
    );
    this.tools = await discoveryItems(this.gateway, 'mcp');
    const index = await (await fetch(`${this.gateway}/`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).json();
    this.groups = (index.groups ?? []).map((g) => g.group);
    if (!this.groups.length) throw new Error('GET / names no live group');
    // One MCP session per worker, as an agent keeps its client.
    for (let i = 0; i < concurrency; i++) {
      const client = new Client({ name: `toll-soak-${i}`, version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${this.gateway}/mcp`)));
      this.mcpClients.push(client);
    }
    await this.deposit();
    return { operations: this.items.length, tools: this.tools.length, groups: this.groups.length };
  }

  async close() {
    await Promise.all(this.mcpClients.map((c) => c.close().catch(() => {})));
  }

  next(kind, list) {
    const i = this.turn.get(kind) ?? 0;
    this.turn.set(kind, i + 1);
    return list[i % list.length];
  }

  // Runs workers until `until` (epoch ms); each draws a kind by weight.
  async run(concurrency, until) {
    const kinds = Object.entries(WEIGHTS);
    const total = kinds.reduce((s, [, w]) => s + w, 0);
    const draw = () => {
      let r = Math.random() * total;
      for (const [kind, w] of kinds) if ((r -= w) < 0) return kind;
      return kinds[0][0];
    };
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        while (Date.now() < until) await this.one(draw(), worker);
      }),
    );
  }

  async one(kind, worker) {
    const started = performance.now();
    let result;
    try {
      result = await this.kinds[kind](worker);
    } catch (e) {
      result = { outcome: 'error', reason: `throw: ${(e.cause?.code ?? e.message ?? String(e)).slice(0, 80)}` };
    }
    this.record(kind, performance.now() - started, result.outcome, result.reason);
  }

  // The prepaid balance: one deposit paid by the USDC memo flow, again whenever the balance runs low.
  deposit() {
    this.depositing ??= (async () => {
      const started = performance.now();
      const res = await tollCall(
        `${this.gateway}${DEPOSIT_PATH}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
        { keypair: this.keypair, rpcUrl: this.rpcUrl, method: 'usdc' },
      );
      const r = paidOutcome(res);
      this.record('balance deposit', performance.now() - started, r.outcome, r.reason);
      if (res.status !== 200)
        throw new Error(`the deposit answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    })().finally(() => (this.depositing = null));
    return this.depositing;
  }

  // A prepaid block of RPC requests, paid by the USDC memo flow (the bench's prepareBlock: no Idempotency-Key, which
  // would make every later call on the block "the same request", a redelivery); spent until used up, then bought again.
  buyBlock() {
    this.buying ??= (async () => {
      const started = performance.now();
      try {
        this.block = await prepareBlock(this.gateway, '/toll/rpc/', JSON.stringify(BLOCK_CALL), this.chain);
        this.record('block purchase', performance.now() - started, 'ok');
      } catch (e) {
        this.record('block purchase', performance.now() - started, 'error', `throw: ${e.message.slice(0, 80)}`);
        throw e;
      }
    })().finally(() => (this.buying = null));
    return this.buying;
  }

  // Each kind: one call, answered as { outcome, reason }.
  kindsOf() {
    return {
      'free health': () => this.free(`/toll/${this.next('health', this.groups)}/health`),
      'free catalog': () =>
        this.free(this.next('catalog', ['/', '/openapi.json', '/llms.txt', '/discovery/resources?limit=20'])),
      'free docs': () => this.free('/docs'),
      'free search': () =>
        this.free(`/toll/discovery/search?q=${encodeURIComponent(this.next('search', FREE_SEARCHES))}`),
      '402 challenge': async () => {
        const { url, init } = exampleRequest(this.next('402', this.items));
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
        const text = await res.text();
        if (res.status === 402 && res.headers.get(HEADERS.paymentRequired)) return { outcome: 'ok' };
        let body = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        return { outcome: res.status === 503 ? 'refused' : 'error', reason: reasonOf(res.status, body) };
      },
      'paid memo usdc': () => this.paid('usdc'),
      'paid memo sol': () => this.paid('sol'),
      'paid x402': () => this.paid('x402'),
      'balance paid': async () => {
        const { url, init } = exampleRequest(this.next('balance', this.balanceItems));
        const call = () =>
          tollCall(url.toString(), init, { keypair: this.keypair, rpcUrl: this.rpcUrl, method: 'balance' });
        let res = await call();
        if (res.status === 402 && res.body?.balance?.reason === 'balance_too_low') {
          await this.deposit();
          res = await call();
        }
        return paidOutcome(res);
      },
      'block call': async () => {
        if (!this.block) await this.buyBlock();
        const block = this.block;
        const res = await fetch(block.url, {
          method: block.method,
          headers: block.headers,
          body: block.body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const body = await res.json().catch(() => null);
        if (res.status === 200 && body?.result !== undefined) return { outcome: 'ok' };
        if (res.status === 402 && body?.error === 'block_used_up') {
          if (this.block === block) this.block = null;
          return { outcome: 'ok', reason: 'block used up (a new one is bought)' };
        }
        return errorOf(body)?.details?.payment?.status === 'unused'
          ? { outcome: 'unused', reason: reasonOf(res.status, body) }
          : { outcome: 'error', reason: reasonOf(res.status, body) };
      },
      'mcp tools/list': async (worker) => {
        const { tools } = await this.mcpClients[worker].listTools();
        return tools.length >= this.tools.length
          ? { outcome: 'ok' }
          : { outcome: 'error', reason: `${tools.length} tools of ${this.tools.length}` };
      },
      'mcp paid tools/call': async (worker) => {
        const { name, args } = toolExample(this.next('mcp', this.tools));
        const client = this.mcpClients[worker];
        const callTool = (tool, a, meta) =>
          client.callTool({ name: tool, arguments: a, ...(meta ? { _meta: meta } : {}) }, undefined, {
            timeout: TIMEOUT_MS,
          });
        const method = this.next('mcp method', ['usdc', 'x402', 'sol']);
        let answer;
        try {
          answer = await tollToolCall(callTool, name, args, { keypair: this.keypair, rpcUrl: this.rpcUrl, method });
        } catch (e) {
          return { outcome: 'error', reason: `${name}: throw: ${e.message.slice(0, 100)}` };
        }
        const { result, paid } = answer;
        if (!result.isError)
          return {
            outcome: 'ok',
            reason: result._meta?.['toll/uncharged'] ? `uncharged: ${result._meta['toll/uncharged']}` : undefined,
          };
        let error;
        try {
          error = JSON.parse(result.content?.[0]?.text ?? '').error;
        } catch {
          error = undefined;
        }
        const reason = `tool error ${error?.code ?? (result.content?.[0]?.text ?? '').slice(0, 60)}`;
        if (!paid) return { outcome: 'refused', reason };
        return error?.details?.payment?.status === 'unused'
          ? { outcome: 'unused', reason }
          : {
              outcome: 'charged_not_served',
              reason: `${name}: ${reason}: ${String(error?.message ?? '').slice(0, 160)}`,
            };
      },
    };
  }

  async free(path) {
    const { status, body } = await getStatus(`${this.gateway}${path}`);
    return status === 200 ? { outcome: 'ok' } : { outcome: 'error', reason: reasonOf(status, body) };
  }

  async paid(method) {
    const { url, init } = exampleRequest(this.next(`paid ${method}`, this.items));
    const res = await tollCall(url.toString(), init, { keypair: this.keypair, rpcUrl: this.rpcUrl, method });
    const result = paidOutcome(res);
    if (result.outcome !== 'charged_not_served' || !res.paid?.memo) return result;
    // Not said to be unused: the run fails either way, but a memo-flow proof can be tried once more as the docs say
    // (the same request, the same proof), to tell a payment still redeemable from one lost.
    const again = new URL(url);
    again.searchParams.set(MEMO_QUERY_PARAM, res.paid.memo);
    const headers = new Headers(init.headers);
    headers.set(HEADERS.paymentTx, res.paid.signature);
    headers.set(HEADERS.idempotencyKey, res.paid.idempotencyKey);
    if (res.paid.payerSignature) headers.set(HEADERS.payerSignature, res.paid.payerSignature);
    const retry = await fetch(again, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await retry.arrayBuffer();
    return {
      ...result,
      reason: `${result.reason} (the same proof again: ${retry.status}${retry.status === 200 ? ', served' : ''})`,
    };
  }
}

module.exports = { Workload, WEIGHTS };
