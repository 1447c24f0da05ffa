import type { PriceSpec } from '@toll/contracts';
import { priceText } from '../../apps/gateway/src/openapi';
import { liveCatalogHarness, type Schema } from './live-catalog';

// One naming style on the wire (issue 23): every public JSON body we define names its properties in snake_case, as
// the spec's records do. Checked over the live catalog so a new group is covered by itself: every operation's
// announced output schema, the 402 body's `toll` object, and error envelopes. And one way to show a price: a decimal
// USD string with its unit, the same in OpenAPI, health, the 402 body and llms.txt.

// Objects whose names a standard fixes are not ours to rename; they are skipped whole, and only these.
const STANDARD_FIXED: Array<{ where: RegExp; why: string }> = [
  {
    where: /^402\.(x402Version|error|accepts)(\.|$)/,
    why: 'x402 v1 PaymentRequired fields (x402Version, accepts[].maxAmountRequired, payTo, extra.feePayer, ...)',
  },
];

const CAMEL = /[a-z0-9][A-Z]/;
const standard = (path: string) => STANDARD_FIXED.some((s) => s.where.test(path));

// Property names declared anywhere in a JSON Schema: properties, items, unions, maps, definitions.
export function camelInSchema(schema: unknown, at: string, found: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return found;
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => camelInSchema(s, `${at}[${i}]`, found));
    return found;
  }
  const s = schema as Schema;
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    const path = `${at}.${name}`;
    if (CAMEL.test(name) && !standard(path)) found.push(path);
    camelInSchema(sub, path, found);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'not'])
    camelInSchema(s[key], `${at}.${key}`, found);
  for (const key of ['$defs', 'definitions', 'patternProperties']) {
    for (const [name, sub] of Object.entries((s[key] as Record<string, unknown>) ?? {}))
      camelInSchema(sub, `${at}.${key}.${name}`, found);
  }
  return found;
}

// Property names in a JSON value (a body actually sent).
export function camelInValue(value: unknown, at: string, found: string[] = []): string[] {
  if (!value || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    value.forEach((v, i) => camelInValue(v, `${at}[${i}]`, found));
    return found;
  }
  for (const [name, sub] of Object.entries(value)) {
    const path = `${at}.${name}`;
    if (standard(path)) continue;
    if (CAMEL.test(name)) found.push(path);
    camelInValue(sub, path, found);
  }
  return found;
}

