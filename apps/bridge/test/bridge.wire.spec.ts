import { CatalogService, Clock, SourceProbes } from '@toll/platform';
import { groupHarness, loadFixtures, rootFixture, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startBridge } from '../src/bootstrap';

const FIXTURES = loadFixtures(join(__dirname, 'fixtures'));
const ALL_UP = FIXTURES.filter((f) => f.response.status === 200 && !f.response.delayMs).map(
  (f) => `${f.upstream}/${f.case}`,
);

// Every provider root failing: what the background probes see during an outage.
const ROOT_DOWN = rootFixture(503, 'unavailable');

const T0 = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;
const WORMHOLE_ROUTE = {
  bridge: 'wormhole',
  from_chain: 'ethereum',
  to_chain: 'solana',
  token: 'USDC',
  amount_usd: 50_000,
};
const LIQUIDITY_NOTE = 'liquidity uses bridge-wide TVL and 30-day volume, not per-route figures';

const WORMHOLE_SCORE = {
  bridge: { id: 'wormhole', name: 'Wormhole Portal token bridge', category: 'token bridge' },
  route: { from_chain: 'ethereum', to_chain: 'solana', token: 'USDC', amount_usd: 50_000 },
  serves_route: true,
  reason: null,
  alternatives: [{ id: 'circle-cctp', name: 'Circle CCTP' }],
  // 0.45 × 51 + 0.3 × 96 + 0.25 × 73 = 70
  score: 70,
  grade: 'B',
  factors: [
    {
      name: 'security',
      weight: 0.45,
      value: 51,
      evidence: [
        'validated by: committee (65/100): Third party: 13 of 19 Wormhole Guardians sign each message',
        'upgradeability: multisig-instant (35/100): Guardian governance (13/19) can upgrade the contracts ' +
          'without delay',
        'destination token: wrapped (40/100)',
        'weights inside the factor: validation 0.5, upgradeability 0.3, destination token 0.2; source ' +
          'https://l2beat.com/bridges/projects/portal, reviewed 2026-11-24',
      ],
    },
    {
      name: 'liquidity',
      weight: 0.3,
      value: 96,
      evidence: [
        'amount is 0.00208 % of TVL $2400000000 (100/100)',
        'amount is 0.125 % of average daily volume $40000000 (30-day volume / 30) (96/100)',
        'the lower of the two counts; ≤ 0.1 % scores 100, ≥ 50 % scores 0, log-linear between',
      ],
    },
    {
      name: 'incidents',
      weight: 0.25,
      value: 73,
      evidence: [
        '1 incident(s); last 2022-02-02 (Wormhole), 1756 days ago: −2 (fades to 0 over 1825 days)',
        'USD lost 326000000, returned 0: −25 (10 per ×10 of net loss above $1M, at most 30)',
      ],
    },
  ],
  last_incident: { date: '2022-02-02', days_since: 1756, lost_usd: 326_000_000, returned_usd: 0 },
  table_row: { source: 'https://l2beat.com/bridges/projects/portal', reviewed: '2026-11-24' },
  freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: false },
  notes: [LIQUIDITY_NOTE],
};

