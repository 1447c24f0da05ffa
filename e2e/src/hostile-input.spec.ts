import { connect } from 'node:net';
import { liveCatalogHarness, type Operation, type Schema } from './live-catalog';

// Hostile input over EVERY announced route, enumerated from the live catalog (/openapi.json), so a new route
// is covered the day it ships. Every case must end in a 4xx error envelope (a 402 challenge only where the
// input can be valid), never a 5xx, never a hang, never a charge.

interface Outcome {
  status: number;
  body: any;
  charged: boolean;
}

const TRAVERSAL = 'path traversal in a path parameter';

const wrongValueFor = (schema: Schema): unknown => {
  const types = ([] as string[]).concat(schema.type ?? []);
  return types.includes('object') ? 'not-an-object' : { not: 'a-scalar' };
};

describe('hostile input over every announced route', () => {
  const live = liveCatalogHarness();

  const send = async (
    method: string,
    url: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Outcome> => {
    const res = await fetch(url, {
      method,
      body,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      signal: AbortSignal.timeout(8_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // asserted below
    }
    return { status: res.status, body: parsed, charged: res.headers.has('payment-response') };
  };

  const pathFor = (op: Operation, value = 'abc') => op.path.replace(/\{[^}]+\}/g, value);

  // The cases for one operation: each builds a request that the schema must refuse.
  const casesFor = (op: Operation): Array<[string, () => Promise<Outcome>]> => {
    const base = `${live.gateway.url}${pathFor(op)}`;
    const cases: Array<[string, () => Promise<Outcome>]> = [];
    if (op.method === 'GET') {
      cases.push(['extra query field', () => send('GET', `${base}?zz_unexpected=1`)]);
      for (const p of op.params.filter((x) => x.in === 'query')) {
        cases.push([
          `repeated ${p.name} (array instead of scalar)`,
          () => send('GET', `${base}?${p.name}=1&${p.name}=2`),
        ]);
        cases.push([`invalid UTF-8 in ${p.name}`, () => send('GET', `${base}?${p.name}=%FF%FE%C3`)]);
        cases.push([`NUL and control bytes in ${p.name}`, () => send('GET', `${base}?${p.name}=a%00b%0D%0Ac`)]);
        cases.push([`8 KB ${p.name}`, () => send('GET', `${base}?${p.name}=${'x'.repeat(8_000)}`)]);
        if (!([] as string[]).concat(p.schema.type ?? []).includes('string'))
          cases.push([`wrong type for ${p.name}`, () => send('GET', `${base}?${p.name}=not-a-number`)]);
      }
    } else {
      const props = Object.entries(op.body?.properties ?? {});
      cases.push(['extra body field', () => send('POST', base, JSON.stringify({ zz_unexpected: 1 }))]);
      cases.push(['array body', () => send('POST', base, '[1,2,3]')]);
      cases.push(['truncated JSON', () => send('POST', base, '{"a":')]);
      cases.push(['huge body', () => send('POST', base, JSON.stringify({ pad: 'x'.repeat(300_000) }))]);
      cases.push(['deep JSON', () => send('POST', base, '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000))]);
      cases.push([
        'invalid UTF-8',
        () =>
          send(
            'POST',
            base,
            Buffer.concat([Buffer.from('{"zz":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
          ),
      ]);
      for (const [name, schema] of props) {
        cases.push([
          `wrong type for ${name}`,
          () => send('POST', base, JSON.stringify({ [name]: wrongValueFor(schema) })),
        ]);
        if (([] as string[]).concat(schema.type ?? []).includes('string'))
          cases.push([`NUL in ${name}`, () => send('POST', base, JSON.stringify({ [name]: 'a\u0000b' }))]);
      }
    }
    cases.push([
      'malformed Idempotency-Key',
      () => send(op.method, base, op.method === 'POST' ? '{}' : undefined, { 'idempotency-key': 'two words' }),
    ]);
    if (op.params.some((p) => p.in === 'path'))
      cases.push([
        TRAVERSAL,
        () => send(op.method, `${live.gateway.url}${pathFor(op, '..%2F..%2F..%2Fetc%2Fpasswd')}`),
      ]);
    if ((op.body?.required ?? []).length || op.params.some((p) => p.in === 'query' && p.required))
      cases.push(['missing required fields', () => send(op.method, base, op.method === 'POST' ? '{}' : undefined)]);
    return cases;
  };

  it('finds every group in the live catalog', () => {
    const announced = new Set(live.operations.map((o) => o.operationId.split('.')[0]));
    expect(live.groups.filter((g) => !announced.has(g))).toEqual([]);
    expect(live.operations.length).toBeGreaterThan(live.groups.length);
  });

  it('answers every hostile case with a 4xx envelope, never a 5xx, a hang or a charge', async () => {
    const failures: string[] = [];
    let count = 0;
    for (const op of live.operations) {
      for (const [name, run] of casesFor(op)) {
        count++;
        const out = await run().catch((e) => ({ status: 0, body: String(e), charged: false }));
        const envelope = out.body?.error?.code && out.body?.error?.request_id;
        // Only a traversal string can be valid input (a free-text path parameter), so only it may get the challenge.
        const challenged = out.status === 402 && name === TRAVERSAL && out.body?.x402Version === 1;
        const ok =
          out.status >= 400 && out.status < 500 && !out.charged && (challenged || (out.status !== 402 && envelope));
        if (!ok)
          failures.push(`${op.method} ${op.path} — ${name}: ${out.status} ${JSON.stringify(out.body).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(live.operations.length);
  }, 120_000);

  it('refuses header injection and oversized headers without reaching a handler', async () => {
    const { port } = new URL(live.gateway.url);
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
        let data = '';
        socket.on('data', (d) => (data += d));
        socket.on('close', () => resolve(data));
        socket.setTimeout(5_000, () => socket.destroy());
      });
    const injected = await raw(
      `GET /toll/devutils/health HTTP/1.1\r\nHost: x\r\nX-Request-Id: a\rSet-Cookie: evil=1\r\nConnection: ` +
        `close\r\n\r\n`,
    );
    expect(injected).toMatch(/^HTTP\/1\.1 400/);
    expect(injected).not.toMatch(/set-cookie: evil/i);
    const oversized = await raw(
      `GET /toll/devutils/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(oversized).toMatch(/^HTTP\/1\.1 431/); // refused by Node's HTTP parser before any of our code runs
  });
});
