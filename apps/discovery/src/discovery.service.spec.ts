import { TollError } from '@toll/contracts';
import { JsonLogger, type GroupHealth } from '@toll/platform';
import type { NatsConnection } from 'nats';
import { DiscoveryConfig } from './config';
import { DiscoveryService } from './discovery.service';
import type { IndexRepository } from './index.repository';
import type { RegistryFeed } from './registry-feed';

const ENTRY = {
  id: 'e1',
  name: 'Tide Tables',
  endpoint: 'https://tides.example/',
  description: 'High and low tide times for coastal stations',
  price_per_call: '0.004',
  tags: ['tides'],
  schema_url: null,
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: '2026-11-23T09:00:00.000Z',
};

// The index database fails after one good read: registration refuses with an envelope, matching carries on.
describe(DiscoveryService.name, () => {
  let dbUp = true;
  const repo = {
    register: async () => {
      if (!dbUp) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return { entry: ENTRY, created: true };
    },
    fingerprint: async () => {
      if (!dbUp) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return '1:1';
    },
    all: async () => [ENTRY],
  } as unknown as IndexRepository;
  const registry = {
    current: () => ({
      listings: [],
      revision: 'none',
      freshness: { available: false, items: 0, as_of: null, stale: false, reason: 'registry has not answered yet' },
    }),
  } as unknown as RegistryFeed;
  const health = { describe: () => ({ endpoints: [] }) } as unknown as GroupHealth;
  const service = new DiscoveryService(
    repo,
    registry,
    health,
    {} as NatsConnection,
    DiscoveryConfig.parse({}),
    new JsonLogger('test', 'error'),
  );

  it('uses the entries last read, labelled stale, when the database stops answering', async () => {
    const before = await service.match({ task: 'tide times', limit: 5 });
    expect(before.results.map((r) => r.name)).toEqual(['Tide Tables']);
    expect(before.sources.index).toMatchObject({ available: true, items: 1, stale: false });

    dbUp = false;
    await expect(
      service.register(
        { name: 'x', endpoint: 'https://x.example/', description: 'a description', price_per_call: 0, tags: [] },
        '203.0.113.7',
      ),
    ).rejects.toEqual(new TollError('SERVICE_UNAVAILABLE', 'The discovery index database is unavailable'));
    const after = await service.match({ task: 'tide times', limit: 5 }); // the failed register forces a re-check
    expect(after.results.map((r) => r.name)).toEqual(['Tide Tables']);
    expect(after.sources.index).toEqual({
      available: false,
      items: 1,
      as_of: before.sources.index.as_of,
      stale: true,
      reason: 'index database unavailable (query failed); entries as last read',
    });
  });
});
