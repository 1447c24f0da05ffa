export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

// A tiny fetch wrapper for wire tests: returns status, headers and the parsed body together.
export async function http<T = any>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<HttpResult<T>> {
  const { json, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(rest.headers as Record<string, string>),
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // non-JSON bodies (HTML docs) stay as text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

export const waitFor = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, everyMs = 50): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

// Polls until `ok` holds or the time is up, and returns the last value either way (the spec asserts on it).
export async function pollUntil<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
