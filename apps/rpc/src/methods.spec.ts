import {
  BLOCKHASH_TTL_MS,
  CLUSTER_CONSTANT_TTL,
  CONFIRMED_HISTORY_TTL_MS,
  FINALIZED_HISTORY_TTL_MS,
  METHODS,
  cacheDecision,
  parseTtlOverrides,
} from './methods';

describe('cacheDecision', () => {
  it('ages account state by commitment, finalized by default', () => {
    expect(cacheDecision('getBalance', ['addr', { commitment: 'processed' }])).toEqual({
      cacheable: true,
      ttl: { freshMs: 400, staleMs: 0 },
    });
    expect(cacheDecision('getAccountInfo', ['addr', { commitment: 'confirmed', encoding: 'base64' }])).toEqual({
      cacheable: true,
      ttl: { freshMs: 1_000, staleMs: 0 },
    });
    expect(cacheDecision('getMultipleAccounts', [['a', 'b']])).toEqual({
      cacheable: true,
      ttl: { freshMs: 3_000, staleMs: 0 },
    });
  });

  it('keeps finalized history for long, confirmed history briefly', () => {
    expect(cacheDecision('getTransaction', ['sig'])).toEqual({
      cacheable: true,
      ttl: { freshMs: FINALIZED_HISTORY_TTL_MS, staleMs: 0 },
    });
    expect(cacheDecision('getBlock', [1, { commitment: 'confirmed' }])).toEqual({
      cacheable: true,
      ttl: { freshMs: CONFIRMED_HISTORY_TTL_MS, staleMs: 0 },
    });
  });

  it('uses fixed ages for the rest, with stale service only for cluster parameters', () => {
    expect(cacheDecision('getLatestBlockhash', [{ commitment: 'processed' }])).toEqual({
      cacheable: true,
      ttl: { freshMs: BLOCKHASH_TTL_MS, staleMs: 0 },
    });
    expect(cacheDecision('getGenesisHash', [])).toEqual({ cacheable: true, ttl: CLUSTER_CONSTANT_TTL });
  });

  it.each([
    ['sendTransaction', ['tx'], 'a write'],
    ['simulateTransaction', ['tx', { commitment: 'processed' }], 'simulates against live state'],
    ['getHealth', [], 'describes the node that answers'],
    ['getBalance', ['addr', { minContextSlot: 5 }], 'minContextSlot'],
    ['getBalance', ['addr', { commitment: 'max' }], 'unknown commitment'],
  ] as const)('never caches %s %j', (method, params, why) => {
    expect(cacheDecision(method, [...params])).toEqual({ cacheable: false, why });
  });

  it('applies configured overrides, never to writes', () => {
    expect(cacheDecision('getBalance', ['a'], { getBalance: { freshMs: 0, staleMs: 0 } })).toEqual({
      cacheable: false,
      why: 'disabled by configuration',
    });
    expect(cacheDecision('getVersion', [], { getVersion: { freshMs: 10, staleMs: 20 } })).toEqual({
      cacheable: true,
      ttl: { freshMs: 10, staleMs: 20 },
    });
  });

  it('marks only sendTransaction as a write', () => {
    expect(
      Object.entries(METHODS)
        .filter(([, p]) => p.write)
        .map(([m]) => m),
    ).toEqual(['sendTransaction']);
  });
});

describe('parseTtlOverrides', () => {
  it('reads method=fresh[/stale] lists', () => {
    expect(parseTtlOverrides(' getBalance=0, getVersion=60000/3600000 ')).toEqual({
      getBalance: { freshMs: 0, staleMs: 0 },
      getVersion: { freshMs: 60_000, staleMs: 3_600_000 },
    });
    expect(parseTtlOverrides('')).toEqual({});
  });

  it.each([
    ['getBalance', '"getBalance" is not method=freshMs[/staleMs]'],
    ['sendTransaction=5', 'sendTransaction is not a cacheable method'],
    ['getNothing=5', 'getNothing is not a cacheable method'],
  ])('refuses %s', (text, message) => {
    expect(parseTtlOverrides(text)).toBe(message);
  });
});
