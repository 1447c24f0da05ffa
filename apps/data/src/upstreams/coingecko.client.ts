// CoinGecko coins/markets: https://docs.coingecko.com/reference/coins-markets (docs/upstreams.md §1).
// Licence trap: attribution is required ("Data provided by CoinGecko", linked); heavy commercial use needs a
// paid plan. Quota: Demo key (free, header x-cg-demo-api-key) 30-100 calls/min and 10k/month; keyless shares
// an IP quota and throttles fast (429 with retry-after). One call per 30 min is about 1.5k calls/month.
// Odd shapes: errors arrive as {status:{error_code,error_message}} instead of the array (the schema check
// turns that into UPSTREAM_ERROR, even on a 200), and current_price is null for coins without a market.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import type { PriceItem } from '../data.schemas';
import { decimalFromNumber, roundDecimal } from '@toll/markets';
import type { Coin } from '../reference-data';
import { clientOptions, unusable } from './client-options';

const Markets = z.array(
  z.object({
    id: z.string(),
    current_price: z.number().nullable(),
    price_change_percentage_24h: z.number().nullable().optional(),
    last_updated: z.string(),
  }),
);

@Injectable()
export class CoingeckoClient {
  readonly name = 'coingecko';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    const key = config.DATA_COINGECKO_API_KEY;
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_COINGECKO_BASE_URL],
      timeoutMs: 8_000,
      headers: key ? { 'x-cg-demo-api-key': key } : undefined,
      // Demo tier floor of 30 calls/min; a refresh and its retry fit the burst
      governor: { ratePerSecond: 0.5, burst: 4 },
      ...clientOptions(config, logger),
    });
  }

  async prices(coins: readonly Coin[], deadline: number): Promise<PriceItem[]> {
    const query = {
      vs_currency: 'usd',
      ids: coins.map((c) => c.coingeckoId).join(','),
      price_change_percentage: '24h',
    };
    const rows = await this.api.getJson('/api/v3/coins/markets', query, Markets, { deadline });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = coins.flatMap((coin): PriceItem[] => {
      const row = byId.get(coin.coingeckoId);
      if (!row || row.current_price === null || row.current_price <= 0) return [];
      const change = row.price_change_percentage_24h;
      return [
        {
          symbol: coin.symbol,
          name: coin.name,
          usd: decimalFromNumber(row.current_price),
          ...(typeof change === 'number' ? { change_24h_pct: roundDecimal(decimalFromNumber(change), 4) } : {}),
          as_of: new Date(row.last_updated).toISOString(),
          source: 'coingecko',
        },
      ];
    });
    if (items.length === 0) throw unusable(this.name, 'no prices for the requested coins');
    return items;
  }
}
