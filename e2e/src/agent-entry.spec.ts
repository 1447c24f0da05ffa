import { http } from '@toll/testing';
import { SOLANA_NETWORKS } from '@toll/x402';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { startDevutils } from '../../apps/devutils/src/bootstrap';
import { stackHarness } from './stack-harness';

// The envelope @x402/extensions/bazaar (2.27.0) declares for a facilitator's GET /discovery/resources
// (DiscoveryResourcesResponse, DiscoveryResource) with x402 v2 PaymentRequirements, written out as JSON Schema.
const BAZAAR_LIST = {
  type: 'object',
  required: ['x402Version', 'items', 'pagination'],
  properties: {
    x402Version: { const: 2 },
    pagination: {
      type: 'object',
      required: ['limit', 'offset', 'total'],
      properties: { limit: { type: 'integer' }, offset: { type: 'integer' }, total: { type: 'integer' } },
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['resource', 'type', 'x402Version', 'accepts', 'lastUpdated'],
        properties: {
          resource: { type: 'string', format: 'uri' },
          type: { enum: ['http', 'mcp'] },
          x402Version: { const: 2 },
          lastUpdated: { type: 'string', format: 'date-time' },
          description: { type: 'string' },
          mimeType: { type: 'string' },
          serviceName: { type: 'string', pattern: '^[\\x20-\\x7e]{1,32}$' },
          tags: { type: 'array', maxItems: 5, items: { type: 'string', pattern: '^[\\x20-\\x7e]{1,32}$' } },
          extensions: {
            type: 'object',
            required: ['bazaar'],
            properties: { bazaar: { type: 'object', required: ['info', 'schema'] } },
          },
          accepts: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['scheme', 'network', 'amount', 'asset', 'payTo', 'maxTimeoutSeconds'],
              properties: {
                scheme: { type: 'string' },
                network: { type: 'string', pattern: '^[a-z0-9-]+:.+$' },
                amount: { type: 'string', pattern: '^\\d+$' },
                asset: { type: 'string' },
                payTo: { type: 'string' },
                maxTimeoutSeconds: { type: 'integer' },
                extra: { type: 'object' },
              },
            },
          },
        },
      },
    },
  },
};

