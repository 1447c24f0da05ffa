import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SUBJECTS } from '@toll/contracts';
import { http, respond, waitFor, type FakeResponder, groupHarness } from '@toll/testing';
import { encodeHeaderJson } from '@toll/x402';
import { startGateway, type RunningGateway } from '../src/bootstrap';
import { startDemoGroup } from './demo-group';

// The MCP endpoint against fake payments: the pipeline's every outcome (challenge, pre-check, uncharged, group
// headers, exact JSON text, a settled call) reaches the tool result the way it reaches an HTTP response.
describe('gateway MCP endpoint over a real NATS server', () => {
  let gateway: RunningGateway;
  let challenge: FakeResponder;
  let mcp: Client;
  const REQUIRED = {
    x402Version: 2,
    error: 'payment_required',
    resource: { url: 'u', description: 'd', mimeType: 'application/json' },
    accepts: [{ scheme: 'exact', amount: '10000', extra: { memo: 'm' } }],
  };
  const CHALLENGE = { headerValue: encodeHeaderJson(REQUIRED), body: { x402Version: 1, toll: { memo: 'm' } } };
  const SETTLED = { paymentResponse: encodeHeaderJson({ success: true, transaction: 'tx1' }), receipt: 'claims.sig' };

  const call = (name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) =>
    mcp.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<CallToolResult>;
  const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

  const { nats, nc, track } = groupHarness({
    name: 'demo',
    start: (env) => startDemoGroup(env.NATS_URL!),
    setup: ({ nc }) => (challenge = respond(nc, SUBJECTS.paymentsChallenge, () => ({ response: CHALLENGE }))),
  });

  beforeAll(async () => {
    gateway = track(await startGateway({ NATS_URL: nats.url, PORT: '0', LOG_LEVEL: 'error' }));
    await waitFor(async () => ((await http(`${gateway.url}/toll/demo/echo?q=a`)).status === 200 ? true : undefined));
    mcp = track(new Client({ name: 'gateway-spec', version: '1.0.0' }));
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`)));
  });

  beforeEach(() => challenge.calls.splice(0));

  it('lists the announced operations as tools named from their operationIds', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['demo_getEcho', 'demo_getPaid', 'demo_sumItems']));
    expect(tools.find((t) => t.name === 'demo_getEcho')).toMatchObject({
      description: 'Echo\n\nFree.',
      inputSchema: {
        type: 'object',
        properties: { q: { type: 'string' }, n: { type: 'integer', default: 1 } },
        required: ['q'],
      },
      outputSchema: { type: 'object', properties: { echo: { type: 'string' } } },
    });
  });

  it('answers a paid tool without proof with PaymentRequired, resource URL /mcp', async () => {
    const r = await call('demo_getPaid');
    expect(JSON.parse(textOf(r))).toEqual({ 'x402/error': { code: 402, message: 'payment_required', data: REQUIRED } });
    expect(r._meta).toEqual({ 'x402/payment-required': true, 'toll/memo-challenge': { memo: 'm' } });
    expect(challenge.calls[0]).toMatchObject({
      resourceUrl: `${gateway.url}/mcp`,
      route: { operationId: 'demo.getPaid' },
    });
  });

  it('runs the group pre-check before any payment step', async () => {
    const r = await call('demo_getChecked', { code: '1234' }, { 'toll/memo-payment': { signature: 'sig', memo: 'm' } });
    expect(JSON.parse(textOf(r)).error).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'code', message: 'check digit does not match' }] },
    });
    expect(challenge.calls).toHaveLength(0);
  });

  it('passes proofs to payments as the HTTP headers would, and returns the settlement and receipt in _meta', async () => {
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: { kind: 'answer', json: '{"ok":true}', headers: {}, settled: SETTLED },
    }));
    await nc.flush();
    const payload = { x402Version: 2, accepted: { memo: 'm' }, payload: { transaction: 'AAAA' } };
    const r = await call('demo_getPaid', {}, { 'x402/payment': payload });
    expect(r).toEqual({
      content: [{ type: 'text', text: '{"ok":true}' }],
      structuredContent: { ok: true },
      _meta: { 'x402/payment-response': { success: true, transaction: 'tx1' }, 'toll/receipt': 'claims.sig' },
    });
    await call('demo_getPaid', {}, { 'toll/memo-payment': { signature: 'sig', memo: 'm' } });
    expect(paid.calls.map((c: any) => [c.proof, c.subject])).toEqual([
      [{ kind: 'x402', paymentSignature: encodeHeaderJson(payload) }, 'toll.demo.getPaid'],
      [{ kind: 'memo', signature: 'sig', memo: 'm' }, 'toll.demo.getPaid'],
    ]);
    paid.stop();
  });

  it('says in _meta that payments served an answer uncharged', async () => {
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: { kind: 'answer', json: '{"stale":true}', headers: {}, uncharged: 'nothing fresh to sell' },
    }));
    await nc.flush();
    const r = await call('demo_getNothingNew', {}, { 'toll/memo-payment': { signature: 'sig', memo: 'm' } });
    expect([r.structuredContent, r._meta]).toEqual([{ stale: true }, { 'toll/uncharged': 'nothing fresh to sell' }]);
    paid.stop();
  });

  it('keeps the group’s JSON text exact and its x-toll-* headers', async () => {
    expect(textOf(await call('demo_getExact'))).toBe('{"big":18446744073709551615}');
    expect((await call('demo_sumItems', { items: [1, 2] }))._meta).toEqual({ 'toll/headers': { 'x-toll-items': '2' } });
  });
});
