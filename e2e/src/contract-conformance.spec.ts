import { callOperation, natsClient } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLiveCatalog, type LiveCatalog, type Operation, type Schema } from './live-catalog';

// Two promises the gateway makes to every caller, checked over the live catalog so a new group is covered by itself:
// 1. No input a handler refuses as invalid is ever asked to pay first: a corpus per paid route (values from each
//    field's schema, tricky values from a shared pool, and random combinations for rules across fields) goes through
//    the gateway without proof; whatever the gateway challenged is sent straight to the group, which must not answer
//    INVALID_INPUT.
// 2. Spec coverage: every operation of spec §4 (docs/spec-operations.json) that is live matches the spec's method,
//    path, price (read from the 402 amount), parameter names, where they go, whether required, and stated limits.

const SPEC = JSON.parse(readFileSync(join(__dirname, '../../docs/spec-operations.json'), 'utf8')) as {
  operations: SpecOperation[];
};
const SPEC_TAGS = [
  'Batch Scorer',
  'Book Metadata',
  'Bridge Scorer',
  'Company Snapshot',
  'Dev Utilities',
  'Discovery',
  'ETF Distributions',
  'Data bundle',
  'Short Interest',
  'Fee Oracle',
  'Funding Rates',
  'News',
  'Jobs Aggregator',
  'Macro & Civic',
  'RPC Gateway',
  'Recall Search',
  'SEC Fundamentals',
  'Spend Governance',
  'Stock Screener',
  'Messaging-bot Provisioning',
  'Token Safety',
  'Trademark Watch',
  'Tron Energy',
  'Weather',
  'Wiki Answers',
];

interface SpecParam {
  name: string;
  in: 'path' | 'query' | 'body';
  required: boolean | null; // null: the spec does not say
  minimum?: number;
  maximum?: number;
  default?: unknown;
  enum?: string[];
}
interface SpecOperation {
  section: string;
  method: 'GET' | 'POST';
  path: string;
  price: { usd: string; per: string; requests?: number } | null;
  params: SpecParam[];
  example?: Record<string, unknown>;
}

// Values that broke handlers before (the audit's cases) or exercise common rules: formats, checksums, zones, units.
const STRING_POOL = [
  '',
  ' ',
  'x',
  'notanip',
  'Bogus/Zone',
  'qqqq',
  '1'.repeat(32),
  '1'.repeat(44),
  '0',
  '-1',
  'm',
  'kg',
  'km',
  'C',
  'GB',
  'UTC',
  'Europe/Berlin',
  '8.8.8.8',
  '::1',
  '10.0.0.1',
  '#fff',
  '#ggg',
  'ff0000',
  '255,0,0',
  '300,0,0',
  '361,50,50',
  '0 0 30 2 *',
  '* * *',
  '0 9 * * 1',
  '@daily',
  'eyJhbGciOiJIUzI1NiJ9.eyJhIjoxfQ.c2ln',
  'a.b.c',
  'a.b.c.d.e',
  'aGk=',
  'QQ=',
  '{"a":1}',
  '{"a":',
  '2026-01-01T00:00:00',
  'yesterday',
  'So11111111111111111111111111111111111111112',
  'AAPL',
  'ZZZZZZ',
  'BTC',
  'BTC-PERP',
  'btc/usdt',
  'ETH-USDT',
  'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9',
  '9780306406157',
  '9780306406158',
  '0306406152',
  '030640615X',
  '1HGCM82633A004352',
  '1HGCM82633A004353',
  'https://example.com/hook',
  'http://127.0.0.1/hook',
  'spanish',
  'es',
  'prices,bogus',
  'bogus',
  'AQID',
  'ethereum',
  'solana',
  'wormhole',
  'USDC',
  'weather',
  'agent-1',
  '2024-01-01',
  '2030-12-31',
  'x'.repeat(300),
];
const NUMBER_POOL = [-1, 0, 0.5, 1, 2, 7, 10, 20, 21, 24, 100, 999, 1e6, 1e16];

