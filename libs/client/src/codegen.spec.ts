import { generateOperations, typeOf } from './codegen';

describe('types generated from JSON Schema', () => {
  it('maps scalars, enums, consts, unions, nullable types, arrays, tuples and records', () => {
    expect(typeOf({ type: 'string' })).toBe('string');
    expect(typeOf({ type: 'integer' })).toBe('number');
    expect(typeOf({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeOf({ const: true })).toBe('true');
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ anyOf: [{ type: 'number' }, { type: 'boolean' }] })).toBe('number | boolean');
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('Array<string>');
    expect(typeOf({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] })).toBe('[string, number]');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'number' } })).toBe('{\n  [key: string]: number;\n}');
    expect(typeOf({ type: 'object', additionalProperties: false })).toBe('Record<string, never>');
    expect(typeOf({})).toBe('unknown');
  });

  it('marks optional properties, quotes keys that are not identifiers and keeps descriptions as doc comments', () => {
    expect(
      typeOf({
        type: 'object',
        properties: { a: { type: 'string', description: 'the a' }, 'b-c': { type: 'number' } },
        required: ['a'],
      }),
    ).toBe('{\n  /** the a */\n  a: string;\n  "b-c"?: number;\n}');
  });

  it('merges path and query parameters and body fields into one input per operation', () => {
    const text = generateOperations(
      {
        paths: {
          '/x/{id}': {
            post: {
              operationId: 'g.doIt',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              requestBody: {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
                  },
                },
              },
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
                    },
                  },
                },
              },
              'x-toll-price': { usd: '0.01', per: 'call' },
            },
          },
        },
      },
      'test',
    );
    expect(text).toContain(
      '  "g.doIt": {\n    method: "POST";\n    path: "/x/{id}";\n    price: {"usd":"0.01","per":"call"};\n    ' +
        'input: {\n      n: number;\n      id: string;\n    };\n    output: {\n      ok: boolean;\n    };\n  };',
    );
  });
});
