import { z } from 'zod';
import { contractProblem } from './contract';
import { ERROR_CODES } from './errors';
import { PriceSpec } from './price';

export const GROUP_NAME = /^[a-z][a-z0-9-]{0,31}$/;
export const OPERATION_ID = /^[a-z][a-z0-9-]*\.[a-z][A-Za-z0-9]*$/;
// Literal segments are kebab-case words; `{name}` segments are path parameters.
export const ROUTE_PATH = /^\/(?:(?:[a-z0-9][a-z0-9._-]*|\{[a-z][a-z0-9_]*\})(?:\/|$))*$/;

export const RouteManifest = z.object({
  operationId: z.string().regex(OPERATION_ID),
  subject: z.string().min(1).max(200),
  method: z.enum(['GET', 'POST']),
  path: z.string().regex(ROUTE_PATH).max(200),
  summary: z.string().min(1).max(300),
  description: z.string().max(2000).optional(),
  // Ways a user would ask for this operation (discovery's labelled examples).
  asks: z.array(z.string().min(1).max(200)).max(12).optional(),
  tags: z.array(z.string().max(40)).max(10).default([]),
  price: PriceSpec.nullable(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()),
  timeoutMs: z.number().int().positive().max(30_000),
  // POST only: a top-level JSON array body is accepted and delivered as { [arrayBodyField]: [...] }
  // (JSON-RPC batches); without it the gateway requires an object body.
  arrayBodyField: z
    .string()
    .regex(/^[a-z][A-Za-z0-9]{0,39}$/)
    .optional(),
  // The input has rules its JSON Schema cannot carry (checksums, rules across fields): before any payment step the
  // gateway asks the group to judge the input on inputCheckSubjectOf(operationId), so a refusal is never charged.
  inputCheck: z.boolean().optional(),
  // Sold as another operation of the same group (same price): a proof bought on either route pays on both (one
  // product reached two ways, such as an RPC call by GET or by POST).
  paidAs: z.string().regex(OPERATION_ID).optional(),
  // The answer is a credential (a key, a token, an id that authorises later calls): a memo-flow redemption, or a
  // repeat of a recorded x402 payment, must carry the paying wallet's signature (docs/payments.md, "Who can redeem").
  payerProof: z.boolean().optional(),
  errors: z.array(z.enum(ERROR_CODES)).max(ERROR_CODES.length).optional(), // codes the handler itself may answer
});
export type RouteManifest = z.infer<typeof RouteManifest>;

export const GroupManifest = z.object({
  // The contract version the group speaks (contract.ts); the gateway decides whether it can serve it.
  contract: z.number().int().positive(),
  group: z.string().regex(GROUP_NAME),
  title: z.string().max(80),
  version: z.string().max(40),
  instanceId: z.string().min(1).max(80),
  routes: z.array(RouteManifest).min(1).max(200),
  // Operations this replica cannot serve now (open circuit): the gateway answers them 503 with Retry-After before
  // any payment step, for the seconds given, counted from when it hears the announcement.
  // unlessInput: a call whose input carries this field is not refused (e.g. a renewal, which needs no free bot).
  unavailable: z
    .record(
      z.string(),
      z.object({
        retryAfterSeconds: z.number().int().min(1).max(86_400),
        reason: z.string().max(300),
        unlessInput: z.string().max(64).optional(),
      }),
    )
    .optional(),
});
export type GroupManifest = z.infer<typeof GroupManifest>;

export const subjectOf = (operationId: string): string => `toll.${operationId}`;

// Answers { ok: true } or an INVALID_INPUT error, running the same input schema as the operation itself.
export const inputCheckSubjectOf = (operationId: string): string => `toll.${operationId}.check`;

export const groupPrefixOf = (group: string): string => `/toll/${group}/`;

// A group owns /toll/<group>/… and /api/<group>(/…); any other root path needs a grant from the gateway's
// configuration (e.g. the registry's /registry.json), so a group can never take another group's paths.
const ownsPath = (group: string, path: string, granted: readonly string[]) =>
  path.startsWith(groupPrefixOf(group)) ||
  path === `/api/${group}` ||
  path.startsWith(`/api/${group}/`) ||
  granted.includes(path);

// What the gateway refuses in a manifest. A group checks its own with no grants known, so it only insists
// that nothing of its lands under another group's /toll/ prefix.
export function manifestViolations(manifest: GroupManifest, granted?: readonly string[]): string[] {
  const problems: string[] = [];
  const contract = contractProblem(manifest.contract);
  if (contract) problems.push(`CONTRACT_UNSUPPORTED: ${manifest.group} ${contract}`);
  for (const route of manifest.routes) {
    const [group] = route.operationId.split('.');
    if (group !== manifest.group) problems.push(`${route.operationId}: operationId outside group ${manifest.group}`);
    if (route.subject !== subjectOf(route.operationId))
      problems.push(`${route.operationId}: subject ${route.subject} does not match`);
    if (route.paidAs !== undefined) {
      const product = manifest.routes.find((r) => r.operationId === route.paidAs);
      if (!product || JSON.stringify(product.price) !== JSON.stringify(route.price))
        problems.push(`${route.operationId}: paidAs ${route.paidAs} is not a route of this group with the same price`);
    }
    const allowed = granted
      ? ownsPath(manifest.group, route.path, granted)
      : !route.path.startsWith('/toll/') || route.path.startsWith(groupPrefixOf(manifest.group));
    if (!allowed) problems.push(`${route.operationId}: path ${route.path} outside ${groupPrefixOf(manifest.group)}`);
  }
  return problems;
}
