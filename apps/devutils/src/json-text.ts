export type JsonRootType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface JsonSyntaxError {
  message: string;
  line: number; // 1-based
  column: number; // 1-based, in UTF-16 code units like `position`
  position: number; // 0-based offset of the offending character
}

export type JsonParse = { ok: true; value: unknown; rootType: JsonRootType } | { ok: false; error: JsonSyntaxError };

// JSON.parse does the parsing; this only turns its failure into a line and column.
export function parseJson(text: string): JsonParse {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value, rootType: rootTypeOf(value) };
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    const position = positionIn(err.message, text.length) ?? firstBadOffset(text);
    return { ok: false, error: { message: cleanMessage(err.message), ...lineColumn(text, position), position } };
  }
}

function rootTypeOf(value: unknown): JsonRootType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

// V8 says "... in JSON at position N" for most errors and "Unexpected end of JSON input" at the end.
function positionIn(message: string, length: number): number | undefined {
  const at = / in JSON at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  return message === 'Unexpected end of JSON input' ? length : undefined;
}

// For "Unexpected token 'x', ... is not valid JSON" V8 names no position. The bad character is the one
// right after the longest prefix that is still the start of some valid document, found by bisection
// (the empty prefix is such a start, the whole text is not).
function firstBadOffset(text: string): number {
  let good = 0;
  let bad = text.length;
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (isValidStart(text.slice(0, mid))) good = mid;
    else bad = mid;
  }
  return good;
}

function isValidStart(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (err) {
    return positionIn((err as Error).message, prefix.length) === prefix.length;
  }
}

function lineColumn(text: string, position: number) {
  const before = text.slice(0, position);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: position - lineStart + 1 };
}

// Drops V8's echo of the input ("..., "{"a":}" is not valid JSON") and its position suffix.
function cleanMessage(message: string): string {
  return message.replace(/ in JSON at position \d+.*$/s, '').replace(/, (?:\.\.\.)?".*is not valid JSON$/s, '');
}
