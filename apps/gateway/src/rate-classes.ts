import type { Request } from 'express';
import { META, toolNameOf } from './mcp';
import { hasProof } from './metrics';
import type { RouteTable } from './route-table';

// The route classes, each with its own bucket per client (GATEWAY_RATE_LIMIT_<CLASS>). A call of a paid operation
// carrying a payment is `paid`: its bucket is its own, so no amount of free traffic from a client refuses its paid
// calls.
export const RATE_CLASSES = ['catalog', 'discovery', 'challenge', 'mcp', 'free-op', 'paid'] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

const CATALOG_PATHS = new Set(['/', '/llms.txt', '/openapi.json', '/docs']);
const DISCOVERY_PATHS = new Set(['/discovery/resources', '/.well-known/x402']);
// Liveness and readiness probes are never limited: a refused probe restarts a healthy replica.
const UNLIMITED_PATHS = new Set(['/healthz', '/readyz']);
const MCP_PAYMENT_KEYS = [META.payment, META.memoPayment, META.balancePayment];

// Classifies requests against the live route table. Runs after the body parser: an MCP call's payment is in its body.
export class RateClassifier {
  private pricedTools = new Set<string>();
  private toolsVersion = -1;

  constructor(
    private readonly table: RouteTable,
    private readonly discoveryOperations: ReadonlySet<string>,
  ) {}

  // Undefined: not limited.
  classOf(req: Request): RateClass | undefined {
    const path = req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
    if (UNLIMITED_PATHS.has(path)) return undefined;
    if (path === '/mcp') return this.isPaidMcpCall(req.body) ? 'paid' : 'mcp';
    if (CATALOG_PATHS.has(path) || path.startsWith('/docs/')) return 'catalog';
    if (DISCOVERY_PATHS.has(path)) return 'discovery';
    const match = this.table.match(req.method === 'HEAD' ? 'GET' : req.method, req.path);
    if (match.kind !== 'route') return 'free-op'; // unknown paths and wrong methods cost what a free operation does
    const { route } = match;
    // A proof on a free operation pays for nothing: it must not move the call into the larger paid bucket.
    if (route.price !== null && hasProof(req)) return 'paid';
    if (this.discoveryOperations.has(route.operationId)) return 'discovery';
    return route.price === null ? 'free-op' : 'challenge';
  }

  // A tools/call of a paid tool with a payment in _meta. A batch (an array) is not: each message would need its own.
  private isPaidMcpCall(body: unknown): boolean {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
    const { method, params } = body as { method?: unknown; params?: { name?: unknown; _meta?: unknown } };
    const meta = method === 'tools/call' ? params?._meta : undefined;
    if (
      typeof meta !== 'object' ||
      meta === null ||
      !MCP_PAYMENT_KEYS.some((k) => (meta as Record<string, unknown>)[k] != null)
    )
      return false;
    if (this.toolsVersion !== this.table.version) {
      this.pricedTools = new Set(
        this.table
          .routes()
          .filter((r) => r.price !== null)
          .map((r) => toolNameOf(r.operationId)),
      );
      this.toolsVersion = this.table.version;
    }
    return typeof params?.name === 'string' && this.pricedTools.has(params.name);
  }
}
