import type { ChainId } from './chains';

// The curated structural-security table: L2BEAT's risk columns (who validates, who can upgrade and how fast, what
// token arrives) per bridge, with the page each row was taken from and the day it was last checked against it.
// Reviewers: update `reviewed` only after re-reading `source`; a row older than a year is flagged in answers.
export type Validation = 'light-client' | 'optimistic' | 'committee' | 'attester' | 'multisig';
export type Upgrade = 'immutable' | 'timelock' | 'multisig-instant' | 'eoa';
export type DestinationToken = 'native-canonical' | 'canonical' | 'canonical-or-wrapped' | 'wrapped';

export interface BridgeRow {
  id: string;
  name: string;
  aliases: string[];
  category:
    'canonical rollup bridge' | 'canonical sidechain bridge' | 'token bridge' | 'liquidity network' | 'burn-and-mint';
  validation: { type: Validation; detail: string; threshold?: { m: number; n: number } };
  upgrade: { type: Upgrade; delay_days: number; detail: string };
  destination_token: DestinationToken;
  // Any listed chain to any other, or only the listed pairs (both directions).
  routes: { any_of: ChainId[] } | { pairs: Array<[ChainId, ChainId]> };
  tokens: 'any' | string[]; // symbols it carries, upper case
  defillama: { bridge_name?: string; protocol_slug?: string; hack_names: string[] };
  source: string;
  reviewed: string; // YYYY-MM-DD
}