describe('one naming style on the wire (snake_case)', () => {
  const live = liveCatalogHarness();

  it('the detector catches camelCase and skips only the standard-fixed objects', () => {
    expect(
      camelInSchema(
        { type: 'object', properties: { a_b: { type: 'array', items: { properties: { fooBar: {} } } } } },
        'x',
      ),
    ).toEqual(['x.a_b.items.fooBar']);
    expect(camelInValue({ x402Version: 1, accepts: [{ payTo: 'p' }], toll: { operationId: 'o' } }, '402')).toEqual([
      '402.toll.operationId',
    ]);
  });

  it('every operation announces an output schema in snake_case', () => {
    const found = Object.entries(live.openapi.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        camelInSchema(
          op.responses?.['200']?.content?.['application/json']?.schema,
          `${method.toUpperCase()} ${path} (${op.operationId})`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });

  it('the error envelope schema and every x-toll-price are snake_case', () => {
    expect(camelInSchema(live.openapi.components.schemas.ErrorEnvelope, 'ErrorEnvelope')).toEqual([]);
    const prices = live.operations
      .filter((o) => o.price)
      .flatMap((o) => camelInValue(o.price, `${o.operationId}.x-toll-price`));
    expect(prices).toEqual([]);
  });

  it("every paid operation's 402 body keeps x402's names and names everything of ours in snake_case", async () => {
    const found: string[] = [];
    let challenged = 0;
    for (const op of live.operations.filter((o) => o.price)) {
      const path = op.path.replace(/\{[^}]+\}/g, 'x');
      const res = await fetch(`${live.gateway.url}${path}`, {
        method: op.method,
        ...(op.method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      if (res.status !== 402) continue; // input refused first (400): the envelope is checked below
      const body = (await res.json()) as any;
      expect(body.x402Version).toBe(1);
      challenged++;
      found.push(...camelInValue(body, `402`).map((p) => `${op.operationId}: ${p}`));
    }
    expect(challenged).toBeGreaterThan(10);
    expect(found).toEqual([]);
  }, 120_000);

  it('shows every price one way: decimal USD and its unit, the same in OpenAPI, health, the 402 body and llms.txt', async () => {
    const paid = live.operations.filter((o) => o.price);
    for (const { price } of paid) {
      expect(price).toEqual(
        price!.per === 'block'
          ? { per: 'block', usd: expect.stringMatching(/^\d+(\.\d{1,6})?$/), requests: expect.any(Number) }
          : { per: expect.stringMatching(/^(call|bot-month)$/), usd: expect.stringMatching(/^\d+(\.\d{1,6})?$/) },
      );
    }
    const byId = new Map(live.operations.map((o) => [o.operationId, o.price]));
    const healthPaths = live.operations.filter((o) => o.operationId.endsWith('.getHealth')).map((o) => o.path);
    expect(healthPaths.length).toBeGreaterThan(10);
    for (const path of healthPaths) {
      const health = (await (await fetch(`${live.gateway.url}${path}`)).json()) as any;
      for (const e of health.endpoints)
        expect([e.operation_id, e.price]).toEqual([e.operation_id, byId.get(e.operation_id)]);
    }
    const llms = await (await fetch(`${live.gateway.url}/llms.txt`)).text();
    for (const o of paid) expect(llms).toContain(`(${priceText(o.price as PriceSpec)}; operationId ${o.operationId};`);
    const op = paid.find((o) => o.method === 'GET' && !o.params.some((p) => p.required))!;
    const challenge = (await (await fetch(`${live.gateway.url}${op.path}`)).json()) as any;
    expect(challenge.toll.price).toEqual(op.price);
  });

  // One `tolls` shape in every group's health (issue 33): each operation of the group, with its method, path and price,
  // as OpenAPI states them. Walked over every health in the live catalog, so a new group is held to it by itself.
  it("every group's health lists its tolls one way: {operation_id, method, path, price} for each of its operations", async () => {
    const healths = live.operations.filter((o) => o.operationId.endsWith('.getHealth'));
    expect(healths.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const h of healths) {
      const group = h.operationId.split('.')[0];
      const expected = live.operations
        .filter((o) => o.operationId.split('.')[0] === group)
        .map((o) => ({ operation_id: o.operationId, method: o.method, path: o.path, price: o.price }))
        .sort((a, b) => a.operation_id.localeCompare(b.operation_id));
      const health = (await (await fetch(`${live.gateway.url}${h.path}`)).json()) as any;
      const tolls = Array.isArray(health.tolls)
        ? [...health.tolls].sort((a: any, b: any) => a.operation_id.localeCompare(b.operation_id))
        : health.tolls;
      if (JSON.stringify(tolls) !== JSON.stringify(expected))
        problems.push(`${group}: tolls ${JSON.stringify(health.tolls)?.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  });

  it("the gateway's own bodies (index, healthz, readyz) are snake_case", async () => {
    const found: string[] = [];
    for (const path of ['/', '/healthz', '/readyz'])
      found.push(...camelInValue(await (await fetch(`${live.gateway.url}${path}`)).json(), path));
    expect(found).toEqual([]);
  });

  it('error envelopes (404, 400 with field details, 405) are snake_case', async () => {
    const found: string[] = [];
    const notFound = await fetch(`${live.gateway.url}/toll/no-such-group/x`);
    found.push(...camelInValue(await notFound.json(), '404'));
    for (const op of live.operations.filter((o) => o.method === 'POST').slice(0, 5)) {
      const res = await fetch(`${live.gateway.url}${op.path}`, {
        method: 'POST',
        body: '[1]',
        headers: { 'content-type': 'application/json' },
      });
      const body = (await res.json()) as any;
      expect(body.error.request_id).toEqual(expect.any(String));
      found.push(...camelInValue(body, `${res.status} ${op.operationId}`));
    }
    const wrongMethod = await fetch(
      `${live.gateway.url}${live.operations.find((o) => o.method === 'GET')!.path.replace(/\{[^}]+\}/g, 'x')}`,
      { method: 'DELETE' },
    );
    found.push(...camelInValue(await wrongMethod.json(), `${wrongMethod.status}`));
    expect(found).toEqual([]);
  });

  // Issue 36: what the service serves may only point at what it serves (an agent cannot open this repository).
  it('served text (/, /llms.txt, /docs, /openapi.json) names no repository file', async () => {
    const REPO_PATH = /(?<![\w/.:-])(?:apps|libs|docs|tools|e2e)\/[\w.-]+|\b[\w-]+\.md\b|\bREADME\b/g;
    const found: string[] = [];
    for (const path of ['/', '/llms.txt', '/docs', '/openapi.json']) {
      const text = await (await fetch(`${live.gateway.url}${path}`)).text();
      found.push(
        ...[...text.matchAll(REPO_PATH)].map((m) => `${path}: ${text.slice(Math.max(0, m.index - 60), m.index + 40)}`),
      );
    }
    expect(found).toEqual([]);
  });
});
