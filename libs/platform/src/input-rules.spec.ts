import { z } from 'zod';
import { hasOpaqueRules } from './input-rules';

describe('hasOpaqueRules', () => {
  it('is false for schemas JSON Schema carries whole', () => {
    const plain = z.strictObject({
      a: z.string().min(1).max(5).regex(/^a/),
      b: z.number().int().min(0).optional(),
      c: z.enum(['x', 'y']).default('x'),
      d: z.array(z.union([z.literal(1), z.ipv4()])).max(3),
      e: z.record(z.string(), z.boolean()).nullable(),
    });
    expect(hasOpaqueRules(plain)).toBe(false);
  });

  it.each([
    ['a refinement on a field', z.strictObject({ a: z.string().refine((s) => s !== 'x') })],
    ['a rule across fields', z.strictObject({ a: z.number(), b: z.number() }).superRefine(() => undefined)],
    [
      'a refinement inside an optional array element',
      z.strictObject({ a: z.array(z.string().refine(Boolean)).optional() }),
    ],
    ['a refinement inside a union option', z.strictObject({ a: z.union([z.number(), z.string().refine(Boolean)]) })],
    ['a transform', z.strictObject({ a: z.string().transform((s) => s.trim()) })],
    ['a trim before a length rule', z.strictObject({ q: z.string().trim().min(1) })],
    ['a refinement behind a default', z.strictObject({ a: z.string().refine(Boolean).default('x') })],
  ])('is true for %s', (_name, schema) => {
    expect(hasOpaqueRules(schema)).toBe(true);
  });
});
