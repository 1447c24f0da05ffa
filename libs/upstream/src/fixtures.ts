import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A recorded (or documented-shape) upstream exchange, stored as apps/<app>/test/fixtures/<upstream>/<case>.json.
export interface Fixture {
  upstream: string;
  case: string;
  source: 'recorded' | 'built-from-docs';
  recordedAt: string;
  note?: string;
  request: { method?: string; path: string; query?: Record<string, string> };
  // A binary body (a ZIP file) is stored as a base64 string with encoding "base64".
  response: { status: number; headers?: Record<string, string>; body: unknown; encoding?: 'base64'; delayMs?: number };
}

export const loadFixtures = (dir: string): Fixture[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);

// The most specific fixture (most query keys) whose method, path and listed query values all match.
export function findFixture(fixtures: Fixture[], method: string, url: URL): Fixture | undefined {
  return fixtures
    .filter((f) => (f.request.method ?? 'GET') === method && f.request.path === url.pathname && Object.entries(f.request.query ?? {}).every(([k, v]) => url.searchParams.get(k) === v))
    .sort((a, b) => Object.keys(b.request.query ?? {}).length - Object.keys(a.request.query ?? {}).length)[0];
}

export const fixtureBody = (f: Fixture): string | Buffer => {
  if (f.response.encoding === 'base64') return Buffer.from(String(f.response.body), 'base64');
  return typeof f.response.body === 'string' ? f.response.body : JSON.stringify(f.response.body);
};
