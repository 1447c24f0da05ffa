import { CONTRACT_HEADER, CONTRACT_VERSION, SUBJECTS } from '@toll/contracts';
import { NatsBus, RAW_BODY_HEADER, readReply } from '@toll/platform';
import { requestSha256 } from '@toll/x402';
import { callOperation, http, respond, waitFor, type FakeResponder, groupHarness } from '@toll/testing';
import { headers as natsHeaders } from 'nats';
import { startGateway, type RunningGateway } from '../src/bootstrap';
import { startDemoGroup, startPingGroup } from './demo-group';

const manifestOf = (
  group: string,
  routes: Array<{ operationId: string; path: string; method?: string }>,
  instanceId = `${group}-1`,
) => ({
  contract: 1,
  group,
  title: group,
  version: '1.0.0',
  instanceId,
  routes: routes.map((r) => ({
    operationId: r.operationId,
    subject: `toll.${r.operationId}`,
    method: r.method ?? 'GET',
    path: r.path,
    summary: r.operationId,
    tags: [],
    price: null,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: { type: 'object' },
    timeoutMs: 1000,
  })),
});

// A conditional GET as a cache sends it. fetch() alone adds Cache-Control: no-cache to a request carrying
// If-None-Match (Fetch standard, cache mode no-store), and a server must then answer in full.
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

