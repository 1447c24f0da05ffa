// Solana networks as x402 names them: CAIP-2 ids for v2, legacy names for v1, and each network's USDC mint.
export const SOLANA_NETWORKS = {
  mainnet: {
    caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    v1: 'solana',
    usdcMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  },
  devnet: {
    caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    v1: 'solana-devnet',
    usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  },
} as const;

export type SolanaNetwork = keyof typeof SOLANA_NETWORKS;