describe('bridge over NATS', () => {
  let now = T0;
  const {
    fake,
    group,
    use,
    call,
    data: ok,
  } = groupHarness({
    name: 'bridge',
    start: startBridge,
    fixtures: join(__dirname, 'fixtures'),
    clock: { token: Clock, now: () => now },
    env: (u) => ({ BRIDGE_DEFILLAMA_API_URL: u.fake, BRIDGE_DEFILLAMA_BRIDGES_URL: u.fake }),
  });

  it('score with DefiLlama down and nothing cached: UPSTREAM_ERROR (never charged)', async () => {
    use('defillama-bridges/unavailable-503', 'defillama/unavailable-503-hacks', 'defillama/tvl-portal');
    expect((await call('score', WORMHOLE_ROUTE)).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'defillama-bridges answered HTTP 503',
      details: { upstream: 'defillama-bridges', status: 503 },
    });
  });

  it('score: Wormhole from Ethereum to Solana, every factor with its weight, value and evidence', async () => {
    use(...ALL_UP);
    expect(await ok('score', WORMHOLE_ROUTE)).toEqual(WORMHOLE_SCORE);
  });

  it('score accepts common spellings of the bridge and chains (served from the cache)', async () => {
    use();
    expect(
      await ok('score', { ...WORMHOLE_ROUTE, bridge: 'Portal', from_chain: 'eth', to_chain: 'SOL', token: 'usdc' }),
    ).toEqual(WORMHOLE_SCORE);
    expect(await ok('score', { ...WORMHOLE_ROUTE, from_chain: 'mainnet' })).toEqual(WORMHOLE_SCORE);
    expect(fake.hits).toEqual([]);
  });

  it('score: a bridge that does not connect the two chains is a clear answer with the bridges that do, not a low score', async () => {
    use();
    expect(
      await ok('score', {
        bridge: 'Arbitrum',
        from_chain: 'ethereum',
        to_chain: 'solana',
        token: 'USDC',
        amount_usd: 50_000,
      }),
    ).toEqual({
      bridge: { id: 'arbitrum-canonical', name: 'Arbitrum canonical bridge', category: 'canonical rollup bridge' },
      route: { from_chain: 'ethereum', to_chain: 'solana', token: 'USDC', amount_usd: 50_000 },
      serves_route: false,
      reason: 'Arbitrum canonical bridge does not connect Ethereum and Solana',
      alternatives: [
        { id: 'wormhole', name: 'Wormhole Portal token bridge' },
        { id: 'circle-cctp', name: 'Circle CCTP' },
      ],
      score: null,
      grade: null,
      factors: [],
      last_incident: null,
      table_row: { source: 'https://l2beat.com/scaling/projects/arbitrum', reviewed: '2026-11-24' },
      freshness: null,
      notes: [],
    });
    expect(fake.hits).toEqual([]);
  });

  it('score: a bridge that does not carry the token says which it carries', async () => {
    const answer = await ok('score', {
      bridge: 'cctp',
      from_chain: 'base',
      to_chain: 'arbitrum',
      token: 'ETH',
      amount_usd: 1_000,
    });
    expect([answer.serves_route, answer.reason, answer.alternatives.map((a: any) => a.id)]).toEqual([
      false,
      'Circle CCTP does not carry ETH (it carries USDC)',
      ['wormhole', 'stargate', 'across'],
    ]);
  });

  it('score: an unknown bridge or chain is NOT_FOUND with the known names', async () => {
    const bridge = (await call('score', { ...WORMHOLE_ROUTE, bridge: 'hop' })).err;
    expect([bridge.code, bridge.message, bridge.details.known_bridges.map((b: any) => b.id)]).toEqual([
      'NOT_FOUND',
      'Unknown bridge "hop"',
      [
        'arbitrum-canonical',
        'optimism-canonical',
        'base-canonical',
        'polygon-pos',
        'wormhole',
        'circle-cctp',
        'stargate',
        'across',
        'ronin',
      ],
    ]);
    const chain = (await call('score', { ...WORMHOLE_ROUTE, to_chain: 'cosmos' })).err;
    expect([chain.code, chain.message, chain.details.known_chains.find((c: any) => c.id === 'ethereum')]).toEqual([
      'NOT_FOUND',
      'Unknown chain "cosmos"',
      { id: 'ethereum', name: 'Ethereum', aliases: ['eth', 'mainnet', 'ethereum mainnet', 'l1', 'ether'] },
    ]);
  });

  it.each([
    [{ ...WORMHOLE_ROUTE, to_chain: 'mainnet' }, 'to_chain', 'must be a different chain from from_chain'],
    [{ ...WORMHOLE_ROUTE, token: 'US DC' }, 'token', 'a token symbol such as USDC or ETH'],
    [{ ...WORMHOLE_ROUTE, amount_usd: -5 }, 'amount_usd', 'Too small: expected number to be >0'],
  ])('score refuses %j in its schema: INVALID_INPUT on %s', async (input, field, message) => {
    expect((await call('score', input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
  });

  it('getBridges: every bridge on its reference route, best first', async () => {
    use(...ALL_UP);
    const list = await ok('getBridges', {});
    expect(
      list.bridges.map((b: any) => [
        b.rank,
        b.bridge.id,
        `${b.route.from_chain}>${b.route.to_chain}`,
        b.score,
        b.grade,
        b.factors,
      ]),
    ).toEqual([
      [1, 'arbitrum-canonical', 'ethereum>arbitrum', 86, 'A', { security: 68, liquidity: 100, incidents: 100 }],
      [2, 'across', 'ethereum>arbitrum', 84, 'A', { security: 71, liquidity: 89, incidents: 100 }],
      [3, 'base-canonical', 'ethereum>base', 84, 'A', { security: 68, liquidity: 96, incidents: 100 }],
      [4, 'circle-cctp', 'ethereum>arbitrum', 80, 'A', { security: 56, liquidity: 100, incidents: 100 }],
      [5, 'optimism-canonical', 'ethereum>optimism', 80, 'A', { security: 68, liquidity: 81, incidents: 100 }],
      [6, 'polygon-pos', 'ethereum>polygon', 78, 'B', { security: 63, liquidity: 81, incidents: 100 }],
      [7, 'stargate', 'ethereum>arbitrum', 74, 'B', { security: 53, liquidity: 85, incidents: 100 }],
      [8, 'wormhole', 'ethereum>solana', 67, 'B', { security: 51, liquidity: 85, incidents: 73 }],
      [9, 'ronin', 'ethereum>ronin', 56, 'C', expect.objectContaining({ security: 51, liquidity: 52 })],
    ]);
    expect(list.reference).toBe(
      'Each bridge scored on its reference route (its canonical pair, or Ethereum to the first other chain it ' +
        'serves) for $100000 of USDC (or the first token it carries), best first',
    );
  });

  it('getIncidents: bridge hacks newest first (a non-bridge hack left out), with attribution', async () => {
    use('defillama/hacks');
    const all = await ok('getIncidents', {});
    expect([all.count, all.incidents.map((i: any) => `${i.date} ${i.name} ${i.bridge_id}`)]).toEqual([
      6,
      [
        '2024-01-01 Orbit Chain null',
        '2023-07-06 Multichain null',
        '2022-08-01 Nomad Bridge null',
        '2022-03-23 Ronin ronin',
        '2022-02-02 Wormhole wormhole',
        '2021-08-10 Poly Network null',
      ],
    ]);
    expect(all.incidents[5]).toEqual({
      date: '2021-08-10',
      name: 'Poly Network',
      bridge_id: null,
      amount_usd: 611000000,
      returned_usd: 610000000,
      classification: null,
      technique: null,
      chains: [],
      source: null,
    });
    expect(all.attribution).toBe(
      'Incident data: DefiLlama hacks database (https://defillama.com/hacks), free with attribution',
    );
  });

  it('getIncidents: filtered by bridge alias, by date, and limited', async () => {
    expect((await ok('getIncidents', { bridge: 'Portal' })).incidents.map((i: any) => i.name)).toEqual(['Wormhole']);
    const window = await ok('getIncidents', { since: '2022-03-01', until: '2023-12-31', limit: 2 });
    expect([window.count, window.incidents.map((i: any) => i.name)]).toEqual([3, ['Multichain', 'Nomad Bridge']]);
    expect((await call('getIncidents', { bridge: 'hop' })).err).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unknown bridge "hop"',
    });
  });

  it('score with DefiLlama down inside the stale window: served, marked stale with the reason', async () => {
    now = T0 + 2 * HOUR; // volumes and TVL are past their hour; hacks still fresh
    use('defillama-bridges/unavailable-503', 'defillama/unavailable-503-hacks');
    const answer = await ok('score', WORMHOLE_ROUTE);
    expect([answer.score, answer.freshness]).toEqual([
      70,
      { as_of: '2026-11-24T12:00:00.000Z', stale: true, reason: 'UPSTREAM_ERROR: defillama-bridges answered HTTP 503' },
    ]);
  });

  it('score: DefiLlama slower than the caller’s deadline → UPSTREAM_TIMEOUT promptly', async () => {
    now = T0 + 30 * 24 * HOUR;
    use('defillama/slow-hacks', 'defillama-bridges/bridges', 'defillama/tvl-portal');
    const started = Date.now();
    const { err } = await call('score', WORMHOLE_ROUTE, 1_500);
    expect(Date.now() - started).toBeLessThan(2_500);
    // Either the call ran out of time, or the rate governor saw it could not start before the deadline.
    expect(err).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      message: expect.stringMatching(
        /^defillama( did not answer in \d+ ms|: rate limit would delay the call past the deadline)$/,
      ),
      details: expect.objectContaining({ upstream: 'defillama' }),
    });
  });

  it('serves its health: bridges with review dates, chains with aliases, sources, tolls', async () => {
    const health = await ok('getHealth', {});
    expect(health).toMatchObject({ service: 'bridge', title: 'Bridge Scorer' });
    expect(health.bridges).toHaveLength(9);
    expect(health.bridges.every((b: any) => b.reviewed === '2026-11-24' && b.source.startsWith('https://'))).toBe(true);
    expect(health.chains.find((c: any) => c.id === 'arbitrum')).toEqual({
      id: 'arbitrum',
      name: 'Arbitrum One',
      aliases: ['arb', 'arbitrum one', 'arb1', 'arbitrum-one'],
    });
    expect(health.sources.map((s: any) => [s.id, s.base_url, s.last_failure?.code ?? null])).toEqual([
      ['defillama', fake.url, 'UPSTREAM_TIMEOUT'],
      ['defillama-bridges', fake.url, 'UPSTREAM_ERROR'],
    ]);
    expect(health.tolls).toEqual(
      tollsOf([
        ['bridge.score', 'POST', '/toll/bridge/score', '0.01'],
        ['bridge.getBridges', 'GET', '/toll/bridge/bridges', null],
        ['bridge.getIncidents', 'GET', '/toll/bridge/incidents', null],
        ['bridge.getHealth', 'GET', '/toll/bridge/health', null],
      ]),
    );
  });

  it('probes both DefiLlama hosts: down, it refuses nothing the cache can still answer, then everything; one host back sells again', async () => {
    const probes = group.app.get(SourceProbes);
    const unavailable = () => Object.keys(group.app.get(CatalogService).availability.unavailable()).sort();
    use(...ALL_UP);
    await ok('getBridges', {});
    fake.use([ROOT_DOWN]);
    await probes.probeAll();
    await probes.probeAll(); // down after two failed probes in a row
    expect(unavailable()).toEqual([]);
    now += 9 * 24 * HOUR; // past the volumes' and the hacks' stale windows
    await probes.probeAll();
    expect(unavailable()).toEqual(['bridge.getBridges', 'bridge.getIncidents', 'bridge.score']);
    fake.use([]); // the roots answer again (404 is an answer)
    await probes.probeAll();
    expect(unavailable()).toEqual([]);
    now = T0;
  });
});
