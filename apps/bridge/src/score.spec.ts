import { BRIDGES, resolveBridge, servesRoute } from './bridge-table';
import { resolveChain } from './chains';
import { incidentFactor, liquidityFactor, securityFactor, total } from './score';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const bridge = (name: string) => resolveBridge(name)!;

describe('bridge score', () => {
  it('every curated row names its source and review date', () => {
    for (const b of BRIDGES) {
      expect(b.source).toMatch(/^https:\/\//);
      expect(b.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('resolves common spellings of bridges and chains', () => {
    expect(['Portal', 'wormhole', 'WORMHOLE PORTAL'].map((n) => resolveBridge(n)?.id)).toEqual([
      'wormhole',
      'wormhole',
      'wormhole',
    ]);
    expect(['eth', 'Mainnet', 'ethereum', 'arb', 'Arbitrum One', 'bnb chain', 'matic'].map(resolveChain)).toEqual([
      'ethereum',
      'ethereum',
      'ethereum',
      'arbitrum',
      'arbitrum',
      'bsc',
      'polygon',
    ]);
    expect(resolveChain('cosmos')).toBeNull();
  });

  it('knows which routes a bridge serves', () => {
    expect(servesRoute(bridge('arbitrum bridge'), 'arbitrum', 'ethereum')).toBe(true);
    expect(servesRoute(bridge('arbitrum bridge'), 'ethereum', 'solana')).toBe(false);
    expect(servesRoute(bridge('wormhole'), 'ethereum', 'solana')).toBe(true);
  });

  it('maps the structural columns to points', () => {
    // optimistic 80, instant multisig upgrade 35, canonical token 85 → 0.5×80 + 0.3×35 + 0.2×85 = 67.5
    expect(securityFactor(bridge('arbitrum')).value).toBe(68);
    // committee 13/19: 55 + 10 = 65, instant 35, wrapped 40 → 32.5 + 10.5 + 8 = 51
    expect(securityFactor(bridge('wormhole')).value).toBe(51);
    // committee (stake-weighted), 2-day timelock 60, canonical 85 → 27.5 + 18 + 17 = 62.5
    expect(securityFactor(bridge('polygon bridge')).value).toBe(63);
  });

  it('scores liquidity from the amount against TVL and daily volume, the lower counting', () => {
    expect(liquidityFactor(1_000_000, { tvl_usd: 2_000_000_000, volume_30d_usd: 30_000_000_000 }).value).toBe(100);
    // 5 % of TVL: 100 × (log 0.5 − log 0.05) / (log 0.5 − log 0.001) = 37
    expect(liquidityFactor(1_000_000, { tvl_usd: 20_000_000, volume_30d_usd: 30_000_000_000 }).value).toBe(37);
    expect(liquidityFactor(1_000_000, { tvl_usd: null, volume_30d_usd: null }).value).toBeNull();
  });

  it('weighs incidents by recency and net loss', () => {
    const f = incidentFactor(
      [{ date: '2022-02-02', name: 'Wormhole', amount_usd: 326_000_000, returned_usd: 0, source: null }],
      NOW,
    );
    // 1756 days ago: 50 × (1 − 1756/1825) = 1.9 → 2; net $326M: 10 × log10(326) = 25.1 → 25
    expect([f.value, f.last_incident]).toEqual([
      73,
      { date: '2022-02-02', days_since: 1756, lost_usd: 326_000_000, returned_usd: 0 },
    ]);
    expect(incidentFactor([], NOW).value).toBe(100);
  });

  it('renormalises the weights when liquidity is unknown', () => {
    expect(
      total([
        { name: 'security', weight: 0.45, value: 60, evidence: [] },
        { name: 'liquidity', weight: 0.3, value: null, evidence: [] },
        { name: 'incidents', weight: 0.25, value: 100, evidence: [] },
      ]),
    ).toEqual({ score: 74, grade: 'B' }); // (27 + 25) / 0.7
  });
});
