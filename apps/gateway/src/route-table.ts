import type { FieldIssue, RouteManifest } from '@toll/contracts';
import { AnnouncedInstances } from '@toll/platform';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export interface ResolvedRoute extends RouteManifest {
  group: string;
  paramNames: string[];
}

export type Match =
  | { kind: 'route'; route: ResolvedRoute; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

// Query strings carry only text, so GET inputs are coerced to the announced types; JSON bodies are not.
const queryAjv = addFormats(new Ajv2020({ allErrors: true, coerceTypes: true, strict: false }));
const bodyAjv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

function toIssue(e: ErrorObject): FieldIssue {
  const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required')
    return {
      field: [base, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.'),
      message: 'is required',
    };
  if (e.keyword === 'additionalProperties')
    return {
      field: [base, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.'),
      message: 'is not an accepted field',
    };
  return { field: base || '(root)', message: e.message ?? 'is invalid' };
}

// Rules every operation's input follows, whatever its schema. NUL and the C0 controls other than tab, LF and CR
// (and DEL) mean nothing in any input, and NUL cannot be stored in Postgres text. Nesting is capped so that no
// recursive step after validation (hashing the request, a group's own walk) can run out of stack.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_MESSAGE = 'contains a control character (NUL, U+0001–U+001F other than tab, LF and CR, or DEL)';
const MAX_INPUT_DEPTH = 32;
const MAX_RULE_ISSUES = 20;

// Iterative on purpose: the input may be nested thousands of levels deep.
function inputRuleIssues(input: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: Array<[unknown, string, number]> = [[input, '', 0]];
  while (stack.length && issues.length < MAX_RULE_ISSUES) {
    const [value, field, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (CONTROL_CHAR.test(value)) issues.push({ field: field || '(root)', message: CONTROL_MESSAGE });
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) {
        issues.push({ field, message: `is nested deeper than ${MAX_INPUT_DEPTH} levels` });
        continue;
      }
      for (const [k, v] of Object.entries(value)) stack.push([v, field ? `${field}.${k}` : k, depth + 1]);
    }
  }
  return issues;
}

// The gateway's whole knowledge of the world: built only from what groups announce, forgotten when they stop.
export class RouteTable {
  private readonly instances: AnnouncedInstances;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routeValidators = new WeakMap<ResolvedRoute, ValidateFunction>();
  private byPath = new Map<string, Map<string, ResolvedRoute>>();
  private templated: ResolvedRoute[] = [];
  private titles = new Map<string, string>();
  changedAt = new Date(); // when the set of live routes last changed
  version = 0; // counts those changes

  constructor(ttlMs: number, grants: ReadonlyMap<string, string[]> = new Map()) {
    this.instances = new AnnouncedInstances(ttlMs, grants);
  }

  // Returns the problems that made a manifest unacceptable (empty when accepted).
  accept(candidate: unknown, now = Date.now()): string[] {
    const { problems, routesChanged } = this.instances.accept(candidate, now);
    if (routesChanged) this.rebuild();
    return problems;
  }

  // Drops instances not heard from within the TTL; returns the groups that lost their last replica.
  sweep(now = Date.now()): string[] {
    if (!this.instances.expire(now)) return [];
    const before = new Set(this.routes().map((r) => r.group));
    this.rebuild();
    const after = new Set(this.routes().map((r) => r.group));
    return [...before].filter((g) => !after.has(g));
  }

  routes(): ResolvedRoute[] {
    return [...[...this.byPath.values()].flatMap((m) => [...m.values()]), ...this.templated];
  }

  // Live groups with the title they announce, by name.
  groups(): Array<{ group: string; title: string }> {
    return [...this.titles].map(([group, title]) => ({ group, title })).sort((a, b) => a.group.localeCompare(b.group));
  }

  get size() {
    return this.byPath.size + this.templated.length;
  }

  match(method: string, path: string): Match {
    const exact = this.byPath.get(path) ?? this.byPath.get(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
    if (exact) {
      const route = exact.get(method);
      return route ? { kind: 'route', route, params: {} } : { kind: 'method-not-allowed', allowed: [...exact.keys()] };
    }
    const segments = segmentsOf(path);
    const allowed: string[] = [];
    for (const route of this.templated) {
      const params = matchSegments(segmentsOf(route.path), segments);
      if (!params) continue;
      if (route.method === method) return { kind: 'route', route, params };
      allowed.push(route.method);
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }

  // When some replica of the route's group said it cannot serve the operation now: the latest time any of them gave.
  // A call whose input carries the field the group named (unlessInput) does not need what is missing and goes on.
  unavailable(
    route: ResolvedRoute,
    input: Record<string, unknown> = {},
    now = Date.now(),
  ): { retryAfterSeconds: number; reason: string } | undefined {
    let worst: { until: number; reason: string } | undefined;
    for (const inst of this.instances.values()) {
      if (inst.manifest.group !== route.group) continue;
      const u = inst.unavailableUntil.get(route.operationId);
      if (u?.unlessInput !== undefined && input[u.unlessInput] !== undefined && input[u.unlessInput] !== null) continue;
      if (u && u.until > now && (!worst || u.until > worst.until)) worst = u;
    }
    return worst && { retryAfterSeconds: Math.ceil((worst.until - now) / 1000), reason: worst.reason };
  }

  validate(route: ResolvedRoute, input: Record<string, unknown>): FieldIssue[] {
    const rules = inputRuleIssues(input);
    if (rules.length) return rules; // a schema walk over such input could itself go too deep
    const validate = this.validatorFor(route);
    return validate(input) ? [] : (validate.errors ?? []).map(toIssue);
  }

  // Compiled once per schema (replicas and redeploys announce equal ones), found per route object without
  // serialising its schema again on every request.
  private validatorFor(route: ResolvedRoute): ValidateFunction {
    let fn = this.routeValidators.get(route);
    if (fn) return fn;
    const key = `${route.method}:${JSON.stringify(route.inputSchema)}`;
    fn = this.validators.get(key);
    if (!fn) {
      const { $schema: _ignored, ...schema } = route.inputSchema;
      fn = (route.method === 'GET' ? queryAjv : bodyAjv).compile(schema);
      this.validators.set(key, fn);
    }
    this.routeValidators.set(route, fn);
    return fn;
  }

  private rebuild() {
    // Newest announcement first, so during a rolling deploy the latest definition of a route wins.
    const live = [...this.instances.values()].sort((a, b) => b.lastSeen - a.lastSeen);
    const byPath = new Map<string, Map<string, ResolvedRoute>>();
    const templated: ResolvedRoute[] = [];
    const seen = new Set<string>();
    const titles = new Map<string, string>();
    for (const { manifest } of live) {
      if (!titles.has(manifest.group)) titles.set(manifest.group, manifest.title);
      for (const r of manifest.routes) {
        const key = `${r.method} ${r.path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const paramNames = segmentsOf(r.path)
          .filter(isParam)
          .map((s) => s.slice(1, -1));
        const route: ResolvedRoute = { ...r, group: manifest.group, paramNames };
        if (paramNames.length) templated.push(route);
        else byPath.set(r.path, (byPath.get(r.path) ?? new Map()).set(r.method, route));
      }
    }
    this.byPath = byPath;
    this.templated = templated;
    this.titles = titles;
    this.changedAt = new Date();
    this.version++;
  }
}

function matchSegments(template: string[], actual: string[]): Record<string, string> | undefined {
  if (template.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    if (isParam(template[i])) params[template[i].slice(1, -1)] = actual[i];
    else if (template[i] !== actual[i]) return undefined;
  }
  return params;
}
