import { z } from 'zod';
import { inputSchemaOf } from './catalog.service';
import type { TollRouteOptions } from './toll-route';

describe(inputSchemaOf.name, () => {
  const route = (input: z.ZodObject) => ({ operationId: 'g.op', input }) as TollRouteOptions;
  const Point = z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number() });

  it("announces the input's examples, also when a field transforms (z.toJSONSchema drops them there)", () => {
    expect(inputSchemaOf(route(Point.meta({ examples: [{ lat: 52.52, lon: 13.41 }] }))).examples).toEqual([
      { lat: 52.52, lon: 13.41 },
    ]);
    const Params = z
      .strictObject({ params: z.string().transform((s) => s.split(',')) })
      .meta({ examples: [{ params: 'a,b' }] });
    expect(inputSchemaOf(route(Params))).toMatchObject({
      properties: { params: { type: 'string' } },
      examples: [{ params: 'a,b' }],
    });
  });

  it('refuses an example its own rules refuse, naming the field, so the app does not start with it', () => {
    expect(() => inputSchemaOf(route(Point.meta({ examples: [{ lat: 91, lon: 0 }] })))).toThrow(
      /^g\.op: its input example \{"lat":91,"lon":0\} fails its own rules: .*"field":"lat"/,
    );
  });

  it('gives an input without fields the empty example, and an input with fields none of its own making', () => {
    expect(inputSchemaOf(route(z.strictObject({}))).examples).toEqual([{}]);
    expect(inputSchemaOf(route(Point))).not.toHaveProperty('examples');
  });
});
