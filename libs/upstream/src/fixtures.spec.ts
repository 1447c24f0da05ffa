import { findFixture, type Fixture } from './fixtures';

const post = (body: unknown, value: number): Fixture => ({
  upstream: 'node',
  case: `case-${value}`,
  source: 'built-from-docs',
  recordedAt: '2026-11-24T12:00:00Z',
  request: { method: 'POST', path: '/wallet/call', ...(body === undefined ? {} : { body }) },
  response: { status: 200, body: { value } },
});

describe('findFixture', () => {
  it('tells POSTs to one path apart by their JSON body, preferring a fixture that lists one', () => {
    const fixtures = [post(undefined, 0), post({ address: 'A' }, 1), post({ address: 'B' }, 2)];
    const url = new URL('http://fake/wallet/call');
    expect(findFixture(fixtures, 'POST', url, '{"address":"B"}')?.case).toBe('case-2');
    expect(findFixture(fixtures, 'POST', url, '{ "address": "A" }')?.case).toBe('case-1');
    expect(findFixture(fixtures, 'POST', url, '{"address":"C"}')?.case).toBe('case-0');
    expect(findFixture(fixtures.slice(1), 'POST', url, 'not json')).toBeUndefined();
  });
});
