import { TollError, type FieldIssue } from '@toll/contracts';
import type { z } from 'zod';
import { fieldIssues } from './zod-issues';

type Def = {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

// Checks JSON Schema cannot say: refinements, and overwrites (trim, case changes) that alter the value the later
// checks see, so " " passes minLength 1 in JSON Schema but not after trim.
const OPAQUE_CHECKS = new Set(['custom', 'overwrite']);

// True when the schema holds a rule that z.toJSONSchema drops (a refinement, a transform, a custom type): the
// gateway validates only the announced JSON Schema, so such a route must let the group check its input before
// any payment step (announced as `inputCheck`). Everything else JSON Schema carries exactly.
export function hasOpaqueRules(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'transform' || def.type === 'custom') return true;
  if (def.checks?.some((c) => OPAQUE_CHECKS.has(c._zod.def.check))) return true;
  const children: Array<z.ZodType | null | undefined> = [
    ...Object.values(def.shape ?? {}),
    def.catchall,
    def.element,
    def.innerType,
    ...(def.options ?? []),
    def.left,
    def.right,
    def.in,
    def.out,
    def.keyType,
    def.valueType,
    ...(def.items ?? []),
    def.rest,
    def.type === 'lazy' ? def.getter?.() : undefined,
  ];
  return children.some((child) => child != null && hasOpaqueRules(child, seen));
}

// The one place a route's input is judged, by the handler's interceptor and by the pre-payment check alike.
export function parseInput<T>(
  schema: z.ZodType<T>,
  input: unknown,
): { ok: true; data: T } | { ok: false; issues: FieldIssue[] } {
  const parsed = schema.safeParse(input ?? {});
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issues: fieldIssues(parsed.error) };
}

export const invalidInput = (issues: FieldIssue[]) =>
  new TollError('INVALID_INPUT', 'Input failed validation', { issues });
