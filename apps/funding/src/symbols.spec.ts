import { resolveMarket } from './symbols';
import { SymbolParam } from './funding.schemas';

describe('symbol forms', () => {
  it.each([
    'BTC',
    'btc',
    'BTC-USDT',
    'BTC/USDT',
    'btcusdt',
    'BTCUSDT',
    'BTC-PERP',
    'BTC-USDT-SWAP',
    'btc_usdt',
    'BTC-USD',
  ])('%s resolves to the BTC USDT perpetual', (symbol) => {
    expect(SymbolParam.safeParse(symbol).success).toBe(true);
    expect(resolveMarket(symbol)).toEqual({
      base: 'BTC',
      quote: 'USDT',
      market: 'BTC-USDT-PERP',
      binance: 'BTCUSDT',
      bybit: 'BTCUSDT',
      okx: 'BTC-USDT-SWAP',
    });
  });

  it('keeps multiplier prefixes that venues use in their names', () => {
    expect(resolveMarket('1000PEPE/USDT').binance).toBe('1000PEPEUSDT');
  });

  it.each(['BTC/USDC', 'BTC-EUR', 'BTC USDT', 'BTC--USDT', '', 'BTC-USDT-SWAP-PERP'])(
    'refuses %j in the schema',
    (symbol) => {
      expect(SymbolParam.safeParse(symbol).success).toBe(false);
    },
  );
});
