// JSON-RPC answers are relayed as text: JSON.parse would round u64 values (lamports, rentEpoch
// 18446744073709551615, supply) to doubles and corrupt them for every client. Upstream text is still
// parsed once to check it, but each `result` and `error` reaches the caller as the exact bytes the node sent.

export interface RawAnswer {
  result?: string; // raw JSON text
  error?: string; // raw JSON text of the error object
  errorCode?: number;
}

export class MalformedAnswer extends Error {}

// End index (exclusive) of the JSON value starting at `i` (after whitespace). The text is known to be valid JSON.
function valueEnd(s: string, i: number): number {
  const open = s[i];
  if (open === '"') {
    for (let j = i + 1; ; j++) {
      if (s[j] === '\\') j++;
      else if (s[j] === '"') return j + 1;
    }
  }
  if (open === '{' || open === '[') {
    let depth = 0;
    for (let j = i; ; j++) {
      const c = s[j];
      if (c === '"') j = valueEnd(s, j) - 1;
      else if (c === '{' || c === '[') depth++;
      else if ((c === '}' || c === ']') && --depth === 0) return j + 1;
    }
  }
  let j = i;
  while (j < s.length && !',}] \t\r\n'.includes(s[j])) j++;
  return j;
}

const skipWs = (s: string, i: number) => {
  while (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r') i++;
  return i;
};

// Members of the object at `i` as raw text slices; returns them and the index after the object.
function members(s: string, i: number): { fields: Map<string, string>; end: number } {
  const fields = new Map<string, string>();
  i = skipWs(s, i) + 1; // '{'
  for (;;) {
    i = skipWs(s, i);
    if (s[i] === '}') return { fields, end: i + 1 };
    if (s[i] === ',') i = skipWs(s, i + 1);
    const keyEnd = valueEnd(s, i);
    const key = JSON.parse(s.slice(i, keyEnd)) as string;
    i = skipWs(s, skipWs(s, keyEnd) + 1); // ':'
    const end = valueEnd(s, i);
    fields.set(key, s.slice(i, end));
    i = end;
  }
}

const answerOf = (fields: Map<string, string>, parsed: Record<string, unknown>): RawAnswer => {
  const error = parsed.error as { code?: unknown } | undefined;
  if (error && typeof error === 'object')
    return { error: fields.get('error'), errorCode: typeof error.code === 'number' ? error.code : undefined };
  if (!fields.has('result')) throw new MalformedAnswer('neither result nor error');
  return { result: fields.get('result') };
};

// Splits an upstream body into answers keyed by our request id. A single error object sent back for a whole
// batch (some providers refuse batches that way) is returned under the key `null`.
export function splitAnswers(text: string): Map<unknown, RawAnswer> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new MalformedAnswer('not JSON');
  }
  const out = new Map<unknown, RawAnswer>();
  const objectAt = (i: number, value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new MalformedAnswer('not a JSON-RPC response object');
    const { fields, end } = members(text, i);
    out.set((value as { id?: unknown }).id ?? null, answerOf(fields, value as Record<string, unknown>));
    return end;
  };
  const start = skipWs(text, 0);
  if (!Array.isArray(parsed)) {
    objectAt(start, parsed);
    return out;
  }
  let i = start + 1;
  for (const item of parsed) {
    i = skipWs(text, i);
    if (text[i] === ',') i = skipWs(text, i + 1);
    i = objectAt(i, item);
  }
  return out;
}

// One JSON-RPC 2.0 response as text, with the caller's id.
export const responseText = (id: unknown, answer: RawAnswer): string =>
  answer.error !== undefined
    ? `{"jsonrpc":"2.0","error":${answer.error},"id":${JSON.stringify(id)}}`
    : `{"jsonrpc":"2.0","result":${answer.result},"id":${JSON.stringify(id)}}`;

// A JSON-RPC error we produce ourselves (inside a batch, where one item cannot fail the whole answer).
export const errorAnswer = (code: number, message: string, data?: unknown): RawAnswer => ({
  error: JSON.stringify(data === undefined ? { code, message } : { code, message, data }),
  errorCode: code,
});

// Request bodies for upstreams, with our own ids (the caller's ids stay with us).
export const requestText = (id: number, method: string, params: unknown[] | undefined) =>
  JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