describe('agent entry points generated from the live catalog: /, /llms.txt, /discovery/resources, /.well-known/x402', () => {
  const { stack } = stackHarness({
    groups: [startDevutils],
    ready: ['/toll/shop/health', '/toll/devutils/health', '/toll/payments/receipt?receipt=x'].map((path) => ({
      path,
      until: (res) => ![503, 404].includes(res.status),
    })),
  });
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

  const liveRoutes = async () => {
    const openapi = (await http(`${stack.gw}/openapi.json`)).body;
    return Object.entries(openapi.paths).flatMap(([path, ops]: [string, any]) =>
      Object.entries(ops).map(([method, op]: [string, any]) => ({ path, method: method.toUpperCase(), ...op })),
    );
  };

  it('GET / names the catalog, OpenAPI, MCP, discovery and docs URLs, every live group and how to pay', async () => {
    const res = await http(`${stack.gw}/`);
    expect(res.status).toBe(200);
    expect(res.body.urls).toEqual({
      openapi: `${stack.gw}/openapi.json`,
      docs: `${stack.gw}/docs`,
      llms: `${stack.gw}/llms.txt`,
      mcp: `${stack.gw}/mcp`,
      discovery: `${stack.gw}/discovery/resources`,
      well_known_x402: `${stack.gw}/.well-known/x402`,
    });
    const routes = await liveRoutes();
    expect(res.body.operations).toEqual({ total: routes.length, paid: routes.filter((r) => r['x-toll-price']).length });
    expect(res.body.groups.map((g: any) => g.group)).toEqual(['devutils', 'payments', 'shop']);
    expect(res.body.groups[0]).toEqual({
      group: 'devutils',
      title: 'Dev Utilities',
      operations: routes.filter((r) => r.operationId.startsWith('devutils.')).length,
      docs: `${stack.gw}/docs#devutils`,
    });
    expect(res.body.payment.how_to_pay.join(' ')).toMatch(/PAYMENT-SIGNATURE.*X-Payment-Tx.*_meta\["x402\/payment"\]/s);
  });

  it('/llms.txt describes every live operation with its price, and where the schemas are', async () => {
    const res = await http(`${stack.gw}/llms.txt`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(res.text.startsWith('# Toll\n\n> ')).toBe(true);
    expect(res.text).toContain(`- [OpenAPI 3.1](${stack.gw}/openapi.json)`);
    expect(res.text).toContain('## Dev Utilities (devutils)');
    expect(res.text).toContain(
      `- [GET /toll/shop/item](${stack.gw}/docs#shop.getItem): A paid item ($0.01 per call; operationId shop.getItem; ` +
        `MCP tool shop_getItem)`,
    );
    expect(res.text).toMatch(
      /- \[GET \/toll\/devutils\/gen\/password\]\(.*; payer proof: the answer is a credential\)/,
    );
    expect(res.text).toContain('X-Toll-Payer-Signature');
    for (const r of await liveRoutes()) expect(res.text).toContain(`- [${r.method} ${r.path}](`);
  });

  it('GET /discovery/resources lists every paid route over HTTP and MCP in the Bazaar shape, each bazaar info valid against its schema', async () => {
    const paid = (await liveRoutes()).filter((r) => r['x-toll-price']);
    const res = await http(`${stack.gw}/discovery/resources?limit=100`);
    expect(res.status).toBe(200);
    const valid = ajv.validate(BAZAAR_LIST, res.body);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(res.body.pagination).toEqual({ limit: 100, offset: 0, total: paid.length * 2 });
    const http402 = res.body.items.filter((i: any) => i.type === 'http');
    expect(http402.map((i: any) => i.resource).sort()).toEqual(paid.map((r) => `${stack.gw}${r.path}`).sort());
    for (const item of res.body.items) {
      expect(item.accepts[0].extra).not.toHaveProperty('memo');
      // What a facilitator must do before cataloging: validate info against the schema it came with. The HTTP
      // extension is the 402's own (libs/x402 bazaarExtension), whose example input is the route's own.
      expect(ajv.validate(item.extensions.bazaar.schema, item.extensions.bazaar.info) ? [] : ajv.errors).toEqual([]);
    }
    const item = http402.find((i: any) => i.resource === `${stack.gw}/toll/shop/item`);
    expect(item).toMatchObject({
      type: 'http',
      x402Version: 2,
      description: 'A paid item',
      mimeType: 'application/json',
      serviceName: 'Toll Shop',
      accepts: [
        {
          scheme: 'exact',
          network: SOLANA_NETWORKS.devnet.caip2,
          amount: '10000',
          asset: SOLANA_NETWORKS.devnet.usdcMint,
          payTo: stack.recipient.toBase58(),
          maxTimeoutSeconds: 120,
        },
      ],
      extensions: { bazaar: { info: { input: { type: 'http', method: 'GET' }, output: { type: 'json' } } } },
    });
    const tool = res.body.items.find(
      (i: any) => i.type === 'mcp' && i.extensions.bazaar.info.input.tool === 'devutils_hashSha256',
    );
    expect(tool).toMatchObject({
      resource: `${stack.gw}/mcp`,
      extensions: {
        bazaar: {
          info: {
            input: { type: 'mcp', transport: 'streamable-http', inputSchema: { type: 'object', required: ['text'] } },
          },
        },
      },
    });
  });

  it('paginates and filters like a facilitator, and refuses a bad limit with the field named', async () => {
    const all = (await http(`${stack.gw}/discovery/resources?type=http&limit=100`)).body;
    const page = (await http(`${stack.gw}/discovery/resources?type=http&limit=2&offset=1`)).body;
    expect(page.pagination).toEqual({ limit: 2, offset: 1, total: all.pagination.total });
    expect(page.items).toEqual(all.items.slice(1, 3));
    expect((await http(`${stack.gw}/discovery/resources?network=eip155:8453`)).body.items).toEqual([]);
    const bad = await http(`${stack.gw}/discovery/resources?limit=0`);
    expect([bad.status, bad.body.error.details.issues]).toEqual([
      400,
      [{ field: 'limit', message: 'must be an integer from 1 to 100' }],
    ]);
  });

  it('/.well-known/x402 lists the payable URLs and points to the full list', async () => {
    const res = await http(`${stack.gw}/.well-known/x402`);
    expect(res.body.version).toBe(1);
    expect(res.body.resources).toContain(`${stack.gw}/toll/shop/item`);
    expect(res.body.resources).toHaveLength((await liveRoutes()).filter((r) => r['x-toll-price']).length);
    expect(res.body.instructions).toContain(`${stack.gw}/discovery/resources`);
  });
});
