// TypeScript types for every operation, generated from the gateway's /openapi.json (OpenAPI 3.1, JSON Schema 2020-12).

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  additionalProperties?: boolean | Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  description?: string;
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
const MAX_DEPTH = 12;

// JSON Schema → a TypeScript type expression; anything it cannot express exactly becomes `unknown`.
export function typeOf(schema: Schema | boolean | undefined, indent = '', depth = 0): string {
  if (schema === undefined || schema === true || depth > MAX_DEPTH) return 'unknown';
  if (schema === false) return 'never';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ') || 'never';
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => typeOf(s, indent, depth + 1)).join(' | ') || 'never';
  if (schema.allOf) return schema.allOf.map((s) => `(${typeOf(s, indent, depth + 1)})`).join(' & ') || 'unknown';
  if (Array.isArray(schema.type))
    return schema.type.map((t) => typeOf({ ...schema, type: t }, indent, depth + 1)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (schema.prefixItems) return `[${schema.prefixItems.map((s) => typeOf(s, indent, depth + 1)).join(', ')}]`;
      return `Array<${typeOf(schema.items, indent, depth + 1)}>`;
    case 'object':
      return objectOf(schema, indent, depth);
    default:
      return schema.properties ? objectOf(schema, indent, depth) : 'unknown';
  }
}

function objectOf(schema: Schema, indent: string, depth: number): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([k, s]) =>
      `${s.description ? `${inner}/** ${s.description.replace(/\*\//g, '* /')} */\n` : ''}${inner}${key(k)}` +
      `${required.has(k) ? '' : '?'}: ${typeOf(s, inner, depth + 1)};`,
  );
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false)
    lines.push(`${inner}[key: string]: ${extra === true ? 'unknown' : typeOf(extra, inner, depth + 1)};`);
  if (!lines.length) return schema.additionalProperties === false ? 'Record<string, never>' : 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

interface OpenApiOperation {
  operationId: string;
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema; description?: string }>;
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
  responses?: Record<string, { content?: { 'application/json'?: { schema?: Schema } } }>;
  'x-toll-price'?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

// One input object per operation, as the client takes it: path and query parameters and body fields side by side.
function inputSchemaOf(op: OpenApiOperation): Schema {
  const body = op.requestBody?.content?.['application/json']?.schema ?? {};
  const properties: Record<string, Schema> = { ...(body.properties ?? {}) };
  const required = new Set(body.required ?? []);
  for (const p of op.parameters ?? []) {
    properties[p.name] = { ...(p.schema ?? {}), ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.add(p.name);
  }
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

// The module text of src/operations.ts: an `Operations` map from operationId to method, path, price, input and output.
export function generateOperations(openapi: OpenApiDocument, source: string): string {
  const entries: string[] = [];
  const ops = Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  for (const { path, method, op } of ops.sort((a, b) => a.op.operationId.localeCompare(b.op.operationId))) {
    const output = op.responses?.['200']?.content?.['application/json']?.schema;
    entries.push(
      `  ${JSON.stringify(op.operationId)}: {\n` +
        `    method: ${JSON.stringify(method)};\n    path: ${JSON.stringify(path)};\n    price: ` +
        `${JSON.stringify(op['x-toll-price'] ?? null)};\n` +
        `    input: ${typeOf(inputSchemaOf(op), '    ')};\n    output: ${typeOf(output, '    ')};\n  };`,
    );
  }
  return (
    `// Generated from ${source} by tools/generate-client.js; do not edit. Regenerate when the catalog ` +
    `changes.\nexport interface Operations {\n${entries.join('\n')}\n}\n`
  );
}