// A deterministic PRNG, so a failure names a case that reproduces.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const typesOf = (schema: Schema): string[] => {
  const own = ([] as string[]).concat((schema.type as string | string[] | undefined) ?? []);
  const nested = ((schema.anyOf ?? schema.oneOf ?? []) as Schema[]).flatMap(typesOf);
  return [...new Set([...own, ...nested])];
};

// Candidate values for one field: what its schema names (enum, const, default, examples, bounds) plus the pool.
function candidates(schema: Schema, depth = 0): unknown[] {
  const named = [
    ...((schema.enum as unknown[]) ?? []),
    ...(schema.const !== undefined ? [schema.const] : []),
    ...(schema.default !== undefined ? [schema.default] : []),
    ...((schema.examples as unknown[]) ?? []),
  ];
  const out: unknown[] = [...named];
  for (const type of typesOf(schema)) {
    if (type === 'string') out.push(...STRING_POOL);
    if (type === 'number' || type === 'integer') {
      const bounds = [schema.minimum, schema.maximum]
        .filter((b): b is number => typeof b === 'number')
        .flatMap((b) => [b - 1, b, b + 1]);
      out.push(...bounds, ...NUMBER_POOL.filter((n) => type === 'number' || Number.isInteger(n)));
    }
    if (type === 'boolean') out.push(true, false);
    if (type === 'array' && depth < 2) {
      const items = candidates((schema.items as Schema) ?? {}, depth + 1);
      out.push([], items.slice(0, 1), items.slice(0, 2), items.slice(-2));
    }
    if (type === 'object' && depth < 2)
      out.push({}, ...[1, 2, 3].map((seed) => objectOf(schema, rng(seed * 7919 + depth), depth + 1)));
  }
  return out.length ? out : ['x', 1, true];
}

function objectOf(schema: Schema, random: () => number, depth: number): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (!required.has(name) && random() < 0.5) continue;
    const values = candidates(field, depth);
    out[name] = values[Math.floor(random() * values.length)];
  }
  return out;
}

interface Field {
  name: string;
  in: 'path' | 'query' | 'body';
  required: boolean;
  schema: Schema;
}

const fieldsOf = (op: Operation): Field[] => [
  ...op.params.map((p) => ({ name: p.name, in: p.in, required: p.required, schema: p.schema })),
  ...Object.entries(op.body?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'body' as const,
    required: (op.body?.required ?? []).includes(name),
    schema,
  })),
];

// Query strings carry text: arrays and objects cannot be sent there, so GET inputs take scalars only.
const sendable = (field: Field, value: unknown) => field.in === 'body' || (value !== null && typeof value !== 'object');

// Inputs for one operation: each field alone over its candidates (others at a random base), then random combinations.
function corpusOf(op: Operation, size: number): Array<Record<string, unknown>> {
  const random = rng([...op.operationId].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
  const fields = fieldsOf(op);
  const pick = (field: Field) => {
    const values = candidates(field.schema).filter((v) => sendable(field, v));
    return values[Math.floor(random() * values.length)];
  };
  const randomInput = () => {
    const input: Record<string, unknown> = {};
    for (const f of fields) if (f.required || random() < 0.5) input[f.name] = pick(f);
    return input;
  };
  const cases: Array<Record<string, unknown>> = [{}];
  for (const f of fields) {
    for (const value of candidates(f.schema).filter((v) => sendable(f, v)))
      cases.push({ ...randomInput(), [f.name]: value });
  }
  while (cases.length < size) cases.push(randomInput());
  // Single-field sweeps come first; keep a random sample of the rest within the budget.
  return cases.length <= size
    ? cases
    : [
        ...cases.slice(0, size / 2),
        ...cases
          .slice(size / 2)
          .sort(() => random() - 0.5)
          .slice(0, size / 2),
      ];
}

function requestFor(gateway: string, op: Operation, input: Record<string, unknown>) {
  let path = op.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const f of fieldsOf(op)) {
    if (!(f.name in input)) continue;
    if (f.in === 'path') path = path.replace(`{${f.name}}`, encodeURIComponent(String(input[f.name])));
    else if (f.in === 'query') query.set(f.name, String(input[f.name]));
    else body[f.name] = input[f.name];
  }
  if (path.includes('{')) return undefined; // a path parameter without a value names no resource
  const qs = query.toString();
  return {
    url: `${gateway}${path}${qs ? `?${qs}` : ''}`,
    init:
      op.method === 'POST'
        ? { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : { method: 'GET' },
  };
}

// At most `limit` promises at a time.
async function pooled<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await run(items[i]);
      }
    }),
  );
  return out;
}

