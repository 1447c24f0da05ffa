// Every paid operation's one advertised example, as the live catalog lists it: GET /discovery/resources (the x402
// Bazaar list, every paid route over HTTP and as an MCP tool). Read by the every-operation walk (e2e) and the soak
// (tools/soak), so both call exactly what an agent is shown.
const PAGE = 100;

// Every item of one type ('http' or 'mcp'), page by page.
async function discoveryItems(gateway, type) {
  const items = [];
  for (let offset = 0; ; offset += PAGE) {
    const res = await fetch(`${gateway}/discovery/resources?type=${type}&limit=${PAGE}&offset=${offset}`, {
      signal: AbortSignal.timeout(20_000),
    });
    if (res.status !== 200) throw new Error(`/discovery/resources?type=${type} answered ${res.status}`);
    const page = await res.json();
    items.push(...page.items);
    if (items.length >= page.pagination.total || page.items.length === 0) return items;
  }
}

// The example's input as one object: path parameters, then the query parameters or the JSON body.
const bazaarExample = (input) => ({ ...(input.pathParams ?? {}), ...(input.queryParams ?? input.body ?? {}) });

// The item exactly as listed: its resource URL with its query parameters, or its JSON body.
function exampleRequest(item) {
  const { input } = item.extensions.bazaar.info;
  const url = new URL(item.resource);
  if (input.queryParams) for (const [k, v] of Object.entries(input.queryParams)) url.searchParams.set(k, String(v));
  const init =
    input.method === 'POST'
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input.body) }
      : { method: 'GET' };
  return { method: input.method, url, init };
}

// An MCP item's tool name and its example arguments.
const toolExample = (item) => ({
  name: item.extensions.bazaar.info.input.tool,
  args: item.extensions.bazaar.info.input.example ?? {},
});

module.exports = { discoveryItems, bazaarExample, exampleRequest, toolExample };
