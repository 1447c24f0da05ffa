import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SUBJECTS, type SolUsdReply } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION, NatsBus } from '@toll/platform';
import type { NatsConnection } from 'nats';
import type { PaymentsConfig } from './config';

export interface SolQuote {
  solUsd: string;
  source: string;
  asOf: string;
}

// How often the live SOL/USD price is pulled from the data app (it refreshes its feed about every 30 min).
const REFRESH_MS = 60_000;
const ASK_TIMEOUT_MS = 1_000;

// The SOL/USD rate used to quote lamports, kept in memory so issuing a challenge never waits on it.
// A configured fixed rate (tests, local stack) takes precedence and is named as such; otherwise the data
// app's live price, if fresh; otherwise null, and challenges offer USDC only.
@Injectable()
export class SolPriceService implements OnApplicationBootstrap, OnApplicationShutdown {
  private live: SolQuote | null = null;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: PaymentsConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap() {
    if (this.config.PAYMENTS_SOL_USD_FIXED) return;
    const bus = new NatsBus(this.nats);
    const refresh = () =>
      bus
        .request<SolUsdReply>(SUBJECTS.dataSolUsd, {}, { timeoutMs: ASK_TIMEOUT_MS, requestId: 'sol-price-refresh' })
        .then(
          (reply) => (this.live = { solUsd: reply.solUsd, source: `data:${reply.source}`, asOf: reply.asOf }),
          (e) =>
            this.logger.event('warn', 'no live SOL/USD price; SOL quotes paused until one arrives', {
              error: String(e),
            }),
        );
    void refresh();
    this.timer = setInterval(refresh, REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  current(now = Date.now()): SolQuote | null {
    const fixed = this.config.PAYMENTS_SOL_USD_FIXED;
    if (fixed)
      return { solUsd: fixed, source: 'fixed-rate (PAYMENTS_SOL_USD_FIXED)', asOf: new Date(now).toISOString() };
    if (this.live && now - Date.parse(this.live.asOf) <= this.config.PAYMENTS_SOL_PRICE_MAX_AGE_SECONDS * 1000)
      return this.live;
    return null;
  }
}
