import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, BackgroundRun, Clock, JsonLogger } from '@toll/platform';
import type { FundingConfig } from './config';
import { LiquidationsRepository } from './liquidations.repository';
import { LIQUIDATION_PAGE, OkxClient } from './upstreams/okx.client';

// Time one collection pass may take per base (OKX answers in well under a second).
const PASS_BUDGET_MS = 10_000;

// Records OKX's filled liquidations of each tracked base into the group's own database, because no free source keeps
// history. Each poll reads the newest page and pages back until it meets what is already recorded (or the page
// limit); every page read is logged as a covered stretch, which is what answers call "covered". Replicas may poll
// at the same time: events are stored once (unique key), and the stretches they log overlap harmlessly.
@Injectable()
export class LiquidationCollector implements OnApplicationBootstrap, OnModuleDestroy {
  lastRunAt: string | null = null;
  lastError: string | null = null;
  private readonly passes = new BackgroundRun(() => this.pass());

  constructor(
    @Inject(APP_CONFIG) private readonly config: FundingConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    private readonly okx: OkxClient,
    private readonly repo: LiquidationsRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.FUNDING_COLLECTOR_ENABLED || !this.okx.enabled) return;
    this.passes.every(this.config.FUNDING_COLLECTOR_INTERVAL_MS, { now: true });
  }

  async onModuleDestroy() {
    await this.passes.stop();
  }

  // One pass over every tracked base; a pass already running is joined, not doubled.
  collect(): Promise<void> {
    return this.passes.run();
  }

  private async pass() {
    const errors: string[] = [];
    for (const base of this.config.FUNDING_LIQUIDATION_BASES) {
      try {
        await this.collectBase(base);
      } catch (e) {
        const message = e instanceof TollError ? `${e.code}: ${e.message}` : String(e);
        errors.push(`${base}: ${message}`);
        this.logger.event('warn', 'liquidation collection failed', { base, error: message });
      }
    }
    this.lastRunAt = new Date(this.clock.now()).toISOString();
    this.lastError = errors.length ? errors.join('; ') : null;
  }

  private async collectBase(base: string) {
    const deadline = Date.now() + PASS_BUDGET_MS;
    const contractValue = await this.okx.contractValue(`${base}-USDT-SWAP`, deadline);
    if (!contractValue) throw new TollError('NOT_FOUND', `OKX lists no ${base}-USDT-SWAP`);
    const known = await this.repo.lastCoveredTo(base);
    const polledAt = this.clock.now();
    let coveredTo = polledAt;
    for (let page = 0; page < this.config.FUNDING_COLLECTOR_MAX_PAGES; page++) {
      const rows = await this.okx.liquidations(`${base}-USDT`, page === 0 ? null : coveredTo, deadline);
      await this.repo.record('okx', base, contractValue, rows);
      const full = rows.length >= LIQUIDATION_PAGE;
      const oldest = rows.length ? Math.min(...rows.map((r) => r.ts)) : coveredTo;
      // A short page holds everything OKX still serves; we claim only the configured horizon of it.
      const coveredFrom = full ? oldest : Math.min(oldest, polledAt - this.config.FUNDING_OKX_LIQUIDATION_HORIZON_MS);
      await this.repo.recordPoll({
        venue: 'okx',
        base,
        coveredFrom,
        coveredTo,
        polledAt,
        events: rows.length,
        fullPage: full,
      });
      if (!full || (known !== null && oldest <= known)) return;
      coveredTo = oldest;
    }
  }
}
