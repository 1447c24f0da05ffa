import type { FieldIssue } from '@toll/contracts';
import { BALANCE_EXAMPLE, BALANCE_STEPS } from '@toll/x402';
import { toolNameOf } from './mcp';
import { priceText } from './openapi';
import type { ResolvedRoute } from './route-table';

// The catalog for people, server-rendered from the live route table: plain HTML and forms, no script, no assets.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
};

export const escape = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#222}
a{color:#0645ad}.op{border-top:1px solid #ddd;padding:.5rem 0}.m{background:#234;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}
.p{color:#060;font-weight:normal;font-size:.85em}.id{color:#666;font-size:.85em}table{border-collapse:collapse;font-size:.9em;margin:.3rem 0}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:.85em}
form.search{margin:1rem 0}label{display:block;margin:.4rem 0 .1rem;font-weight:600}input[type=text],select,textarea{width:100%;max-width:32rem;padding:.2rem}
fieldset{border:1px solid #ccc;margin:.5rem 0}.hint{color:#666;font-size:.85em;font-weight:normal}.err{color:#b00020;font-size:.9em}
.errors{border:1px solid #b00020;padding:.3rem .8rem;margin:.5rem 0}.badge{background:#0a7d32;color:#fff;border-radius:3px;padding:0 .35rem;font-size:.8em}
.ok{border:1px solid #0a7d32;padding:.3rem .8rem;margin:.5rem 0}.scroll{overflow-x:auto}.rows td{max-width:20rem;overflow-wrap:anywhere}.kv{display:block;font-size:.85em}`;

export const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
  `content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head>` +
  `<body>${body}</body></html>`;

const whereOf = (route: ResolvedRoute, name: string) =>
  route.paramNames.includes(name) ? 'path' : route.method === 'GET' ? 'query' : 'body';
const typeText = (s: Schema): string =>
  s.enum
    ? s.enum.map((v) => JSON.stringify(v)).join(' | ')
    : s.type === 'array'
      ? `${typeText(s.items ?? {})}[]`
      : String(s.type ?? (s.anyOf ? s.anyOf.map(typeText).join(' | ') : 'any'));

function fieldsOf(route: ResolvedRoute): string {
  const schema = route.inputSchema as Schema;
  const rows = Object.entries(schema.properties ?? {}).map(([name, s]) => {
    const where = whereOf(route, name);
    const req =
      (schema.required ?? []).includes(name) || where === 'path'
        ? 'required'
        : s.default !== undefined
          ? `default ${JSON.stringify(s.default)}`
          : 'optional';
    return (
      `<tr><td><code>${escape(name)}</code></td><td>${where}</td><td>${escape(typeText(s))}</td><td>${escape(req)}` +
      `</td><td>${escape(s.description)}</td></tr>`
    );
  });
  return rows.length
    ? `<table><tr><th>field</th><th>in</th><th>type</th><th></th><th>description</th></tr>${rows.join('')}</table>`
    : '<p>No input.</p>';
}

// A value that shows the shape of a field in an example request.
function sampleOf(s: Schema): unknown {
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.type === 'object')
    return Object.fromEntries((s.required ?? []).map((k) => [k, sampleOf(s.properties?.[k] ?? {})]));
  if (s.type === 'array') return [sampleOf(s.items ?? {})];
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return true;
  return `<${s.format ?? 'text'}>`;
}

export function exampleRequest(route: ResolvedRoute, base: string): string {
  const schema = route.inputSchema as Schema;
  const required = (schema.required ?? []).filter((n) => !route.paramNames.includes(n));
  const path = route.path.replace(/\{([a-z0-9_]+)\}/g, (_m, n: string) =>
    encodeURIComponent(String(sampleOf(schema.properties?.[n] ?? {}))),
  );
  if (route.method === 'GET') {
    const query = required
      .map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(String(sampleOf(schema.properties?.[n] ?? {})))}`)
      .join('&');
    return `curl '${base}${path}${query ? `?${query}` : ''}'`;
  }
  const body = JSON.stringify(Object.fromEntries(required.map((n) => [n, sampleOf(schema.properties?.[n] ?? {})])));
  return `curl -X POST '${base}${path}' -H 'content-type: application/json' -d '${body.replace(/'/g, "'\\''")}'`;
}

// The prepaid balance, stated once (libs/x402 balance-guide) for every surface.
function balanceSection(): string {
  const e = BALANCE_EXAMPLE;
  const rows = [
    ['secret seed (hex)', e.secret_seed_hex],
    ['wallet', e.wallet],
    ['request', e.request],
    ['input (canonical JSON)', e.input_canonical_json],
    ['input_sha256', e.input_sha256],
    ['network / recipient (an example deployment)', `${e.network} / ${e.recipient}`],
    ['timestamp / nonce', `${e.timestamp} / ${e.nonce}`],
    ['signed bytes (hex)', e.signed_text_hex],
    ['x-toll-signature', e.signature_base64],
  ];
  return (
    `<section id="prepaid-balance"><h2>Pay from a prepaid ` +
    `balance</h2><ol>${BALANCE_STEPS.map((s) => `<li>${escape(s)}</li>`).join('')}</ol>` +
    `<p>Worked example (check your signer against it); the signed text:</p><pre>${escape(e.signed_text)}</pre>` +
    `<table ` +
    `class="rows">` +
    `${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td><code>${escape(v)}</code></td></tr>`).join('')}</table>` +
    `</section>`
  );
}

const matches = (route: ResolvedRoute, words: string[]) => {
  const text = [route.operationId, route.path, route.summary, route.description, ...route.tags, route.group]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
};

// GET /docs: every group and operation with price, input fields and an example; ?q= and ?group= narrow it down.
export function renderDocs(
  routes: ResolvedRoute[],
  groups: Array<{ group: string; title: string }>,
  base: string,
  filter: { q?: string; group?: string } = {},
): string {
  const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const titles = new Map(groups.map((g) => [g.group, g.title]));
  const shown = routes.filter((r) => (!filter.group || r.group === filter.group) && matches(r, words));
  const byGroup = new Map<string, ResolvedRoute[]>();
  for (const r of [...shown].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)))
    byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), r]);
  const allGroups = [...new Set(routes.map((r) => r.group))].sort();
  const options = allGroups
    .map(
      (g) =>
        `<option value="${escape(g)}"${g === filter.group ? ' selected' : ''}>${escape(titles.get(g) ?? g)}</option>`,
    )
    .join('');
  const sections = [...byGroup]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([group, rs]) =>
        `<section class="group" id="${escape(group)}"><h2>${escape(titles.get(group) ?? group)} <span ` +
        `class="id">${escape(group)}</span></h2>` +
        rs
          .map(
            (r) =>
              `<div class="op" id="${escape(r.operationId)}"><h3><span class="m">${r.method}</span> ` +
              `<code>${escape(r.path)}</code> <span class="p">${escape(priceText(r.price))}</span></h3>` +
              `<p>${escape(r.summary)}</p>${r.description ? `<p class="hint">${escape(r.description)}</p>` : ''}` +
              (r.price && r.payerProof
                ? `<p class="hint">The answer is a credential: a memo-flow payment also needs ` +
                  `<code>X-Toll-Payer-Signature</code>, the paying wallet's signature of the 402's ` +
                  `<code>toll.payer_proof.signed_text</code>.</p>`
                : '') +
              `<p class="id">operationId <code>${escape(r.operationId)}</code> · MCP tool ` +
              `<code>${escape(toolNameOf(r.operationId))}</code> · <a ` +
              `href="/docs/op/${escape(r.operationId)}">Try it</a></p>` +
              `${fieldsOf(r)}<pre>${escape(exampleRequest(r, base))}</pre></div>`,
          )
          .join('') +
        '</section>',
    );
  return page(
    'Toll API',
    `<h1>Toll API</h1><p>Pay-per-call data and utility API for software agents. Paid operations answer <b>402</b> with an x402 challenge:
pay on Solana (SOL or USDC) with the memo from the challenge, then repeat the request with <code>X-Payment-Tx</code> and <code>?toll_memo=</code>,
or pay with any x402 v2 client through <code>PAYMENT-SIGNATURE</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a> ·
MCP: <code>${escape(base)}/mcp</code> · <a href="/llms.txt">/llms.txt</a> · <a href="/discovery/resources">/discovery/resources</a>.</p>
${balanceSection()}
<form class="search" method="get" action="/docs" role="search"><label for="q">Search operations</label><input type="text" id="q" name="q" value="${escape(filter.q)}" placeholder="e.g. weather forecast">
<label for="group">Group</label><select id="group" name="group"><option value="">All groups</option>${options}</select> <button type="submit">Search</button></form>
<p class="count">${shown.length} of ${routes.length} operations${words.length || filter.group ? ' match' : ''}.</p>
<p>Groups: ${allGroups.map((g) => `<a href="#${escape(g)}">${escape(titles.get(g) ?? g)}</a>`).join(' · ') || 'none announced yet'}</p>
${sections.join('')}`,
  );
}

// ---- Try it: a form per operation generated from its input schema; the answer, or the API's own field errors.

interface Field {
  name: string; // dotted path, as the API names fields in issues
  schema: Schema;
  required: boolean;
}

// The leaves of an input schema: nested objects become dotted names, as in the API's field issues.
function leavesOf(
  schema: Schema,
  prefix = '',
  required = true,
): Array<Field | { group: string; schema: Schema; fields: Field[] }> {
  return Object.entries(schema.properties ?? {}).map(([key, s]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const isRequired = required && (schema.required ?? []).includes(key);
    if (s.type === 'object' && s.properties)
      return { group: name, schema: s, fields: leavesOf(s, name, isRequired) as Field[] };
    return { name, schema: s, required: isRequired };
  });
}

const scalarOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

function control(f: Field, value: unknown, route: ResolvedRoute): string {
  const id = `f-${f.name}`;
  const s = f.schema;
  if (s.type === 'boolean' || s.const === true)
    return (
      `<input type="checkbox" id="${escape(id)}" name="${escape(f.name)}" ` +
      `value="true"${value === true || value === 'true' ? ' checked' : ''}>`
    );
  if (s.enum) {
    const opts = s.enum
      .map((v) => `<option${String(v) === String(value ?? '') ? ' selected' : ''}>${escape(v)}</option>`)
      .join('');
    return `<select id="${escape(id)}" name="${escape(f.name)}"><option value="">—</option>${opts}</select>`;
  }
  const text = Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
  if (scalarOf(s) === 'string' && !route.paramNames.includes(f.name) && /description|text|notes/.test(f.name))
    return `<textarea id="${escape(id)}" name="${escape(f.name)}" rows="3">${escape(text)}</textarea>`;
  return `<input type="text" id="${escape(id)}" name="${escape(f.name)}" value="${escape(text)}">`;
}

const issuesAt = (issues: FieldIssue[], name: string) => issues.filter((i) => i.field === name);
const errorsHtml = (issues: FieldIssue[], name: string) =>
  issuesAt(issues, name)
    .map((i) => `<div class="err" data-field="${escape(i.field)}">${escape(i.field)}: ${escape(i.message)}</div>`)
    .join('');

function fieldHtml(
  item: ReturnType<typeof leavesOf>[number],
  values: Record<string, unknown>,
  issues: FieldIssue[],
  route: ResolvedRoute,
): string {
  if ('group' in item)
    return (
      `<fieldset><legend>${escape(item.group)}</legend>${errorsHtml(issues, item.group)}` +
      `${item.fields.map((f) => fieldHtml(f, values, issues, route)).join('')}</fieldset>`
    );
  const hint = [
    item.required ? 'required' : 'optional',
    typeText(item.schema),
    item.schema.type === 'array' ? 'comma-separated' : '',
    item.schema.description,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    `<label for="${escape(`f-${item.name}`)}">${escape(item.name)} <span ` +
    `class="hint">${escape(hint)}</span></label>${control(item, values[item.name], route)}` +
    `${errorsHtml(issues, item.name)}`
  );
}

export interface TryItResult {
  values: Record<string, unknown>; // what the form held, by dotted name
  issues?: FieldIssue[];
  error?: { code: string; message: string };
  data?: unknown;
  challenge?: { price: string; body: Record<string, unknown> };
}

export function renderTryIt(route: ResolvedRoute, base: string, result?: TryItResult): string {
  const items = leavesOf(route.inputSchema as Schema);
  const issues = result?.issues ?? [];
  const values = result?.values ?? {};
  const known = new Set(items.flatMap((i) => ('group' in i ? [i.group, ...i.fields.map((f) => f.name)] : [i.name])));
  const summary = issues.length
    ? `<div class="errors" role="alert"><p><b>Input failed validation</b> (the API answers 400 INVALID_INPUT with ` +
      `these ` +
      `issues):</p><ul>` +
      `${issues.map((i) => `<li${known.has(i.field) ? '' : ' class="err"'}>${escape(i.field)}: ${escape(i.message)}</li>`).join('')}</ul></div>`
    : '';
  const outcome = result?.error
    ? `<div class="errors" role="alert"><b>${escape(result.error.code)}</b>: ${escape(result.error.message)}</div>`
    : result?.challenge
      ? `<div class="ok"><p><b>Payment required</b>: ${escape(result.challenge.price)}. An agent pays this with ` +
        `x402 or the memo flow; the ` +
        `challenge:</p><pre>${escape(JSON.stringify(result.challenge.body, null, 2))}</pre></div>`
      : result && 'data' in result
        ? `<div class="ok" ` +
          `id="result"><p><b>Answer</b></p>${renderData(result.data)}<details><summary>JSON</summary><pre>` +
          `${escape(JSON.stringify(result.data, null, 2))}</pre></details></div>`
        : '';
  const method = route.method === 'GET' ? 'get' : 'post';
  return page(
    `${route.operationId} · Toll API`,
    `<p><a href="/docs#${escape(route.operationId)}">← All operations</a></p><h1><span class="m">${route.method}</span> <code>${escape(route.path)}</code></h1>
<p>${escape(route.summary)} <span class="p">${escape(priceText(route.price))}</span></p>${route.description ? `<p class="hint">${escape(route.description)}</p>` : ''}
<pre>${escape(exampleRequest(route, base))}</pre>${summary}
<form method="${method}" action="/docs/op/${escape(route.operationId)}" novalidate>${route.method === 'GET' ? '<input type="hidden" name="run" value="1">' : ''}
${items.map((i) => fieldHtml(i, values, issues, route)).join('')}<p><button type="submit">${route.price ? 'Get the price' : 'Send'}</button></p></form>${outcome}`,
  );
}

const cell = (key: string, v: unknown): string => {
  if (v === true) return `<span class="badge">${escape(key)}</span>`;
  if (v === false || v === null || v === undefined) return '—';
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return escape(v.join(', '));
  if (typeof v === 'object')
    return Object.entries(v)
      .map(
        ([k, x]) =>
          `<span class="kv">${escape(k)}: ` +
          `${escape(typeof x === 'object' && x !== null ? JSON.stringify(x) : x)}</span>`,
      )
      .join('');
  return escape(v);
};

// An answer as tables: arrays of objects one row each (booleans as badges), objects as one row, scalars as text.
function renderData(data: unknown): string {
  if (typeof data !== 'object' || data === null) return `<p>${escape(JSON.stringify(data))}</p>`;
  const parts: string[] = [];
  const scalars: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const rows =
      Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
        ? (value as Record<string, unknown>[])
        : !Array.isArray(value) && typeof value === 'object' && value !== null
          ? [value as Record<string, unknown>]
          : undefined;
    if (!rows) {
      scalars.push(`<tr><th>${escape(key)}</th><td>${cell(key, value)}</td></tr>`);
      continue;
    }
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const body = rows.map((r) => `<tr>${columns.map((c) => `<td>${cell(c, r[c])}</td>`).join('')}</tr>`).join('');
    parts.push(
      `<h3>${escape(key)} <span ` +
        `class="hint">${Array.isArray(value) ? `${rows.length} rows` : ''}</span></h3><div class="scroll"><table ` +
        `class="rows" ` +
        `data-key="${escape(key)}"><tr>${columns.map((c) => `<th>${escape(c)}</th>`).join('')}</tr>${body}</table>` +
        `</div>`,
    );
  }
  return (scalars.length ? `<table>${scalars.join('')}</table>` : '') + parts.join('');
}

// Form fields back to the operation's input: dotted names nest, numbers and booleans by schema, lists split on
// commas; an empty field is left out, so a missing required field gets the API's own "is required".
export function inputOfForm(
  route: ResolvedRoute,
  form: Record<string, unknown>,
): { input: Record<string, unknown>; values: Record<string, unknown> } {
  const input: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  const schemaAt = (path: string[]) =>
    path.reduce<Schema | undefined>((s, k) => s?.properties?.[k], route.inputSchema as Schema);
  for (const [name, raw] of Object.entries(form)) {
    if (name === 'run' || typeof raw !== 'string') continue;
    values[name] = raw;
    const text = raw.trim();
    if (text === '') continue;
    const path = name.split('.');
    const schema = schemaAt(path);
    if (!schema) continue;
    let value: unknown = text;
    if (route.method === 'POST') {
      const type = scalarOf(schema);
      if (type === 'array')
        value = text
          .split(/[,\n]/)
          .map((t) => t.trim())
          .filter(Boolean)
          .map((t) =>
            (scalarOf(schema.items ?? {}) === 'integer' || scalarOf(schema.items ?? {}) === 'number') &&
            /^-?\d+(\.\d+)?$/.test(t)
              ? Number(t)
              : t,
          );
      else if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) value = Number(text);
      else if (type === 'boolean' || schema.const === true) value = text === 'true';
    }
    let target = input;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]] = value;
  }
  return { input, values };
}
