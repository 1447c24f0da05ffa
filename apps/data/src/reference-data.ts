// The curated lists each section covers. Tickers collide across chains (many tokens call themselves
// "SOL"), so every asset is pinned to its provider ids here instead of being looked up by symbol.

export interface Coin {
  symbol: string;
  name: string;
  coingeckoId: string;
  pythFeedId: string; // Pyth price feed id, lower-case hex without 0x (https://pyth.network/developers/price-feed-ids)
}

export const COINS: readonly Coin[] = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    coingeckoId: 'bitcoin',
    pythFeedId: 'e62df6c8b4a85fe1a67db44dc12de5db330f7ac66b72dc658afedf0f4a415b43',
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    coingeckoId: 'ethereum',
    pythFeedId: 'ff61491a931112ddf1bd8147cd1b641375f79f5825126d665480874634fd0ace',
  },
  {
    symbol: 'SOL',
    name: 'Solana',
    coingeckoId: 'solana',
    pythFeedId: 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d',
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    coingeckoId: 'usd-coin',
    pythFeedId: 'eaa020c61cc479712813461ce153894a96a6c00b21ed0cfc2798d1f9a9e9c94a',
  },
  {
    symbol: 'USDT',
    name: 'Tether',
    coingeckoId: 'tether',
    pythFeedId: '2b89b9dc8fdf9f34709a5b106b472f0f39bb6ca9ce04b0fd7f2e971688e2e53b',
  },
];

export interface StakingAsset {
  asset: string;
  chain: string; // DefiLlama chain name
  project: string; // DefiLlama project slug
  poolSymbol: string; // DefiLlama pool symbol, upper case
}

// Liquid staking tokens (docs/upstreams.md §3b). Only jitoSOL and mSOL have protocol fallbacks.
export const STAKING_ASSETS: readonly StakingAsset[] = [
  { asset: 'jitoSOL', chain: 'Solana', project: 'jito-liquid-staking', poolSymbol: 'JITOSOL' },
  { asset: 'mSOL', chain: 'Solana', project: 'marinade-liquid-staking', poolSymbol: 'MSOL' },
  { asset: 'JupSOL', chain: 'Solana', project: 'jupiter-staked-sol', poolSymbol: 'JUPSOL' },
  { asset: 'BNSOL', chain: 'Solana', project: 'binance-staked-sol', poolSymbol: 'BNSOL' },
  { asset: 'stETH', chain: 'Ethereum', project: 'lido', poolSymbol: 'STETH' },
  { asset: 'rETH', chain: 'Ethereum', project: 'rocket-pool', poolSymbol: 'RETH' },
];

export interface RateSeries {
  seriesId: string; // FRED series id of an FDIC national rate
  product: string;
}

// FDIC national deposit rates (monthly, in percent APY) as republished on FRED (docs/upstreams.md §3a).
export const RATE_SERIES: readonly RateSeries[] = [
  { seriesId: 'SNDR', product: 'Savings' },
  { seriesId: 'MMNDR', product: 'Money market' },
  { seriesId: 'NDR1MCD', product: '1-month CD' },
  { seriesId: 'NDR3MCD', product: '3-month CD' },
  { seriesId: 'NDR6MCD', product: '6-month CD' },
  { seriesId: 'NDR12MCD', product: '12-month CD' },
  { seriesId: 'NDR60MCD', product: '60-month CD' },
];

export const RATE_INSTITUTION = 'FDIC national average (all insured US institutions)';

export const DEFAULT_ETF_TICKERS = ['SPY', 'QQQ', 'SCHD', 'VYM', 'JEPI'];
