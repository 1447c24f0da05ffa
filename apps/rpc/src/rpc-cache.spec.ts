import { RpcCache, cacheKey } from './rpc-cache';

describe(RpcCache.name, () => {
  let now = 1_000;
  const clock = () => now;
  const answer = (result: string) => ({ result, upstream: 'u', fetchedAt: now });

  it('serves fresh entries, then keeps them for stale service until fresh + stale', () => {
    const cache = new RpcCache({ maxEntries: 10, maxBytes: 1_000, maxEntryBytes: 100 }, clock);
    cache.store('k', answer('1'), { freshMs: 100, staleMs: 50 });
    now += 100;
    expect(cache.fresh('k')?.result).toBe('1');
    now += 1;
    expect(cache.fresh('k')).toBeUndefined();
    expect(cache.stale('k')?.result).toBe('1');
    now += 50;
    expect(cache.stale('k')).toBeUndefined();
  });

  it('evicts the least recently used first, by count and by size, and skips entries too large to keep', () => {
    const cache = new RpcCache({ maxEntries: 2, maxBytes: 10, maxEntryBytes: 8 }, clock);
    const ttl = { freshMs: 1_000, staleMs: 0 };
    cache.store('a', answer('111'), ttl); // 4 bytes
    cache.store('b', answer('222'), ttl);
    cache.fresh('a'); // a is now the most recently used
    cache.store('c', answer('333'), ttl); // over 2 entries: b goes
    expect([cache.fresh('a')?.result, cache.fresh('b'), cache.fresh('c')?.result]).toEqual(['111', undefined, '333']);
    cache.store('d', answer('4444444'), ttl); // 8 bytes: 4 + 4 + 8 > 10, so both older entries go
    expect(cache.size).toEqual({ entries: 1, bytes: 8 });
    cache.store('e', answer('55555555'), ttl);
    expect(cache.stats.tooLarge).toBe(1);
  });

  it('keys requests so that key order inside config objects does not matter', () => {
    expect(cacheKey('getBalance', ['a', { commitment: 'confirmed', minContextSlot: undefined }])).toBe(
      cacheKey('getBalance', ['a', { commitment: 'confirmed' }]),
    );
    expect(cacheKey('getAccountInfo', ['a', { encoding: 'base64', commitment: 'processed' }])).toBe(
      cacheKey('getAccountInfo', ['a', { commitment: 'processed', encoding: 'base64' }]),
    );
    expect(cacheKey('getSlot', undefined)).toBe('getSlot:[]');
  });
});
