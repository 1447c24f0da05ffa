import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { liveCatalogHarness } from './live-catalog';

// Every paid route shows an agent a working input (issue 23 item 5): its input schema's `examples` (zod .meta in the
// group) are carried into the x402 Bazaar list (info.input: queryParams for GET, a JSON body for POST; the MCP item's
// example) and the v1 entry of the 402 (outputSchema.input). Each example must pass the announced JSON Schema and the
// group's own input rules: sent through the gateway without proof it is challenged (402), never refused (400).
describe('input examples over the live catalog', () => {
  const live = liveCatalogHarness();
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

  const list = async (type: string) => {
    const items: any[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await (
        await fetch(`${live.gateway.url}/discovery/resources?type=${type}&limit=100&offset=${offset}`)
      ).json()) as any;
      items.push(...page.items);
      if (items.length >= page.pagination.total) return items;
    }
  };

  // The request an agent builds from the item as listed: its resource URL (path parameters filled in), then the query
  // parameters or the JSON body.
  const requestOf = (item: any, example: Record<string, unknown>) => {
    const method = item.extensions.bazaar.info.input.method;
    if (method === 'POST')
      return {
        url: item.resource,
        init: { method, body: JSON.stringify(example), headers: { 'content-type': 'application/json' } },
      };
    const query = new URLSearchParams(Object.entries(example).map(([k, v]): [string, string] => [k, String(v)]));
    return { url: `${item.resource}${query.size ? `?${query}` : ''}`, init: { method } };
  };

  it('every paid route announces an example that passes its own schema and input rules, and the bazaar list carries it', async () => {
    const paid = live.operations.filter((op) => op.price);
    const items = await list('http');
    const tools = new Map(
      (await list('mcp')).map((t) => [t.extensions.bazaar.info.input.tool, t.extensions.bazaar.info.input.example]),
    );
    expect(items).toHaveLength(paid.length);
    const problems: string[] = [];
    for (const item of items) {
      const { info, schema } = item.extensions.bazaar;
      const name = `${info.input.method} ${decodeURI(new URL(item.resource).pathname)}`;
      const inputSchema = schema.properties.input.properties.queryParams ?? schema.properties.input.properties.body;
      const example = info.input.queryParams ?? info.input.body;
      const pathParams = info.input.pathParams ?? {};
      if (
        !example ||
        (!Object.keys({ ...pathParams, ...example }).length && Object.keys(inputSchema.properties ?? {}).length)
      ) {
        problems.push(`${name}: no input example`);
        continue;
      }
      if (!ajv.validate(inputSchema, example))
        problems.push(`${name}: example ${JSON.stringify(example)} fails its schema: ${ajv.errorsText(ajv.errors)}`);
      if (!ajv.validate(schema, info))
        problems.push(`${name}: bazaar info fails the extension's own schema: ${ajv.errorsText(ajv.errors)}`);
      const operation = paid.find(
        (op) =>
          new RegExp(`^${live.gateway.url}${op.path.replace(/\{[a-z0-9_]+\}/g, '[^/]+')}$`).test(item.resource) &&
          op.method === info.input.method,
      )!;
      const toolName = operation.operationId.replace(/\./g, '_');
      const whole = { ...pathParams, ...example };
      if (JSON.stringify(tools.get(toolName)) !== JSON.stringify(whole))
        problems.push(`${name}: MCP tool ${toolName} example ${JSON.stringify(tools.get(toolName))}`);
      const request = requestOf(item, example);
      const res = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as any;
      // 402: challenged. 503 comes after the schema and the group's input check too (an operation held unavailable
      // here).
      if (res.status === 503 && body.error?.code === 'SERVICE_UNAVAILABLE') continue;
      if (res.status !== 402) {
        problems.push(
          `${name}: example ${JSON.stringify(example)} got ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
        );
        continue;
      }
      const v1 = body.accepts[0].outputSchema.input;
      const fields = v1.queryParams ?? v1.bodyFields;
      const described = Object.fromEntries(
        Object.entries(fields)
          .filter(([, f]: [string, any]) => 'example' in f)
          .map(([k, f]: [string, any]) => [k, f.example]),
      );
      if (
        JSON.stringify(described) !==
        JSON.stringify(
          Object.fromEntries(
            Object.keys(fields)
              .filter((k) => k in whole)
              .map((k) => [k, whole[k]]),
          ),
        )
      )
        problems.push(`${name}: the v1 entry describes ${JSON.stringify(v1)}`);
    }
    console.log(`input examples: ${items.length} paid routes, ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 300_000);
});