describe('gateway over a real NATS server', () => {
  let gateway: RunningGateway;
  let payments: FakeResponder;
  const CHALLENGE = { headerValue: 'eyJ4NDAyVmVyc2lvbiI6Mn0=', body: { x402Version: 1, toll: { memo: 'm' } } };
  const { nats, nc, track } = groupHarness({
    name: 'demo',
    start: (env) => startDemoGroup(env.NATS_URL!),
    setup: ({ nc }) => (payments = respond(nc, SUBJECTS.paymentsChallenge, () => ({ response: CHALLENGE }))),
  });

  beforeAll(async () => {
    gateway = track(
      await startGateway({
        NATS_URL: nats.url,
        PORT: '0',
        GATEWAY_ROUTE_TTL_MS: '1500',
        LOG_LEVEL: 'error',
        GATEWAY_PATH_GRANTS: 'granted:/granted.json',
      }),
    );
    await waitFor(async () => ((await http(`${gateway.url}/toll/demo/echo?q=a`)).status === 200 ? true : undefined));
  });

  beforeEach(() => payments.calls.splice(0));

  it('answers 404 for an unknown path, with the error envelope and x-request-id', async () => {
    const res = await http(`${gateway.url}/toll/nowhere/thing`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'No operation at GET /toll/nowhere/thing',
        request_id: res.headers.get('x-request-id'),
      },
    });
  });

  it('keeps a sane caller-supplied request id', async () => {
    const res = await http(`${gateway.url}/toll/demo/echo?q=a`, { headers: { 'x-request-id': 'trace-1234567' } });
    expect(res.headers.get('x-request-id')).toBe('trace-1234567');
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const res = await http(`${gateway.url}/toll/demo/echo`, { method: 'POST', json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('forwards a free route and coerces query types to the announced schema', async () => {
    const res = await http(`${gateway.url}/toll/demo/echo?q=ab&n=3`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ echo: 'ababab' });
  });

  it('answers 400 with field-level details before any payment step', async () => {
    const missing = await http(`${gateway.url}/toll/demo/paid?extra=1`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field: 'extra', message: 'is not an accepted field' }] },
      request_id: missing.headers.get('x-request-id'),
    });
    const wrongType = await http(`${gateway.url}/toll/demo/echo?q=a&n=zero`);
    expect(wrongType.body.error.details.issues).toEqual([{ field: 'n', message: 'must be integer' }]);
    const required = await http(`${gateway.url}/toll/demo/echo`);
    expect(required.body.error.details.issues).toEqual([{ field: 'q', message: 'is required' }]);
    expect(payments.calls).toHaveLength(0);
  });

  it('validates JSON bodies strictly: types, bad JSON, non-objects and size', async () => {
    expect((await http(`${gateway.url}/toll/demo/sum`, { method: 'POST', json: { a: 2, b: 40 } })).body).toEqual({
      sum: 42,
    });
    const strType = await http(`${gateway.url}/toll/demo/sum`, { method: 'POST', json: { a: '2', b: 40 } });
    expect(strType.body.error.details.issues).toEqual([{ field: 'a', message: 'must be integer' }]);
    const badJson = await http(`${gateway.url}/toll/demo/sum`, {
      method: 'POST',
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe('INVALID_INPUT');
    const array = await http(`${gateway.url}/toll/demo/sum`, { method: 'POST', json: [1, 2] });
    expect(array.status).toBe(400);
    const huge = await http(`${gateway.url}/toll/demo/sum`, {
      method: 'POST',
      json: { a: 1, b: 2, pad: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses bad encodings, control characters and deep nesting on every route, and keeps good UTF-8', async () => {
    expect((await http(`${gateway.url}/toll/demo/echo?q=caf%C3%A9+%E2%9C%93`)).body).toEqual({ echo: 'café ✓' });
    const badQuery = await http(`${gateway.url}/toll/demo/echo?q=%FF%FE&n=1`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.details.issues).toEqual([
      { field: 'q', message: 'is not valid UTF-8 percent-encoding' },
    ]);
    const nul = await http(`${gateway.url}/toll/demo/echo?q=a%00b`);
    expect(nul.status).toBe(400);
    expect(nul.body.error.details.issues).toEqual([
      { field: 'q', message: 'contains a control character (NUL, U+0001–U+001F other than tab, LF and CR, or DEL)' },
    ]);
    expect((await http(`${gateway.url}/toll/demo/echo?q=a%0D%0A%09b`)).body).toEqual({ echo: 'a\r\n\tb' });
    const badBody = await http(`${gateway.url}/toll/demo/sum`, {
      method: 'POST',
      body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Request body is not valid UTF-8',
      details: { issues: [{ field: '(body)', message: 'send JSON encoded as UTF-8' }] },
    });
    const nest = (levels: number): unknown => (levels === 0 ? 1 : { a: nest(levels - 1) });
    const deep = await http(`${gateway.url}/toll/demo/sum`, {
      method: 'POST',
      body: `{"a":1,"b":2,"x":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.error.details.issues).toEqual([
      { field: `x${'.a'.repeat(31)}`, message: 'is nested deeper than 32 levels' },
    ]);
    const shallow = await http(`${gateway.url}/toll/demo/sum`, { method: 'POST', json: { a: 1, b: 2, x: nest(31) } });
    // within the cap: the schema decides
    expect(shallow.body.error.details.issues).toEqual([{ field: 'x', message: 'is not an accepted field' }]);
    const paidWithNul = await http(`${gateway.url}/toll/demo/paid?x=%00`);
    expect(paidWithNul.status).toBe(400);
    expect(payments.calls).toHaveLength(0);
  });

  it('matches path parameters and validates them', async () => {
    expect((await http(`${gateway.url}/toll/demo/item/abc-1`)).body).toEqual({ id: 'abc-1' });
    const bad = await http(`${gateway.url}/toll/demo/item/..%2F..%2Fetc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].field).toBe('id');
  });

  it('answers a paid route without proof with the challenge from payments', async () => {
    const res = await http(`${gateway.url}/toll/demo/paid`);
    expect(res.status).toBe(402);
    expect(res.headers.get('payment-required')).toBe(CHALLENGE.headerValue);
    expect(res.body).toEqual(CHALLENGE.body);
    expect(payments.calls).toHaveLength(1);
    expect(payments.calls[0]).toMatchObject({
      resourceUrl: `${gateway.url}/toll/demo/paid`,
      route: { operationId: 'demo.getPaid', price: { per: 'call', usd: '0.01' } },
    });
  });

  it('asks the group to judge rules its JSON Schema cannot carry before any payment step, proof or not', async () => {
    const checks: unknown[] = [];
    const tap = nc.subscribe('toll.demo.getChecked.check', {
      callback: (_e, m) => checks.push(JSON.parse(Buffer.from(m.data).toString()).data.input),
    });
    await nc.flush();
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: { kind: 'answer', json: '{"ok":true}', headers: {} },
    }));
    await nc.flush();
    const bad = await http(`${gateway.url}/toll/demo/checked?code=1234&low=5&high=2`);
    expect([bad.status, bad.body.error.code, bad.body.error.details.issues]).toEqual([
      400,
      'INVALID_INPUT',
      [
        { field: 'code', message: 'check digit does not match' },
        { field: 'high', message: 'must not be below low' },
      ],
    ]);
    const withProof = await http(`${gateway.url}/toll/demo/checked?code=1234&toll_memo=m`, {
      headers: { 'x-payment-tx': 'sig' },
    });
    expect(withProof.status).toBe(400);
    expect([payments.calls.length, paid.calls.length]).toEqual([0, 0]);
    const good = await http(`${gateway.url}/toll/demo/checked?code=1236`);
    expect(good.status).toBe(402);
    expect(checks).toEqual([{ code: '1234', low: 5, high: 2 }, { code: '1234' }, { code: '1236' }]);
    expect(payments.calls).toHaveLength(1);
    tap.unsubscribe();
    paid.stop();
  });

  it('passes an answer payments served uncharged with its reason and no payment headers', async () => {
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: { kind: 'answer', json: '{"stale":true}', headers: {}, uncharged: 'nothing fresh to sell' },
    }));
    await nc.flush();
    const res = await http(`${gateway.url}/toll/demo/nothing-new?toll_memo=m`, { headers: { 'x-payment-tx': 'sig' } });
    expect([
      res.status,
      res.body,
      res.headers.get('x-toll-uncharged'),
      res.headers.get('payment-response'),
      res.headers.get('x-toll-receipt'),
    ]).toEqual([200, { stale: true }, 'nothing fresh to sell', null, null]);
    expect(paid.calls).toHaveLength(1);
    paid.stop();
  });

  it('tells a payer what payments says of their unused payment after our failure, then answers 503 with Retry-After before any payment step', async () => {
    const payment = {
      status: 'unused',
      transaction: 'Sig1111',
      operation_id: 'demo.getFlaky',
      retry: 'repeat this same request with the same proof',
    };
    // As payments answers: the group failed; later, told the operation is unavailable, it refuses with the gateway's
    // words.
    const paid = respond(nc, SUBJECTS.paymentsCall, (req) =>
      req.unavailable
        ? {
            err: {
              code: 'SERVICE_UNAVAILABLE',
              message: req.unavailable.message,
              details: { retry_after_seconds: req.unavailable.retry_after_seconds, payment },
            },
          }
        : {
            err: {
              code: 'UPSTREAM_ERROR',
              message: 'every provider failed',
              details: { retry_after_seconds: 30, payment },
            },
          },
    );
    await nc.flush();
    const failed = await http(`${gateway.url}/toll/demo/flaky?toll_memo=m`, { headers: { 'x-payment-tx': 'Sig1111' } });
    expect([failed.status, failed.body.error]).toEqual([
      502,
      {
        code: 'UPSTREAM_ERROR',
        message: 'every provider failed',
        details: { retry_after_seconds: 30, payment },
        request_id: failed.headers.get('x-request-id'),
      },
    ]);
    // The group failing announces the operation unavailable: nobody else is asked to pay for a call that will fail.
    expect((await callOperation(nc, 'demo.getFlaky', {})).err).toMatchObject({ code: 'UPSTREAM_ERROR' });
    await waitFor(async () => ((await http(`${gateway.url}/toll/demo/flaky`)).status === 503 ? true : undefined));
    payments.calls.splice(0);
    // No proof, or an x402 one (settled on chain inside verify): refused before any payment step.
    for (const headers of [{}, { 'payment-signature': 'eyJ4NDAyVmVyc2lvbiI6Mn0=' }] as Array<Record<string, string>>) {
      const blocked = await http(`${gateway.url}/toll/demo/flaky`, { headers });
      expect(blocked.status).toBe(503);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(25);
      expect(blocked.body.error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: { retry_after_seconds: expect.any(Number) },
      });
      expect(blocked.body.error.message).toMatch(
        /^demo\.getFlaky cannot be served right now \(UPSTREAM_ERROR: every provider failed\); no payment was taken/,
      );
    }
    expect([payments.calls.length, paid.calls.length]).toEqual([0, 1]);
    // A memo-flow proof is a transfer already made: payments may hold an answer it paid for (redelivered), so it goes
    // there marked unavailable, and is refused the same way, the payment unused.
    const memo = await http(`${gateway.url}/toll/demo/flaky?toll_memo=m`, { headers: { 'x-payment-tx': 'Sig1111' } });
    expect([memo.status, memo.body.error.code, memo.body.error.details.payment]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
      payment,
    ]);
    expect(memo.body.error.message).toMatch(/^demo\.getFlaky cannot be served right now/);
    expect((paid.calls[1] as { unavailable: unknown }).unavailable).toEqual({
      message: memo.body.error.message,
      retry_after_seconds: expect.any(Number),
    });
    // the group's other operations are unaffected
    expect((await http(`${gateway.url}/toll/demo/paid`)).status).toBe(402);
    paid.stop();
  });

  it('answers HEAD on a GET route as GET without a body', async () => {
    const head = await fetch(`${gateway.url}/toll/demo/echo?q=ab&n=2`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'application/json; charset=utf-8',
      '',
    ]);
    const paid = await fetch(`${gateway.url}/toll/demo/paid`, { method: 'HEAD' });
    expect([paid.status, paid.headers.get('payment-required'), await paid.text()]).toEqual([
      402,
      CHALLENGE.headerValue,
      '',
    ]);
    const onPost = await fetch(`${gateway.url}/toll/demo/sum`, { method: 'HEAD' });
    expect([onPost.status, onPost.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('accepts a top-level array body only on routes that opt in, and passes the group’s x-toll-* headers', async () => {
    const array = await http(`${gateway.url}/toll/demo/items`, { method: 'POST', json: [1, 2, 3] });
    expect(array.status).toBe(200);
    expect(array.body).toEqual({ sum: 6 });
    expect(array.headers.get('x-toll-items')).toBe('3');
    expect((await http(`${gateway.url}/toll/demo/items`, { method: 'POST', json: { items: [4] } })).body).toEqual({
      sum: 4,
    });
    const tooMany = await http(`${gateway.url}/toll/demo/items`, { method: 'POST', json: [1, 2, 3, 4] });
    expect(tooMany.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'items', message: 'must NOT have more than 3 items' }] },
    });
  });

  it('sends a group’s JSON-text body exactly as written', async () => {
    const res = await http(`${gateway.url}/toll/demo/exact`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"big":18446744073709551615}');
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-toll-source')).toBe('demo');
  });

  it('gets a group’s body as raw JSON text after the envelope when it asks, and inside the envelope otherwise', async () => {
    const ask = async (subject: string, input: Record<string, unknown>, raw: boolean) => {
      const h = natsHeaders();
      h.set(CONTRACT_HEADER, String(CONTRACT_VERSION));
      if (raw) h.set(RAW_BODY_HEADER, '1');
      const msg = {
        pattern: subject,
        data: { input, requestId: 'raw-body-test', deadline: Date.now() + 1000, caller: { ip: '' } },
        id: 'x',
      };
      return Buffer.from(
        (await nc.request(subject, Buffer.from(JSON.stringify(msg)), { timeout: 2000, headers: h })).data,
      ).toString('utf8');
    };
    // An older gateway or a plain client: one JSON packet, the body inside it as before.
    expect(JSON.parse(await ask('toll.demo.getEcho', { q: 'ab', n: 2 }, false))).toEqual({
      id: 'x',
      isDisposed: true,
      response: { data: { echo: 'abab' }, contract: CONTRACT_VERSION },
    });
    expect(JSON.parse(await ask('toll.demo.getExact', {}, false)).response).toMatchObject({
      data: null,
      json: '{"big":18446744073709551615}',
    });
    // Asked for: the envelope, a newline, then the body exactly as the group wrote it.
    const echo = await ask('toll.demo.getEcho', { q: 'ab', n: 2 }, true);
    expect(echo).toBe(
      `{"response":{"data":null,"headers":{},"contract":${CONTRACT_VERSION}},"isDisposed":true,"id":` +
        `"x"}\n{"echo":"abab"}`,
    );
    expect(readReply(Buffer.from(echo), true).response).toEqual({
      data: null,
      headers: {},
      contract: CONTRACT_VERSION,
      json: '{"echo":"abab"}',
    });
    const exact = await ask('toll.demo.getExact', {}, true);
    expect(exact.slice(exact.indexOf('\n') + 1)).toBe('{"big":18446744073709551615}');
    expect(readReply(Buffer.from(exact), true).response).toMatchObject({
      headers: { 'x-toll-source': 'demo' },
      json: '{"big":18446744073709551615}',
    });
    // Errors stay one packet.
    expect(JSON.parse(await ask('toll.demo.getEcho', { q: '' }, true))).toMatchObject({
      err: { code: 'INVALID_INPUT' },
    });
    // Through NatsBus: the parsed answer by default (an app reading another group's answer), the text when asked.
    const bus = new NatsBus(nc);
    const msg = {
      input: { q: 'ab', n: 2 },
      requestId: 'raw-body-bus',
      deadline: Date.now() + 1000,
      caller: { ip: '' },
    };
    expect(await bus.request('toll.demo.getEcho', msg, { timeoutMs: 2000, requestId: 'raw-body-bus' })).toEqual({
      data: { echo: 'abab' },
      contract: CONTRACT_VERSION,
    });
    expect(
      await bus.request('toll.demo.getEcho', msg, { timeoutMs: 2000, requestId: 'raw-body-bus', rawBody: true }),
    ).toEqual({ data: null, json: '{"echo":"abab"}', headers: {}, contract: CONTRACT_VERSION });
  });

  it('drops response headers a group may not set', async () => {
    const headers = {
      'x-toll-ok': 'yes',
      'set-cookie': 'a=b',
      'x-toll-receipt': 'forged',
      'x-toll-credits-remaining': '1000000',
      'x-toll-split': 'a\r\nb',
    };
    const group = respond(nc, 'toll.hdr.getThing', () => ({ response: { data: { ok: true }, headers } }));
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('hdr', [{ operationId: 'hdr.getThing', path: '/toll/hdr/thing' }])),
    );
    const res = await waitFor(async () => {
      const r = await http(`${gateway.url}/toll/hdr/thing`);
      return r.status === 200 ? r : undefined;
    }, 2_000);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get('x-toll-ok')).toBe('yes');
    for (const name of ['set-cookie', 'x-toll-receipt', 'x-toll-credits-remaining', 'x-toll-split'])
      expect(res.headers.get(name)).toBeNull();
    group.stop();
  });

  it('hands payments the whole paid call in one request, and sends the group body it returns exactly as written', async () => {
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: {
        kind: 'answer',
        json: '{"big":18446744073709551615}',
        headers: { 'x-toll-cache': 'hit' },
        settled: { paymentResponse: 'cGFpZA==', receipt: 'r.s' },
      },
    }));
    await nc.flush();
    const res = await http(`${gateway.url}/toll/demo/paid?toll_memo=m`, {
      headers: { 'x-payment-tx': '1'.repeat(88), 'user-agent': 'agent/1', 'x-toll-payer-signature': 'c2lnbmVk' },
    });
    expect([
      res.status,
      res.text,
      res.headers.get('x-toll-cache'),
      res.headers.get('payment-response'),
      res.headers.get('x-toll-receipt'),
    ]).toEqual([200, '{"big":18446744073709551615}', 'hit', 'cGFpZA==', 'r.s']);
    for (const name of ['x-toll-credits-remaining', 'x-toll-redelivery', 'x-toll-balance-atomic'])
      expect(res.headers.get(name)).toBeNull();
    expect(paid.calls).toEqual([
      {
        requestId: res.headers.get('x-request-id'),
        resourceUrl: `${gateway.url}/toll/demo/paid`,
        route: expect.objectContaining({
          operationId: 'demo.getPaid',
          method: 'GET',
          path: '/toll/demo/paid',
          price: { per: 'call', usd: '0.01' },
        }),
        proof: { kind: 'memo', signature: '1'.repeat(88), memo: 'm', payer_signature: 'c2lnbmVk' },
        requestKey: expect.stringMatching(/^[0-9a-f]{64}$/),
        binding_key: expect.stringMatching(/^[0-9a-f]{64}$/),
        subject: 'toll.demo.getPaid',
        timeoutMs: 1000,
        input: {},
        caller: { ip: expect.any(String), userAgent: 'agent/1' },
        // The receipt binds the canonical request (see requestSha256 in @toll/x402); payments hashes the body it
        // served.
        request_sha256: requestSha256('demo.getPaid', 'GET', '/toll/demo/paid', {}),
      },
    ]);
    // The memo a challenge issues commits to the same key that names the request for redelivery.
    const [sent] = paid.calls as Array<{ binding_key: string; requestKey: string }>;
    expect(sent.binding_key).toBe(sent.requestKey);
    paid.stop();
  });

  it('sends what payments says is left after a call: credits on a prepaid block, a balance, a redelivery count', async () => {
    const settled = {
      paymentResponse: 'e30=',
      receipt: 'claims.sig',
      creditsRemaining: 998,
      redelivery: 2,
      balanceAtomic: '5000',
    };
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: { kind: 'answer', json: '{"ok":true}', headers: {}, settled },
    }));
    await nc.flush();
    const block = await http(`${gateway.url}/toll/demo/block?toll_memo=m`, { headers: { 'x-payment-tx': 'sig' } });
    expect([
      block.status,
      ...['x-toll-credits-remaining', 'x-toll-redelivery', 'x-toll-balance-atomic', 'x-toll-receipt'].map((h) =>
        block.headers.get(h),
      ),
    ]).toEqual([200, '998', '2', '5000', 'claims.sig']);
    paid.stop();
  });

  it('answers 402 with the fresh challenge when payments refuses the proof', async () => {
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: {
        kind: 'challenge',
        challenge: { headerValue: 'cmVmdXNlZA==', body: { x402Version: 1, error: 'memo_expired' } },
      },
    }));
    await nc.flush();
    const res = await http(`${gateway.url}/toll/demo/paid?toll_memo=m`, { headers: { 'x-payment-tx': 'sig' } });
    expect([res.status, res.headers.get('payment-required'), res.body]).toEqual([
      402,
      'cmVmdXNlZA==',
      { x402Version: 1, error: 'memo_expired' },
    ]);
    paid.stop();
  });

  it('names each paid request for redelivery: per-call always, a block only with an Idempotency-Key', async () => {
    const paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: {
        kind: 'answer',
        json: '{"ok":true}',
        headers: {},
        settled: { paymentResponse: 'e30=', receipt: 'r.s' },
      },
    }));
    await nc.flush();
    const proof = (key?: string) => ({
      headers: { 'x-payment-tx': 'sig', ...(key ? { 'idempotency-key': key } : {}) },
    });
    await http(`${gateway.url}/toll/demo/paid?toll_memo=m`, proof());
    await http(`${gateway.url}/toll/demo/paid?toll_memo=m`, proof('k-1'));
    await http(`${gateway.url}/toll/demo/block?toll_memo=m`, proof());
    await http(`${gateway.url}/toll/demo/block?toll_memo=m`, proof('k-1'));
    const keys = (paid.calls as Array<{ requestKey?: string }>).map((c) => c.requestKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{64}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeUndefined();
    expect(keys[3]).toMatch(/^[0-9a-f]{64}$/);
    paid.stop();
  });

  it('hides internals of a failing handler behind INTERNAL', async () => {
    const res = await http(`${gateway.url}/toll/demo/boom`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { code: 'INTERNAL', message: 'Internal error', request_id: res.headers.get('x-request-id') },
    });
  });

  it('answers 504 when the group misses the deadline', async () => {
    const started = Date.now();
    const res = await http(`${gateway.url}/toll/demo/slow`);
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('SERVICE_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(1_200);
  });

  it('rejects a manifest that claims another group’s path', async () => {
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('rogue', [{ operationId: 'rogue.getEcho', path: '/toll/demo/echo' }])),
    );
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('rogue', [{ operationId: 'rogue.getOther', path: '/toll/demo/other' }], 'rogue-2')),
    );
    await nc.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect((await http(`${gateway.url}/toll/demo/echo?q=z`)).body).toEqual({ echo: 'z' });
    expect((await http(`${gateway.url}/toll/demo/other`)).status).toBe(404);
    const spec = (await http(`${gateway.url}/openapi.json`)).body;
    expect(Object.keys(spec.paths).filter((p: string) => p.includes('rogue') || p.endsWith('/other'))).toEqual([]);
  });

  it('lets a group serve a root path only when the gateway grants it', async () => {
    const granted = respond(nc, 'toll.granted.getList', () => ({ response: { data: { ok: 'granted' } } }));
    const squatter = respond(nc, 'toll.squatter.getList', () => ({ response: { data: { ok: 'squatter' } } }));
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('squatter', [{ operationId: 'squatter.getList', path: '/granted.json' }])),
    );
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('granted', [{ operationId: 'granted.getList', path: '/granted.json' }])),
    );
    const res = await waitFor(async () => {
      const r = await http(`${gateway.url}/granted.json`);
      return r.status === 200 ? r : undefined;
    }, 2_000);
    expect(res.body).toEqual({ ok: 'granted' });
    granted.stop();
    squatter.stop();
  });

  it('makes a newly announced route callable at once, and forgets it when no replica announces it', async () => {
    const late = respond(nc, 'toll.late.getNews', () => ({ response: { data: { fresh: true } } }));
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('late', [{ operationId: 'late.getNews', path: '/toll/late/news' }])),
    );
    const res = await waitFor(async () => {
      const r = await http(`${gateway.url}/toll/late/news`);
      return r.status === 200 ? r : undefined;
    }, 2_000);
    expect(res.body).toEqual({ fresh: true });
    await waitFor(async () => ((await http(`${gateway.url}/toll/late/news`)).status === 404 ? true : undefined), 5_000);
    late.stop();
  });

  it('answers 503 once a running group is stopped, before its routes expire', async () => {
    const ping = await startPingGroup(nats.url);
    await waitFor(async () => ((await http(`${gateway.url}/toll/ping/ping`)).status === 200 ? true : undefined), 3_000);
    await ping.close();
    const res = await http(`${gateway.url}/toll/ping/ping`);
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'no service is answering toll.ping.getPing',
      request_id: res.headers.get('x-request-id'),
    });
  });

  it('answers 503 when the group behind a route is gone', async () => {
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('gone', [{ operationId: 'gone.getThing', path: '/toll/gone/thing' }])),
    );
    await waitFor(
      async () => ((await http(`${gateway.url}/toll/gone/thing`)).status !== 404 ? true : undefined),
      2_000,
    );
    const res = await http(`${gateway.url}/toll/gone/thing`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.body.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'no service is answering toll.gone.getThing',
    });
  });

  it('serves the catalog documents with an ETag of their text: 304 while the table is unchanged, new text once it changes', async () => {
    for (const path of ['/openapi.json', '/llms.txt', '/']) {
      // Groups announced by earlier tests expire meanwhile and change the documents: retry until two reads agree.
      const { etag, unchanged } = await waitFor(async () => {
        const first = await fetch(`${gateway.url}${path}`);
        const etag = first.headers.get('etag')!;
        const unchanged = await fetch(`${gateway.url}${path}`, { headers: revalidate(etag) });
        return unchanged.status === 304 ? { etag, unchanged } : undefined;
      }, 5_000);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect([unchanged.headers.get('etag'), await unchanged.text()]).toEqual([etag, '']);
      const other = await fetch(`${gateway.url}${path}`, { headers: revalidate('"something-else"') });
      expect(other.status).toBe(200);
      expect((await other.text()).length).toBeGreaterThan(100);
    }
    const pathsOf = async (res: Response) =>
      Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
    const before = await fetch(`${gateway.url}/openapi.json`);
    const etag = before.headers.get('etag')!;
    expect(await pathsOf(before)).not.toContain('/toll/cached/news');
    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify(manifestOf('cached', [{ operationId: 'cached.getNews', path: '/toll/cached/news' }])),
    );
    const after = await waitFor(async () => {
      const r = await fetch(`${gateway.url}/openapi.json`, { headers: revalidate(etag) });
      return r.status === 200 && (await pathsOf(r)).includes('/toll/cached/news') ? r : undefined;
    }, 2_000);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('serves OpenAPI 3.1 assembled from the manifests, with prices, and HTML docs', async () => {
    const spec = (await http(`${gateway.url}/openapi.json`)).body;
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.info.version).toBe('1.0.0');
    const paid = spec.paths['/toll/demo/paid'].get;
    expect(paid.operationId).toBe('demo.getPaid');
    expect(paid['x-toll-price']).toEqual({ per: 'call', usd: '0.01' });
    expect(Object.keys(paid.responses)).toEqual(['200', '400', '402', '405', '500', '503', '504']);
    expect(Object.keys(spec.paths['/toll/demo/item/{id}'].get.responses)).toEqual([
      '200',
      '400',
      '404',
      '405',
      '500',
      '503',
      '504',
    ]);
    expect(Object.keys(spec.paths['/toll/demo/sum'].post.responses)).toEqual([
      '200',
      '400',
      '405',
      '413',
      '500',
      '503',
      '504',
    ]);
    expect(spec.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toContain('INVALID_INPUT');
    expect(spec.paths['/toll/demo/item/{id}'].get.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    const docs = await http(`${gateway.url}/docs`);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.text).toContain('/toll/demo/paid');
    expect(docs.text).toContain('$0.01 per call');
  });

  it('reports ready once routes are known', async () => {
    expect((await http(`${gateway.url}/readyz`)).body).toMatchObject({ status: 'ready' });
  });
});
