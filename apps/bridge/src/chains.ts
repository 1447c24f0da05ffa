// Chain names as people write them, resolved to one id. DefiLlama's display name is what its APIs use.
export const CHAINS = {
  ethereum: { name: 'Ethereum', defillama: 'Ethereum', aliases: ['eth', 'mainnet', 'ethereum mainnet', 'l1', 'ether'] },
  arbitrum: { name: 'Arbitrum One', defillama: 'Arbitrum', aliases: ['arb', 'arbitrum one', 'arb1', 'arbitrum-one'] },
  optimism: {
    name: 'OP Mainnet',
    defillama: 'Optimism',
    aliases: ['op', 'op mainnet', 'op-mainnet', 'optimism mainnet'],
  },
  base: { name: 'Base', defillama: 'Base', aliases: ['base mainnet'] },
  polygon: { name: 'Polygon PoS', defillama: 'Polygon', aliases: ['matic', 'polygon pos', 'polygon-pos', 'pol'] },
  bsc: {
    name: 'BNB Smart Chain',
    defillama: 'BSC',
    aliases: ['bnb', 'bnb chain', 'bnb smart chain', 'binance smart chain', 'binance'],
  },
  avalanche: { name: 'Avalanche C-Chain', defillama: 'Avalanche', aliases: ['avax', 'c-chain', 'avalanche c-chain'] },
  solana: { name: 'Solana', defillama: 'Solana', aliases: ['sol'] },
  ronin: { name: 'Ronin', defillama: 'Ronin', aliases: ['ron'] },
} as const satisfies Record<string, { name: string; defillama: string; aliases: readonly string[] }>;

export type ChainId = keyof typeof CHAINS;
export const CHAIN_IDS = Object.keys(CHAINS) as ChainId[];

const normalise = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

export function resolveChain(name: string): ChainId | null {
  const n = normalise(name);
  return (
    CHAIN_IDS.find(
      (id) => id === n || n === normalise(CHAINS[id].name) || (CHAINS[id].aliases as readonly string[]).includes(n),
    ) ?? null
  );
}
