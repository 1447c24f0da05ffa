import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { http } from '@toll/testing';
import { SOLANA_NETWORKS } from '@toll/x402';
import { x402Client } from '@x402/core/client';
import type { PaymentRequired } from '@x402/core/types';
import nacl from 'tweetnacl';
import { startDevutils } from '../../apps/devutils/src/bootstrap';
import { faults, served } from './shop-group';
import { payerX402, stackHarness } from './stack-harness';

// Issue 20: the gateway's MCP endpoint, driven by the MCP SDK's own client, paid on the local chain through the same
// payments service as HTTP (x402 in _meta["x402/payment"], or the memo flow in _meta["toll/memo-payment"]).
describe('MCP endpoint through gateway, payments and groups on a local chain', () => {
  const { stack, connection, track } = stackHarness({
    groups: [startDevutils],
    ready: ['/toll/shop/health', '/toll/devutils/health'],
  });
  let mcp: Client;
  let x402: x402Client;

  const call = (name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) =>
    mcp.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<CallToolResult>;
  const textOf = (r: CallToolResult) => JSON.parse((r.content[0] as { text: string }).text);
  // The x402 MCP convention: a tool error whose content[0].text is
  // {"x402/error":{"code":402,"message","data":PaymentRequired}}.
  const paymentRequiredOf = (r: CallToolResult): PaymentRequired & { error: string } => {
    expect(r.isError).toBe(true);
    const wrapped = textOf(r)['x402/error'];
    expect(wrapped).toMatchObject({ code: 402, message: wrapped.data.error });
    return wrapped.data;
  };
  const receiptClaims = async (receipt: string) =>
    (await http(`${stack.gw}/toll/payments/receipt?receipt=${encodeURIComponent(receipt)}`)).body;

  beforeAll(async () => {
    mcp = track(new Client({ name: 'toll-e2e', version: '1.0.0' }));
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${stack.gw}/mcp`)));
    x402 = await payerX402(stack);
  });

  it('lists every live operation as a tool with its price, input and output schema', async () => {
    const { tools } = await mcp.listTools();
    const openapi = (await http(`${stack.gw}/openapi.json`)).body;
    const operationIds = Object.values(openapi.paths).flatMap((ops: any) =>
      Object.values(ops).map((op: any) => op.operationId),
    );
    expect(tools.map((t) => t._meta?.['toll/operationId']).sort()).toEqual([...operationIds].sort());
    expect(tools.map((t) => t.name).every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(n))).toBe(true);
    // What an inspector shows: each tool's description ends with its price, as OpenAPI states it.
    const prices = new Map(
      Object.values(openapi.paths).flatMap((ops: any) =>
        Object.values(ops).map((op: any) => [op.operationId, op['x-toll-price']]),
      ),
    );
    for (const t of tools) {
      const price = prices.get(t._meta?.['toll/operationId']) as { usd: string; per: string } | null;
      expect(t._meta?.['toll/price']).toEqual(price);
      expect(t.description).toMatch(
        price ? new RegExp(`\\n\\nPrice: \\$${price.usd.replace('.', '\\.')} per ${price.per}`) : /\n\nFree\.$/,
      );
    }
    const item = tools.find((t) => t.name === 'shop_getItem')!;
    expect(item).toMatchObject({
      title: 'A paid item',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { served: { type: 'integer' } } },
      annotations: { readOnlyHint: true },
      _meta: { 'toll/price': { usd: '0.01', per: 'call' }, 'toll/http': { method: 'GET', path: '/toll/shop/item' } },
    });
    expect(item.description).toContain('Price: $0.01 per call.');
    expect(tools.find((t) => t.name === 'shop_getHealth')!.description).toContain('Free.');
    const hash = tools.find((t) => t.name === 'devutils_hashSha256')!;
    expect(hash.inputSchema).toMatchObject({ type: 'object', required: ['text'] });
    expect(hash.inputSchema).not.toHaveProperty('$schema');
    expect(hash.annotations?.readOnlyHint).toBe(false);
  });

  it('calls a free tool at once', async () => {
    const r = await call('shop_getHealth');
    expect(r).toEqual({ content: [{ type: 'text', text: '{"ok":true}' }], structuredContent: { ok: true } });
  });

  it('answers a paid tool called without payment with the x402 PaymentRequired (v2, memo in extra) and the memo flow', async () => {
    const before = served.item;
    const r = await call('shop_getItem');
    const required = paymentRequiredOf(r);
    expect(required).toMatchObject({
      x402Version: 2,
      error: 'payment_required',
      resource: { url: `${stack.gw}/mcp`, description: 'A paid item', mimeType: 'application/json' },
      accepts: [
        {
          scheme: 'exact',
          network: SOLANA_NETWORKS.devnet.caip2,
          amount: '10000',
          asset: SOLANA_NETWORKS.devnet.usdcMint,
          payTo: stack.recipient.toBase58(),
        },
      ],
    });
    expect(required.accepts[0].extra?.memo).toMatch(/^toll2:/);
    // shop_getItem declares an outputSchema, which MCP clients check structuredContent against even on errors.
    expect(r.structuredContent).toBeUndefined();
    expect(r._meta?.['toll/memo-challenge']).toMatchObject({
      memo: required.accepts[0].extra?.memo,
      usdc: { amount_atomic: '10000' },
    });
    expect(served.item).toBe(before);
  });

  it('is paid with x402 in _meta: the result carries the settlement and our receipt; a replay is redelivered, never charged twice', async () => {
    const before = served.item;
    const payload = await x402.createPaymentPayload(paymentRequiredOf(await call('shop_getItem')));
    const paid = await call('shop_getItem', {}, { 'x402/payment': payload });
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent).toEqual({ served: before + 1 });
    const settlement = paid._meta?.['x402/payment-response'] as Record<string, unknown>;
    expect(settlement).toMatchObject({
      success: true,
      network: SOLANA_NETWORKS.devnet.caip2,
      payer: stack.payer.publicKey.toBase58(),
    });
    expect(await receiptClaims(paid._meta?.['toll/receipt'] as string)).toMatchObject({
      valid: true,
      claims: {
        operation_id: 'shop.getItem',
        price: { per: 'call', usd: '0.01' },
        asset: 'USDC',
        transaction: settlement.transaction,
      },
    });

    const replay = await call('shop_getItem', {}, { 'x402/payment': payload });
    expect([replay.structuredContent, replay._meta?.['toll/redelivery']]).toEqual([{ served: before + 1 }, 1]);
    expect(served.item).toBe(before + 1);
  });

  it('refuses a proof replayed on another tool with a fresh challenge naming the reason', async () => {
    const payload = await x402.createPaymentPayload(paymentRequiredOf(await call('shop_getItem')));
    expect((await call('shop_getItem', {}, { 'x402/payment': payload })).isError).toBeFalsy();
    const before = served.other;
    const refused = paymentRequiredOf(await call('shop_getOther', {}, { 'x402/payment': payload }));
    expect(refused.error).toBe('memo_wrong_route');
    expect(refused.accepts[0].extra?.memo).toMatch(/^toll2:/);
    expect(served.other).toBe(before);
  });

  it('is paid by the memo flow in _meta; the same proof for another request is refused', async () => {
    const challenge = (await call('devutils_hashSha256', { text: 'abc' }))._meta?.[
      'toll/memo-challenge'
    ] as MemoChallenge;
    const signature = await sendAndConfirm(
      connection,
      stack.payer,
      memoPaymentInstructions(challenge, 'USDC', stack.payer.publicKey),
    );
    const proof = { 'toll/memo-payment': { signature, memo: challenge.memo } };
    const paid = await call('devutils_hashSha256', { text: 'abc' }, proof);
    expect(paid.structuredContent).toEqual({
      algorithm: 'sha256',
      bytes: 3,
      digest: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
    expect(await receiptClaims(paid._meta?.['toll/receipt'] as string)).toMatchObject({
      valid: true,
      claims: { operation_id: 'devutils.hashSha256', asset: 'USDC', transaction: signature },
    });
    expect(paymentRequiredOf(await call('devutils_hashSha256', { text: 'another' }, proof)).error).toBe(
      'memo_wrong_input',
    );
  });

  it('on a tool whose answer is a credential, serves a memo payment only with the payer’s signature of the challenge’s signed_text', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.find((t) => t.name === 'devutils_genPassword')?._meta?.['toll/payer-proof']).toBe(true);
    expect(tools.find((t) => t.name === 'devutils_hashSha256')?._meta?.['toll/payer-proof']).toBeUndefined();
    const challenge = (await call('devutils_genPassword', { length: 12 }))._meta?.[
      'toll/memo-challenge'
    ] as MemoChallenge & { payer_proof: { signed_text: string } };
    const signature = await sendAndConfirm(
      connection,
      stack.payer,
      memoPaymentInstructions(challenge, 'USDC', stack.payer.publicKey),
    );
    const proof = { 'toll/memo-payment': { signature, memo: challenge.memo } };
    expect(paymentRequiredOf(await call('devutils_genPassword', { length: 12 }, proof)).error).toBe(
      'payer_proof_missing',
    );
    const signed = Buffer.from(
      nacl.sign.detached(Buffer.from(challenge.payer_proof.signed_text, 'utf8'), stack.payer.secretKey),
    ).toString('base64');
    const paid = await call('devutils_genPassword', { length: 12 }, { ...proof, 'toll/payer-signature': signed });
    expect((paid.structuredContent as { password: string }).password).toHaveLength(12);
  });

  it('spends a block payment one credit per call; a repeat with the same toll/idempotency-key is redelivered', async () => {
    const challenge = (await call('shop_getBlock'))._meta?.['toll/memo-challenge'] as MemoChallenge;
    const signature = await sendAndConfirm(
      connection,
      stack.payer,
      memoPaymentInstructions(challenge, 'USDC', stack.payer.publicKey),
    );
    const pay = (key?: string) =>
      call(
        'shop_getBlock',
        {},
        { 'toll/memo-payment': { signature, memo: challenge.memo }, ...(key ? { 'toll/idempotency-key': key } : {}) },
      );
    const outcome = (r: CallToolResult) => [
      r.structuredContent,
      r._meta?.['toll/credits-remaining'],
      r._meta?.['toll/redelivery'],
    ];
    const before = served.block;
    expect(outcome(await pay('order-1'))).toEqual([{ served: before + 1 }, 999, undefined]);
    expect(outcome(await pay('order-1'))).toEqual([{ served: before + 1 }, 999, 1]);
    expect(outcome(await pay())).toEqual([{ served: before + 2 }, 998, undefined]);
    const bad = await call('shop_getBlock', {}, { 'toll/idempotency-key': 'has spaces' });
    expect(textOf(bad).error.details.issues).toEqual([
      { field: '_meta.toll/idempotency-key', message: 'must be 1 to 255 printable ASCII characters without spaces' },
    ]);
  });

  it('refuses invalid arguments with a tool error naming the field, before any challenge', async () => {
    const schema = await call('devutils_genPassword', { length: 3 });
    expect(schema.isError).toBe(true);
    expect(textOf(schema).error).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'length', message: 'must be >= 4' }] },
    });
    // A rule the JSON Schema cannot carry, judged by the group's input pre-check before the challenge.
    const checked = await call('devutils_decodeBase64', { text: 'not base64!' });
    expect(checked.isError).toBe(true);
    expect(textOf(checked).error).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'text', message: 'is not valid base64' }] },
    });
    const malformed = await call('shop_getItem', {}, { 'toll/memo-payment': { signature: 5 } });
    expect(textOf(malformed).error.details.issues).toEqual([
      { field: '_meta.toll/memo-payment.signature', message: 'must be a string' },
      { field: '_meta.toll/memo-payment.memo', message: 'must be a string' },
    ]);
  });

  it('gives the hold back when the group fails, so the same proof pays for the retry', async () => {
    const payload = await x402.createPaymentPayload(paymentRequiredOf(await call('shop_getFlaky')));
    faults.failNextFlaky = true;
    const failed = await call('shop_getFlaky', {}, { 'x402/payment': payload });
    expect([failed.isError, textOf(failed).error.code]).toEqual([true, 'UPSTREAM_ERROR']);
    const before = served.flaky;
    const retried = await call('shop_getFlaky', {}, { 'x402/payment': payload });
    expect([retried.structuredContent, retried._meta?.['toll/redelivery']]).toEqual([
      { served: before + 1 },
      undefined,
    ]);
  });

  it('answers an unknown tool with a JSON-RPC invalid-params error, and GET /mcp with 405', async () => {
    await expect(call('nope_nothing')).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await expect(call('nope_nothing')).rejects.toBeInstanceOf(McpError);
    const res = await http(`${stack.gw}/mcp`);
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
  });
});
