// What users type for a perpetual (BTC, BTC-USDT, BTC/USDT, btcusdt, BTC-PERP, BTC-USDT-SWAP) resolved to one
// USDT-margined market and each venue's own name for it. The input schema has already refused other quotes.
export interface Market {
  base: string;
  quote: 'USDT';
  market: string; // BTC-USDT-PERP: the resolved market echoed to the caller
  binance: string;
  bybit: string;
  okx: string;
}

export function resolveMarket(symbol: string): Market {
  const parts = symbol.toUpperCase().split(/[-/_]/);
  if (parts.length > 1 && ['PERP', 'SWAP'].includes(parts[parts.length - 1])) parts.pop();
  let base = parts[0];
  // "btcusdt" written as one word; a bare "USDT" stays a base.
  if (parts.length === 1 && base.length > 4 && base.endsWith('USDT')) base = base.slice(0, -4);
  return {
    base,
    quote: 'USDT',
    market: `${base}-USDT-PERP`,
    binance: `${base}USDT`,
    bybit: `${base}USDT`,
    okx: `${base}-USDT-SWAP`,
  };
}
