// Pyth Hermes latest prices: https://hermes.pyth.network/docs (docs/upstreams.md §1), keyless fallback for
// the majors. Licence trap: the public endpoint is "for testing"; production should point
// DATA_PYTH_BASE_URL at a node provider, and Pyth data terms ask for "Powered by Pyth" attribution.
// Quota: 30 requests per 10 s per IP, then 429 for the next 60 s (we send one call per refresh, 2 rps cap).
// Odd shapes: the price is an integer string with a separate exponent (real price = price × 10^expo),
// feed ids come back without the 0x prefix, and `ids[]` must repeat, so it travels in the path.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import type { PriceItem } from '../data.schemas';
import { decimalFromScaled } from '@toll/markets';
import type { Coin } from '../reference-data';
import { clientOptions, unusable } from './client-options';

const Latest = z.object({
  parsed: z.array(
    z.object({
      id: z.string(),
      price: z.object({
        price: z.string().regex(/^-?\d+$/),
        expo: z.number().int().min(-30).max(30),
        publish_time: z.number().int(),
      }),
    }),
  ),
});

@Injectable()
export class PythClient {
  readonly name = 'pyth';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_PYTH_BASE_URL],
      timeoutMs: 5_000,
      governor: { ratePerSecond: 2, burst: 4 }, // §16 governor; well inside 30 per 10 s
      ...clientOptions(config, logger),
    });
  }

  async prices(coins: readonly Coin[], deadline: number): Promise<PriceItem[]> {
    const ids = coins.map((c) => `ids[]=${c.pythFeedId}`).join('&');
    const body = await this.api.getJson(`/v2/updates/price/latest?${ids}`, { parsed: 'true' }, Latest, { deadline });
    const byId = new Map(body.parsed.map((p) => [p.id.toLowerCase().replace(/^0x/, ''), p.price]));
    const items = coins.flatMap((coin): PriceItem[] => {
      const quote = byId.get(coin.pythFeedId);
      if (!quote || quote.price.startsWith('-') || /^0+$/.test(quote.price)) return [];
      return [
        {
          symbol: coin.symbol,
          name: coin.name,
          usd: decimalFromScaled(quote.price, quote.expo),
          as_of: new Date(quote.publish_time * 1000).toISOString(),
          source: 'pyth',
        },
      ];
    });
    if (items.length === 0) throw unusable(this.name, 'no prices for the requested feeds');
    return items;
  }
}