const atomic = (usd: string) => {
  const [whole, frac = ''] = usd.split('.');
  return (BigInt(whole) * 1_000_000n + BigInt((frac + '000000').slice(0, 6))).toString();
};

const groupOfPath = (path: string) =>
  path.startsWith('/toll/') ? path.split('/')[2] : path.startsWith('/api/data') ? 'data' : 'registry';
const normalPath = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

describe('contract conformance over the live catalog', () => {
  let live: LiveCatalog;
  let nc: NatsConnection;

  beforeAll(async () => {
    live = await startLiveCatalog();
    nc = await natsClient(live.nats.url);
  }, 120_000);

  afterAll(async () => {
    await nc?.close();
    await live?.stop();
  });

  // First: the corpus below makes handlers fail on upstreams that do not exist here, which opens their circuits.
  it('matches every live spec operation exactly: method, path, price from the 402, parameters and limits', async () => {
    const liveGroups = new Set(live.operations.map((op) => op.operationId.split('.')[0]));
    const problems: string[] = [];
    const missing: string[] = [];
    let matched = 0;
    for (const row of SPEC.operations) {
      const name = `${row.method} ${row.path}`;
      const op = live.operations.find((o) => normalPath(o.path) === normalPath(row.path) && o.method === row.method);
      if (!op) {
        if (liveGroups.has(groupOfPath(row.path))) problems.push(`${name}: its group is live but the operation is not`);
        else missing.push(name);
        continue;
      }
      matched++;
      const priceKey = (p: SpecOperation['price']) =>
        p ? `${atomic(p.usd)} per ${p.per}${p.requests ? ` of ${p.requests}` : ''}` : 'free';
      if (priceKey(row.price) !== priceKey(op.price))
        problems.push(`${name}: price ${JSON.stringify(op.price)}, spec ${JSON.stringify(row.price)}`);
      const fields = fieldsOf(op);
      for (const p of row.params) {
        const f = fields.find((x) => x.name === p.name);
        if (!f) {
          problems.push(`${name}: parameter ${p.name} missing`);
          continue;
        }
        if (f.in !== p.in) problems.push(`${name}: ${p.name} is in ${f.in}, spec says ${p.in}`);
        // A field the spec requires may be required in one form of the input only (an RPC call outside a batch).
        const alternatives = [...((op.body?.oneOf as Schema[]) ?? []), ...((op.body?.anyOf as Schema[]) ?? [])];
        const required =
          f.required || (p.in === 'body' && alternatives.some((a) => (a.required ?? []).includes(p.name)));
        if (p.required !== null && required !== p.required)
          problems.push(`${name}: ${p.name} required=${required}, spec says ${p.required}`);
        for (const key of ['minimum', 'maximum', 'default'] as const) {
          if (p[key] !== undefined && f.schema[key] !== p[key])
            problems.push(`${name}: ${p.name} ${key} ${String(f.schema[key])}, spec says ${String(p[key])}`);
        }
        if (
          p.enum &&
          JSON.stringify([...((f.schema.enum as string[]) ?? [])].sort()) !== JSON.stringify([...p.enum].sort())
        )
          problems.push(
            `${name}: ${p.name} enum ${JSON.stringify(f.schema.enum)}, spec says ${JSON.stringify(p.enum)}`,
          );
      }
      if (!row.price || !row.example) continue;
      const request = requestFor(live.gateway.url, op, row.example)!;
      const res = await fetch(request.url, request.init);
      // An operation held unavailable here (no data loaded in this catalog: short interest, the screener) answers 503
      // after the schema and the group's input check, before any payment step: its input was accepted.
      if (
        res.status === 503 &&
        ((await res.clone().json()) as { error: { code: string } }).error.code === 'SERVICE_UNAVAILABLE'
      )
        continue;
      if (res.status !== 402) {
        problems.push(
          `${name}: the spec's example input got ${res.status} ${(await res.text()).slice(0, 200)}, not the 402`,
        );
        continue;
      }
      const challenge = JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString('utf8'));
      if (challenge.accepts?.[0]?.amount !== atomic(row.price.usd))
        problems.push(
          `${name}: the 402 asks ${challenge.accepts?.[0]?.amount} atomic USDC, spec ${atomic(row.price.usd)}`,
        );
    }
    console.log(
      `${matched} of ${SPEC.operations.length} spec operations ` +
        `live${missing.length ? `; not live yet: ${missing.join(', ')}` : ''}`,
    );
    expect(problems).toEqual([]);
    expect(matched + missing.length).toBe(SPEC.operations.length);
  }, 120_000);

  it('never asks for payment for input the handler refuses', async () => {
    const paid = live.operations.filter((op) => op.price !== null);
    const challenged: Array<{ op: Operation; input: Record<string, unknown> }> = [];
    const refusedByGateway = { count: 0 };
    const jobs = paid.flatMap((op) => corpusOf(op, 80).map((input) => ({ op, input })));
    await pooled(jobs, 8, async ({ op, input }) => {
      const request = requestFor(live.gateway.url, op, input);
      if (!request) return;
      const res = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(8_000) });
      await res.arrayBuffer();
      if (res.status === 402) challenged.push({ op, input });
      else if (res.status === 400) refusedByGateway.count++;
    });
    const failures: string[] = [];
    await pooled(challenged, 8, async ({ op, input }) => {
      // A short deadline: input rules run before any upstream call, and a timeout is not a refusal of the input.
      const reply = await callOperation(nc, op.operationId, input, {
        deadline: Date.now() + 400,
        timeoutMs: 1_500,
      }).catch(() => ({ err: undefined }));
      if (reply.err?.code === 'INVALID_INPUT')
        failures.push(
          `${op.method} ${op.path} ${JSON.stringify(input).slice(0, 200)} → challenged, then refused: ` +
            `${JSON.stringify(reply.err.details?.issues ?? reply.err.message)}`,
        );
    });
    console.log(
      `input rules before payment: ${jobs.length} inputs over ${paid.length} paid operations; ` +
        `${refusedByGateway.count} refused with a 400 before payment, ${challenged.length} challenged and then ` +
        `accepted by their handler`,
    );
    expect(failures).toEqual([]);
    expect(challenged.length).toBeGreaterThan(paid.length); // the corpus reaches the handlers, not only the 400s
  }, 300_000);

  it.each([
    ['POST', '/toll/fees/estimate', {}],
    ['GET', '/toll/devutils/ip', { ip: 'notanip' }],
    ['GET', '/toll/devutils/units/convert', { from: 'm', to: 'kg', value: 1 }],
    ['GET', '/toll/devutils/time/now', { tz: 'Bogus/Zone' }],
    ['GET', '/toll/news/search', { q: 'solana', lang: 'qqqq' }],
    ['GET', '/toll/tokens/token/{mint}', { mint: '1'.repeat(44) }],
  ])('refuses the audit case %s %s %j with a 400 before any payment step', async (method, path, input) => {
    const op = live.operations.find((o) => o.method === method && o.path === path)!;
    const request = requestFor(live.gateway.url, op, input)!;
    const res = await fetch(request.url, request.init);
    expect(res.status).toBe(400);
    expect(res.headers.get('payment-required')).toBeNull();
  });

  it('challenges what the spec makes valid: a colour convert without parameters, a bundle with unknown include values', async () => {
    for (const url of ['/toll/devutils/color/convert', '/api/data?include=bogus'])
      expect((await fetch(`${live.gateway.url}${url}`)).status).toBe(402);
  });

  it('tags every operation with the spec §1 group names', () => {
    const tags = new Set(live.operations.flatMap((op) => op.tags));
    expect([...tags].filter((t) => !SPEC_TAGS.includes(t) && t !== 'Payments')).toEqual([]);
  });
});
