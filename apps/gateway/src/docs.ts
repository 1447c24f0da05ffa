import type { ResolvedRoute } from './route-table';
import { priceText } from './openapi';

const escape = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function fieldsOf(route: ResolvedRoute): string {
  const schema = route.inputSchema as { properties?: Record<string, { type?: unknown; description?: string; default?: unknown }>; required?: string[] };
  const rows = Object.entries(schema.properties ?? {}).map(([name, s]) => {
    const where = route.paramNames.includes(name) ? 'path' : route.method === 'GET' ? 'query' : 'body';
    const req = (schema.required ?? []).includes(name) || where === 'path' ? 'required' : s.default !== undefined ? `default ${JSON.stringify(s.default)}` : 'optional';
    return `<tr><td><code>${escape(name)}</code></td><td>${where}</td><td>${escape(JSON.stringify(s.type ?? 'any'))}</td><td>${escape(req)}</td><td>${escape(s.description)}</td></tr>`;
  });
  return rows.length ? `<table><tr><th>field</th><th>in</th><th>type</th><th></th><th>description</th></tr>${rows.join('')}</table>` : '<p>No input.</p>';
}

// Human-readable docs, rendered from the same live catalog as /openapi.json; no assets, no network.
export function renderDocs(routes: ResolvedRoute[]): string {
  const groups = new Map<string, ResolvedRoute[]>();
  for (const r of [...routes].sort((a, b) => a.path.localeCompare(b.path))) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  const sections = [...groups].map(
    ([group, rs]) =>
      `<h2 id="${escape(group)}">${escape(rs[0].tags[0] ?? group)}</h2>` +
      rs
        .map(
          (r) =>
            `<div class="op"><h3><span class="m">${r.method}</span> <code>${escape(r.path)}</code> <span class="p">${escape(priceText(r.price))}</span></h3>` +
            `<p>${escape(r.summary)}</p><p class="id">operationId <code>${escape(r.operationId)}</code></p>${fieldsOf(r)}</div>`,
        )
        .join(''),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Toll API</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
.op{border-top:1px solid #ddd;padding:.5rem 0}.m{background:#234;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}
.p{color:#060;font-weight:normal;font-size:.85em}.id{color:#666;font-size:.85em}table{border-collapse:collapse;font-size:.9em}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}</style></head><body>
<h1>Toll API</h1><p>Pay-per-call data and utility API for software agents. Paid operations answer <b>402</b> with an x402 challenge:
pay on Solana (SOL or USDC) with the memo from the challenge, then repeat the request with <code>X-Payment-Tx</code> and <code>?toll_memo=</code>,
or pay with any x402 v2 client through <code>PAYMENT-SIGNATURE</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a>.</p>
<p>Groups: ${[...groups.keys()].map((g) => `<a href="#${escape(g)}">${escape(g)}</a>`).join(' · ') || 'none announced yet'}</p>
${sections.join('')}</body></html>`;
}