export const BRIDGES: BridgeRow[] = [
  {
    id: 'arbitrum-canonical',
    name: 'Arbitrum canonical bridge',
    aliases: ['arbitrum', 'arbitrum bridge', 'arbitrum one bridge', 'arb bridge', 'arbitrum gateway'],
    category: 'canonical rollup bridge',
    validation: {
      type: 'optimistic',
      detail: 'Optimistic rollup: state roots challengeable by permissionless fraud proofs (BoLD), 6.4-day window',
    },
    upgrade: {
      type: 'multisig-instant',
      delay_days: 0,
      detail: 'Security Council 9/12 can upgrade without delay; DAO upgrades go through ~17 days of delays',
    },
    destination_token: 'canonical',
    routes: { pairs: [['ethereum', 'arbitrum']] },
    tokens: 'any',
    defillama: { bridge_name: 'Arbitrum', protocol_slug: 'arbitrum-bridge', hack_names: [] },
    source: 'https://l2beat.com/scaling/projects/arbitrum',
    reviewed: '2026-11-24',
  },
  {
    id: 'optimism-canonical',
    name: 'OP Mainnet standard bridge',
    aliases: ['optimism', 'op mainnet', 'optimism bridge', 'op bridge', 'optimism gateway', 'op standard bridge'],
    category: 'canonical rollup bridge',
    validation: {
      type: 'optimistic',
      detail: 'Optimistic rollup: permissionless fault proofs, 7-day window (3.5 days plus the Guardian delay)',
    },
    upgrade: {
      type: 'multisig-instant',
      delay_days: 0,
      detail: 'Security Council and Optimism Foundation 2/2 multisig can upgrade without delay',
    },
    destination_token: 'canonical',
    routes: { pairs: [['ethereum', 'optimism']] },
    tokens: 'any',
    defillama: { bridge_name: 'Optimism', protocol_slug: 'optimism-bridge', hack_names: [] },
    source: 'https://l2beat.com/scaling/projects/op-mainnet',
    reviewed: '2026-11-24',
  },
  {
    id: 'base-canonical',
    name: 'Base bridge',
    aliases: ['base', 'base bridge', 'base standard bridge'],
    category: 'canonical rollup bridge',
    validation: {
      type: 'optimistic',
      detail: 'Optimistic rollup (OP Stack): permissionless fault proofs, 7-day window',
    },
    upgrade: {
      type: 'multisig-instant',
      delay_days: 0,
      detail: 'Base and Optimism Security Council multisigs can upgrade without delay',
    },
    destination_token: 'canonical',
    routes: { pairs: [['ethereum', 'base']] },
    tokens: 'any',
    defillama: { bridge_name: 'Base', protocol_slug: 'base-bridge', hack_names: [] },
    source: 'https://l2beat.com/scaling/projects/base',
    reviewed: '2026-11-24',
  },
  {
    id: 'polygon-pos',
    name: 'Polygon PoS bridge',
    aliases: ['polygon', 'polygon bridge', 'matic bridge', 'polygon pos bridge', 'pos bridge'],
    category: 'canonical sidechain bridge',
    validation: {
      type: 'committee',
      detail: 'Checkpoints signed by validators holding 2/3+ of the stake in the Polygon PoS validator set (about 100)',
    },
    upgrade: { type: 'timelock', delay_days: 2, detail: 'Polygon multisig 5/9 through a 48-hour timelock' },
    destination_token: 'canonical',
    routes: { pairs: [['ethereum', 'polygon']] },
    tokens: 'any',
    defillama: { bridge_name: 'Polygon', protocol_slug: 'polygon-bridge-&-staking', hack_names: [] },
    source: 'https://l2beat.com/bridges/projects/polygon-pos',
    reviewed: '2026-11-24',
  },
  {
    id: 'wormhole',
    name: 'Wormhole Portal token bridge',
    aliases: ['wormhole', 'portal', 'portal bridge', 'wormhole portal', 'wormhole token bridge'],
    category: 'token bridge',
    validation: {
      type: 'committee',
      detail: 'Third party: 13 of 19 Wormhole Guardians sign each message',
      threshold: { m: 13, n: 19 },
    },
    upgrade: {
      type: 'multisig-instant',
      delay_days: 0,
      detail: 'Guardian governance (13/19) can upgrade the contracts without delay',
    },
    destination_token: 'wrapped',
    routes: { any_of: ['ethereum', 'solana', 'arbitrum', 'optimism', 'base', 'polygon', 'bsc', 'avalanche'] },
    tokens: 'any',
    defillama: { bridge_name: 'Portal', protocol_slug: 'portal', hack_names: ['Wormhole'] },
    source: 'https://l2beat.com/bridges/projects/portal',
    reviewed: '2026-11-24',
  },
  {
    id: 'circle-cctp',
    name: 'Circle CCTP',
    aliases: ['cctp', 'circle', 'circle cross-chain transfer protocol', 'cctp v2'],
    category: 'burn-and-mint',
    validation: {
      type: 'attester',
      detail: "Circle's attestation service signs each burn (one issuer-operated attester)",
      threshold: { m: 1, n: 1 },
    },
    upgrade: { type: 'multisig-instant', delay_days: 0, detail: 'Circle-controlled admin keys, no delay' },
    destination_token: 'native-canonical',
    routes: { any_of: ['ethereum', 'arbitrum', 'optimism', 'base', 'polygon', 'avalanche', 'solana'] },
    tokens: ['USDC'],
    defillama: { bridge_name: 'Circle CCTP', hack_names: [] },
    source: 'https://developers.circle.com/cctp',
    reviewed: '2026-11-24',
  },
  {
    id: 'stargate',
    name: 'Stargate (LayerZero)',
    aliases: ['stargate', 'stargate finance', 'layerzero', 'stargate v2'],
    category: 'liquidity network',
    validation: {
      type: 'committee',
      detail: 'LayerZero DVNs configured by Stargate: 2 of 2 (LayerZero Labs and Nethermind)',
      threshold: { m: 2, n: 2 },
    },
    upgrade: {
      type: 'multisig-instant',
      delay_days: 0,
      detail: 'Stargate multisig can change the DVN configuration and pools without delay',
    },
    destination_token: 'native-canonical',
    routes: { any_of: ['ethereum', 'arbitrum', 'optimism', 'base', 'polygon', 'bsc', 'avalanche'] },
    tokens: ['USDC', 'USDT', 'ETH'],
    defillama: { bridge_name: 'Stargate', protocol_slug: 'stargate-finance', hack_names: [] },
    source: 'https://l2beat.com/bridges/projects/stargatev2',
    reviewed: '2026-11-24',
  },
  {
    id: 'across',
    name: 'Across',
    aliases: ['across protocol', 'across v3'],
    category: 'liquidity network',
    validation: {
      type: 'optimistic',
      detail: "Relayer fills are repaid after UMA's optimistic oracle accepts the bundle (2-hour challenge window)",
    },
    upgrade: {
      type: 'multisig-instant',
      delay_days: 0,
      detail: 'Across multisig (HubPool owner) can upgrade without delay',
    },
    destination_token: 'native-canonical',
    routes: { any_of: ['ethereum', 'arbitrum', 'optimism', 'base', 'polygon'] },
    tokens: ['USDC', 'USDT', 'ETH', 'WETH', 'DAI', 'WBTC'],
    defillama: { bridge_name: 'Across', protocol_slug: 'across', hack_names: [] },
    source: 'https://l2beat.com/bridges/projects/across',
    reviewed: '2026-11-24',
  },
  {
    id: 'ronin',
    name: 'Ronin bridge',
    aliases: ['ronin', 'ronin bridge', 'axie bridge', 'ronin network bridge'],
    category: 'token bridge',
    validation: {
      type: 'committee',
      detail: '70% of the Ronin bridge operators (22) sign withdrawals',
      threshold: { m: 16, n: 22 },
    },
    upgrade: { type: 'multisig-instant', delay_days: 0, detail: 'Ronin governors can upgrade without delay' },
    destination_token: 'wrapped',
    routes: { pairs: [['ethereum', 'ronin']] },
    tokens: 'any',
    defillama: { bridge_name: 'Ronin', protocol_slug: 'ronin-bridge', hack_names: ['Ronin'] },
    source: 'https://l2beat.com/bridges/projects/ronin',
    reviewed: '2026-11-24',
  },
];

const normalise = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

export function resolveBridge(name: string): BridgeRow | null {
  const n = normalise(name);
  return BRIDGES.find((b) => b.id === n || normalise(b.name) === n || b.aliases.includes(n)) ?? null;
}

export function servesRoute(b: BridgeRow, from: ChainId, to: ChainId): boolean {
  if ('any_of' in b.routes) return b.routes.any_of.includes(from) && b.routes.any_of.includes(to);
  return b.routes.pairs.some(([x, y]) => (x === from && y === to) || (x === to && y === from));
}

export const carriesToken = (b: BridgeRow, token: string) =>
  b.tokens === 'any' || b.tokens.includes(token.toUpperCase());

// The route a bridge is ranked on in the all-bridges list: its first pair, or Ethereum to its first other chain.
export function referenceRoute(b: BridgeRow): [ChainId, ChainId] {
  if ('pairs' in b.routes) return b.routes.pairs[0];
  return ['ethereum', b.routes.any_of.find((c) => c !== 'ethereum')!];
}
