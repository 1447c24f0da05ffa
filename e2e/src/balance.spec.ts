import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Keypair } from '@solana/web3.js';
import {
  balanceHeaders,
  memoPaymentInstructions,
  ownerAuth,
  sendAndConfirm,
  tollCall,
  verifyReceipt,
  type MemoChallenge,
} from '@toll/client';
import { http } from '@toll/testing';
import { balanceSigningText, balanceSigningTextV1, inputSha256, type BalanceDeployment } from '@toll/x402';
import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { wrapFetchWithPayment } from '@x402/fetch';
import { faults, served } from './shop-group';
import { DEPOSIT_READY, payerX402, stackHarness } from './stack-harness';

// Prepaid balances end to end: two gateways and two payments replicas on one database, deposits paid on the local
// chain.
describe('prepaid balance', () => {
  // The payments.call path of balance calls (leases off): holds, releases and nonces recorded at the hold. The
  // lease path is e2e/src/balance-leases.spec.ts and lease-model.spec.ts.
  const { stack, connection, sql } = stackHarness({
    gateways: 2,
    payments: 2,
    gatewayEnv: { GATEWAY_BALANCE_LEASES: 'false' },
    ready: [DEPOSIT_READY, '/toll/shop/health'],
  });
  let receiptKey: string;
  let deployment: BalanceDeployment;
  beforeAll(async () => {
    const { terms } = (await http(`${stack.gw}/toll/payments/health`)).body;
    receiptKey = terms.receipt_public_key;
    deployment = { network: terms.network, recipient: terms.recipient };
  });

  // A fresh wallet with SOL to deposit, so every test starts from an empty balance.
  const wallet = () => {
    const w = Keypair.generate();
    stack.rpc.chain.airdrop(w.publicKey, 1_000_000_000n);
    return w;
  };
  const deposit = async (w: Keypair, tier: 1 | 10) => {
    const path = `/toll/payments/balance/deposit-${tier}`;
    const first = await http(`${stack.gw}${path}`, { method: 'POST', json: {} });
    expect(first.status).toBe(402);
    const c: MemoChallenge = first.body.toll;
    const signature = await sendAndConfirm(connection, w, memoPaymentInstructions(c, 'SOL', w.publicKey));
    const paid = await http(`${stack.gw}${path}?toll_memo=${encodeURIComponent(c.memo)}`, {
      method: 'POST',
      json: {},
      headers: { 'x-payment-tx': signature },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      wallet: w.publicKey.toBase58(),
      credit_atomic: String(tier * 1_000_000),
      asset: 'USDC',
      decimals: 6,
    });
    return signature;
  };
  const spend = (w: Keypair, path = '/toll/shop/item', base = stack.gw, extra: Record<string, string> = {}) => {
    const url = `${base}${path}`;
    return http(url, { headers: { ...balanceHeaders(url, { method: 'GET' }, w, deployment), ...extra } });
  };
  const balanceOf = async (w: Keypair, limit?: string) => {
    const input: Record<string, string> = limit ? { limit } : {};
    const query = new URLSearchParams({
      ...input,
      ...ownerAuth('GET', '/toll/payments/balance', input, w, deployment),
    });
    const res = await http(`${stack.gw}/toll/payments/balance?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('credits a deposit paid on chain to the paying wallet, once, with its transaction in the ledger', async () => {
    const w = wallet();
    const signature = await deposit(w, 1);
    const b = await balanceOf(w);
    expect(b).toMatchObject({
      wallet: w.publicKey.toBase58(),
      asset: 'USDC',
      decimals: 6,
      balance_atomic: '1000000',
      held_atomic: '0',
      available_atomic: '1000000',
    });
    expect(b.ledger).toEqual([
      expect.objectContaining({
        kind: 'credit',
        amount_atomic: '1000000',
        balance_after_atomic: '1000000',
        operation_id: 'payments.deposit1',
        transaction: signature,
      }),
    ]);
    expect(b.deposit.map((d: { path: string }) => d.path)).toEqual([
      '/toll/payments/balance/deposit-1',
      '/toll/payments/balance/deposit-10',
      '/toll/payments/balance/deposit-100',
    ]);
  });

  it('takes a deposit from a stock x402 v2 client (USDC) and credits its payer', async () => {
    const client = await payerX402(stack);
    const res = await wrapFetchWithPayment(fetch, client)(`${stack.gw}/toll/payments/balance/deposit-10`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ wallet: stack.payer.publicKey.toBase58(), credit_atomic: '10000000' });
    const b = await balanceOf(stack.payer);
    expect(b.balance_atomic).toBe('10000000');
    const settlement = JSON.parse(Buffer.from(res.headers.get('payment-response')!, 'base64').toString());
    expect(b.ledger).toEqual([
      expect.objectContaining({
        kind: 'credit',
        amount_atomic: '10000000',
        operation_id: 'payments.deposit10',
        transaction: settlement.transaction,
      }),
    ]);
    expect((await spend(stack.payer)).status).toBe(200);
  });

  it('serves exactly what the balance covers: 100 concurrent calls over two gateways and two payments replicas, 60 covered', async () => {
    const w = wallet();
    await deposit(w, 1); // 100 calls at 0.01
    for (let i = 0; i < 40; i++) expect((await spend(w)).status).toBe(200);
    const before = served.item;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => spend(w, '/toll/shop/item', stack.gateways[i % 2].url)),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(60);
    expect(served.item - before).toBe(60);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.error}`))).toEqual(new Set(['402 balance_too_low']));
    const b = await balanceOf(w);
    expect([b.balance_atomic, b.held_atomic]).toEqual(['0', '0']);
    const [row] = await sql(
      `SELECT available_atomic, (SELECT count(*)::int FROM balance_holds WHERE wallet = $1 AND status = 'held') ` +
        `AS held FROM balances WHERE wallet = $1`,
      [w.publicKey.toBase58()],
    );
    expect([row.available_atomic, row.held]).toEqual(['0', 0]);
    const [{ n }] = await sql(`SELECT count(*)::int AS n FROM balance_entries WHERE wallet = $1 AND kind = 'debit'`, [
      w.publicKey.toBase58(),
    ]);
    expect(n).toBe(100);
    // The 402 names what fell short and where to deposit.
    expect(refused[0].body.balance).toMatchObject({
      reason: 'balance_too_low',
      price_atomic: '10000',
      available_atomic: '0',
      shortfall_atomic: '10000',
      asset: 'USDC',
      decimals: 6,
    });
    expect(refused[0].body.balance.deposit[0]).toEqual({
      operation_id: 'payments.deposit1',
      method: 'POST',
      path: '/toll/payments/balance/deposit-1',
      usd: '1',
      credit_atomic: '1000000',
    });
  }, 60_000);

  it('deposit, 1,000 balance calls, then a balance read that matches the receipts exactly', async () => {
    const w = wallet();
    await deposit(w, 10);
    const receipts: Array<{ receipt: string; body: string }> = [];
    for (let batch = 0; batch < 50; batch++) {
      const results = await Promise.all(Array.from({ length: 20 }, () => spend(w)));
      for (const r of results) {
        expect(r.status).toBe(200);
        receipts.push({ receipt: r.headers.get('x-toll-receipt')!, body: r.text });
      }
    }
    const claims = receipts.map(({ receipt, body }) => {
      const check = verifyReceipt(receipt, receiptKey, {
        body,
        request: { operationId: 'shop.getItem', method: 'GET', path: '/toll/shop/item', input: {} },
      });
      if (!check.valid) throw new Error(check.reason);
      return check.claims;
    });
    const b = await balanceOf(w, '2000');
    expect(b.balance_atomic).toBe('0');
    const debits = b.ledger.filter((e: { kind: string }) => e.kind === 'debit');
    expect(debits).toHaveLength(1000);
    expect(new Set(debits.map((e: { id: string }) => e.id))).toEqual(
      new Set(claims.map((c) => c.settlement.reference)),
    );
    expect(
      claims.every(
        (c) =>
          c.settlement.kind === 'balance_entry' &&
          c.amount_atomic === '10000' &&
          c.asset === 'USDC' &&
          c.decimals === 6 &&
          c.transaction === null,
      ),
    ).toBe(true);
    expect(claims.reduce((sum, c) => sum + BigInt(c.amount_atomic), 0n)).toBe(10_000_000n);
  }, 120_000);

  it('refuses a replayed signed request, a wrong key before any hold, and a stale timestamp', async () => {
    const w = wallet();
    await deposit(w, 1);
    const url = `${stack.gw}/toll/shop/item`;
    const headers = balanceHeaders(url, { method: 'GET' }, w, deployment);
    expect((await http(url, { headers })).status).toBe(200);
    const replay = await http(url, { headers });
    expect([replay.status, replay.body.error]).toEqual([402, 'nonce_reused']);
    const holdsBefore = (
      await sql('SELECT count(*)::int AS n FROM balance_holds WHERE wallet = $1', [w.publicKey.toBase58()])
    )[0].n;
    const forged = {
      ...balanceHeaders(url, { method: 'GET' }, Keypair.generate(), deployment),
      'x-toll-wallet': w.publicKey.toBase58(),
    };
    const wrong = await http(url, { headers: forged });
    expect([wrong.status, wrong.body.error]).toEqual([402, 'balance_signature_invalid']);
    // Signed for another path: same refusal (the path is signed).
    const moved = await http(`${stack.gw}/toll/shop/other`, {
      headers: balanceHeaders(url, { method: 'GET' }, w, deployment),
    });
    expect([moved.status, moved.body.error]).toEqual([402, 'balance_signature_invalid']);
    const stale = await http(url, {
      headers: balanceHeaders(url, { method: 'GET' }, w, deployment, Date.now() - 10 * 60_000),
    });
    expect([stale.status, stale.body.error]).toEqual([402, 'balance_clock_skew']);
    expect(
      (await sql('SELECT count(*)::int AS n FROM balance_holds WHERE wallet = $1', [w.publicKey.toBase58()]))[0].n,
    ).toBe(holdsBefore);
    expect(
      (await sql('SELECT count(*)::int AS n FROM balance_nonces WHERE wallet = $1', [w.publicKey.toBase58()]))[0].n,
    ).toBe(1);
    expect((await balanceOf(w)).balance_atomic).toBe('990000');
  });

  it('refuses a signature made for another deployment before any hold, and takes the v1 form until its day', async () => {
    const w = wallet();
    await deposit(w, 1);
    const url = `${stack.gw}/toll/shop/item`;
    const other = { ...deployment, recipient: Keypair.generate().publicKey.toBase58() };
    const elsewhere = await http(url, { headers: balanceHeaders(url, { method: 'GET' }, w, other) });
    expect([elsewhere.status, elsewhere.body.error, elsewhere.body.balance_auth.part]).toEqual([
      402,
      'balance_signature_invalid',
      'signed_text_or_key',
    ]);
    expect(elsewhere.body.balance_auth.expected_signed_text.split('\n').slice(0, 3)).toEqual([
      'toll-balance-v2',
      deployment.network,
      deployment.recipient,
    ]);
    const testnet = await http(url, {
      headers: balanceHeaders(url, { method: 'GET' }, w, {
        ...deployment,
        network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa0',
      }),
    });
    expect([testnet.status, testnet.body.error]).toEqual([402, 'balance_signature_invalid']);
    expect(
      (await sql('SELECT count(*)::int AS n FROM balance_holds WHERE wallet = $1', [w.publicKey.toBase58()]))[0].n,
    ).toBe(0);
    expect(
      (await sql('SELECT count(*)::int AS n FROM balance_nonces WHERE wallet = $1', [w.publicKey.toBase58()]))[0].n,
    ).toBe(0);
    // A client that still signs the v1 form (no deployment lines) is served until PAYMENTS_BALANCE_V1_UNTIL
    // (2027-02-28).
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('base64url');
    const v1 = balanceSigningTextV1({
      method: 'GET',
      path: '/toll/shop/item',
      input_sha256: inputSha256({}),
      timestamp,
      nonce,
    });
    const key = createPrivateKey({
      key: Buffer.concat([
        Buffer.from('302e020100300506032b657004220420', 'hex'),
        Buffer.from(w.secretKey.subarray(0, 32)),
      ]),
      format: 'der',
      type: 'pkcs8',
    });
    const legacy = await http(url, {
      headers: {
        'x-toll-wallet': w.publicKey.toBase58(),
        'x-toll-timestamp': timestamp,
        'x-toll-nonce': nonce,
        'x-toll-signature': sign(null, Buffer.from(v1), key).toString('base64'),
      },
    });
    expect(legacy.status).toBe(200);
    expect((await balanceOf(w)).balance_atomic).toBe('990000');
  });

  it('releases the debit on our failure: nothing charged, the hold released, the balance whole', async () => {
    const w = wallet();
    await deposit(w, 1);
    faults.failNextFlaky = true;
    const failed = await spend(w, '/toll/shop/flaky');
    expect(failed.status).toBe(502);
    expect(failed.body.error.details.payment).toMatchObject({
      status: 'unused',
      transaction: null,
      operation_id: 'shop.getFlaky',
    });
    const b = await balanceOf(w);
    expect([b.balance_atomic, b.held_atomic, b.spent_today_atomic]).toEqual(['1000000', '0', '0']);
    expect(b.ledger.filter((e: { kind: string }) => e.kind === 'debit')).toEqual([]);
    const [hold] = await sql('SELECT status, reason FROM balance_holds WHERE wallet = $1', [w.publicKey.toBase58()]);
    expect(hold).toEqual({ status: 'released', reason: 'UPSTREAM_ERROR' });
    expect((await spend(w, '/toll/shop/flaky')).status).toBe(200);
  });

  it('redelivers a lost answer on the same Idempotency-Key without a second debit', async () => {
    const w = wallet();
    await deposit(w, 1);
    const before = served.item;
    const first = await spend(w, '/toll/shop/item', stack.gw, { 'idempotency-key': 'order-1' });
    const again = await spend(w, '/toll/shop/item', stack.gateways[1].url, { 'idempotency-key': 'order-1' });
    expect([first.status, again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([
      200,
      200,
      '1',
      first.text,
    ]);
    expect(served.item).toBe(before + 1);
    expect((await balanceOf(w)).balance_atomic).toBe('990000');
  });

  it('applies the caps the owner set on their balance', async () => {
    const w = wallet();
    await deposit(w, 1);
    const caps = { cap_per_call_atomic: '5000', cap_per_day_atomic: null };
    const set = await http(`${stack.gw}/toll/payments/balance/caps`, {
      method: 'POST',
      json: { ...caps, ...ownerAuth('POST', '/toll/payments/balance/caps', caps, w, deployment) },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ cap_per_call_atomic: '5000', cap_per_day_atomic: null });
    const over = await spend(w);
    expect([over.status, over.body.error, over.body.balance.cap_per_call_atomic]).toEqual([
      402,
      'balance_cap_per_call',
      '5000',
    ]);
    const daily = { cap_per_call_atomic: null, cap_per_day_atomic: '20000' };
    expect(
      (
        await http(`${stack.gw}/toll/payments/balance/caps`, {
          method: 'POST',
          json: { ...daily, ...ownerAuth('POST', '/toll/payments/balance/caps', daily, w, deployment) },
        })
      ).status,
    ).toBe(200);
    expect((await spend(w)).status).toBe(200);
    expect((await spend(w)).status).toBe(200);
    const third = await spend(w);
    expect([third.status, third.body.error, third.body.balance.spent_today_atomic]).toEqual([
      402,
      'balance_cap_per_day',
      '20000',
    ]);
    // Someone else cannot change them.
    const forged = await http(`${stack.gw}/toll/payments/balance/caps`, {
      method: 'POST',
      json: {
        ...caps,
        ...ownerAuth('POST', '/toll/payments/balance/caps', caps, Keypair.generate(), deployment),
        wallet: w.publicKey.toBase58(),
      },
    });
    expect(forged.status).toBe(403);
  });

  it('is paid from a balance by the client library with one option, receipts verified offline', async () => {
    const w = wallet();
    await deposit(w, 1);
    const res = await tollCall(
      `${stack.gw}/toll/shop/item`,
      {},
      { keypair: w, rpcUrl: stack.rpc.url, method: 'balance' },
    );
    expect(res.status).toBe(200);
    expect(res.paid).toEqual({ method: 'balance', amount: '10000', asset: 'USDC' });
    const check = verifyReceipt(res.receipt!, receiptKey, {
      body: JSON.stringify(res.body),
      request: { operationId: 'shop.getItem', method: 'GET', path: '/toll/shop/item', input: {} },
    });
    expect(check).toMatchObject({
      valid: true,
      claims: { payer: w.publicKey.toBase58(), settlement: { kind: 'balance_entry' } },
    });
    expect(verifyReceipt(res.receipt!, receiptKey, { body: '{"served":0}' })).toEqual({
      valid: false,
      reason: 'response_mismatch',
    });
  });

  it('pays an MCP tool call from the balance, signed over the route path template and the whole tool input', async () => {
    const w = wallet();
    await deposit(w, 1);
    const mcp = new McpClient({ name: 'toll-e2e-balance', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${stack.gw}/mcp`)));
    try {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('base64url');
      const text = balanceSigningText(
        { method: 'GET', path: '/toll/shop/item', input_sha256: inputSha256({}), timestamp, nonce },
        deployment,
      );
      const key = createPrivateKey({
        key: Buffer.concat([
          Buffer.from('302e020100300506032b657004220420', 'hex'),
          Buffer.from(w.secretKey.subarray(0, 32)),
        ]),
        format: 'der',
        type: 'pkcs8',
      });
      const auth = {
        wallet: w.publicKey.toBase58(),
        timestamp,
        nonce,
        signature: sign(null, Buffer.from(text), key).toString('base64'),
      };
      const r = (await mcp.callTool({
        name: 'shop_getItem',
        arguments: {},
        _meta: { 'toll/balance-payment': auth },
      })) as CallToolResult;
      expect(r.isError).toBeFalsy();
      const check = verifyReceipt(r._meta?.['toll/receipt'] as string, receiptKey, {
        request: { operationId: 'shop.getItem', method: 'GET', path: '/toll/shop/item', input: {} },
      });
      expect(check).toMatchObject({
        valid: true,
        claims: { settlement: { kind: 'balance_entry' }, payer: w.publicKey.toBase58() },
      });
      const replay = (await mcp.callTool({
        name: 'shop_getItem',
        arguments: {},
        _meta: { 'toll/balance-payment': auth },
      })) as CallToolResult;
      expect(JSON.stringify(replay.content)).toContain('nonce_reused');
      const forged = (await mcp.callTool({
        name: 'shop_getItem',
        arguments: {},
        _meta: { 'toll/balance-payment': { ...auth, nonce: `${nonce}x` } },
      })) as CallToolResult;
      expect(forged._meta?.['toll/balance-refusal']).toEqual({
        balance_auth: {
          reason: 'balance_signature_invalid',
          part: 'signed_text_or_key',
          message: expect.any(String),
          expected_signed_text: text.replace(nonce, `${nonce}x`),
        },
      });
    } finally {
      await mcp.close();
    }
    expect((await balanceOf(w)).balance_atomic).toBe('990000');
  });
});
