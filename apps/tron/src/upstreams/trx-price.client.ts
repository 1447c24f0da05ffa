// TRX/USD from the data group's price cache, asked over NATS (a group never calls another group's upstreams): the
// data group's `data.getBundle` operation with include=prices, as payments asks it for SOL/USD. The data group
// quotes the coins on its list; until TRX is on it, the answer is "no price" and estimates carry TRX amounts only.
import { Inject, Injectable } from '@nestjs/common';
import { subjectOf, TollError, type TollMessage } from '@toll/contracts';
import { NATS_CONNECTION, NatsBus } from '@toll/platform';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

const ASK_TIMEOUT_MS = 1_000;
const Bundle = z.object({
  data: z.object({
    prices: z.union([
      z.object({
        items: z.array(
          z.object({
            symbol: z.string(),
            usd: z.string().regex(/^\d+(\.\d+)?$/),
            as_of: z.string(),
            source: z.string(),
          }),
        ),
      }),
      z.object({ stale: z.literal(true), reason: z.string() }),
    ]),
  }),
});

export interface TrxUsd {
  usd: string;
  source: string;
  asOf: string;
}

@Injectable()
export class TrxPriceClient {
  private readonly bus: NatsBus;

  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection) {
    this.bus = new NatsBus(nats);
  }

  async trxUsd(deadline: number): Promise<TrxUsd> {
    const requestId = `tron-price-${randomUUID()}`;
    const timeoutMs = Math.min(ASK_TIMEOUT_MS, deadline - Date.now() - 100);
    const message: TollMessage = {
      input: { include: 'prices' },
      requestId,
      deadline: Date.now() + timeoutMs,
      caller: { ip: '127.0.0.1', userAgent: 'toll-tron' },
    };
    const reply = await this.bus.request<unknown>(subjectOf('data.getBundle'), message, { timeoutMs, requestId });
    const parsed = Bundle.safeParse(reply);
    if (!parsed.success)
      throw new TollError('SERVICE_UNAVAILABLE', 'the data group answered prices in an unexpected shape');
    const prices = parsed.data.data.prices;
    if ('stale' in prices)
      throw new TollError('SERVICE_UNAVAILABLE', `the data group has no fresh prices: ${prices.reason}`);
    const trx = prices.items.find((p) => p.symbol === 'TRX');
    if (!trx) throw new TollError('NOT_FOUND', "the data group's price list has no TRX");
    return { usd: trx.usd, source: `data:${trx.source}`, asOf: trx.as_of };
  }
}
