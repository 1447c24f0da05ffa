import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

// A recorded (or documented-shape) upstream exchange, stored as apps/<app>/test/fixtures/<upstream>/<case>.json.
export interface Fixture {
  upstream: string;
  case: string;
  source: 'recorded' | 'built-from-docs';
  recordedAt: string;
  note?: string;
  // body: JSON a POST must carry
  request: { method?: string; path: string; query?: Record<string, string>; body?: unknown };
  // A binary body (a ZIP file) is stored as a base64 string with encoding "base64".
  response: { status: number; headers?: Record<string, string>; body: unknown; encoding?: 'base64'; delayMs?: number };
}

export const loadFixtures = (dir: string): Fixture[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);

// The most specific fixture (a listed body first, then most query keys) whose method, path, listed query values
// and listed JSON body all match.
export function findFixture(fixtures: Fixture[], method: string, url: URL, body?: string): Fixture | undefined {
  const sent = parseBody(body);
  const specificity = (f: Fixture) =>
    (f.request.body === undefined ? 0 : 1_000) + Object.keys(f.request.query ?? {}).length;
  return fixtures
    .filter(
      (f) =>
        (f.request.method ?? 'GET') === method &&
        f.request.path === url.pathname &&
        Object.entries(f.request.query ?? {}).every(([k, v]) => url.searchParams.get(k) === v) &&
        (f.request.body === undefined || isDeepStrictEqual(f.request.body, sent)),
    )
    .sort((a, b) => specificity(b) - specificity(a))[0];
}

function parseBody(body: string | undefined): unknown {
  try {
    return body === undefined ? undefined : JSON.parse(body);
  } catch {
    return body;
  }
}

export const fixtureBody = (f: Fixture): string | Buffer => {
  if (f.response.encoding === 'base64') return Buffer.from(String(f.response.body), 'base64');
  return typeof f.response.body === 'string' ? f.response.body : JSON.stringify(f.response.body);
};
