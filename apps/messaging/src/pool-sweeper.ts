import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, BackgroundRun, Clock, JsonLogger } from '@toll/platform';
import type { MessagingConfig } from './config';
import { PoolRepository, type BotToReset } from './pool.repository';
import { TokenVault } from './token-vault';
import { BotApiClient } from './upstreams/bot-api.client';

const CLEARED_PROFILE = { name: '', description: '', shortDescription: '' };

// The scheduled job: ends leases whose month is over, then resets their bots before they return to the pool
// (expired → cleaned → available). Every replica runs it; the repository's row claims keep two replicas off
// the same lease or bot.
@Injectable()
export class PoolSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeps = new BackgroundRun(() => this.sweep());
  private lastRunAt: Date | null = null;
  private lastError: string | null = null;
  private lastResetFailure: string | null = null; // the latest reset's error, cleared by the next good reset

  constructor(
    private readonly repo: PoolRepository,
    private readonly botApi: BotApiClient,
    private readonly vault: TokenVault,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.MESSAGING_SWEEP_ENABLED) return;
    this.sweeps.every(this.config.MESSAGING_SWEEP_INTERVAL_MS);
  }

  async onModuleDestroy() {
    await this.sweeps.stop();
  }

  status() {
    return {
      enabled: this.config.MESSAGING_SWEEP_ENABLED,
      interval_ms: this.config.MESSAGING_SWEEP_INTERVAL_MS,
      last_run_at: this.lastRunAt?.toISOString() ?? null,
      last_error: this.lastError,
    };
  }

  // Whether the Bot API answered the latest reset (null when it did, or no reset ran yet).
  resetFailure(): string | null {
    return this.lastResetFailure;
  }

  // One pass; a pass already running in this replica is joined rather than doubled.
  runOnce(): Promise<void> {
    return this.sweeps.run();
  }

  private async sweep() {
    try {
      const now = new Date(this.clock.now());
      const ended = await this.repo.expireDue(now, this.config.MESSAGING_SWEEP_BATCH);
      if (ended) this.logger.event('info', 'leases expired', { count: ended });
      for (const bot of await this.repo.claimForReset(now, this.config.MESSAGING_SWEEP_BATCH)) await this.reset(bot);
      this.lastError = null;
    } catch (e) {
      this.lastError = (e as Error).message;
      this.logger.event('warn', 'pool sweep failed', { error: this.lastError });
    } finally {
      this.lastRunAt = new Date(this.clock.now());
    }
  }

  // The token is rotated first, so the previous holder's copy is dead before anything else changes; then, on
  // the new token, the webhook and queued updates go and the name and descriptions are cleared.
  private async reset(bot: BotToReset) {
    const id = Number(bot.telegramId);
    try {
      const token = await this.botApi.rotateToken(id);
      await this.botApi.deleteWebhook(token);
      await this.botApi.setProfile(token, CLEARED_PROFILE);
      await this.repo.markCleaned(bot.id, this.vault.seal(token, bot.telegramId), new Date(this.clock.now()));
      const me = await this.botApi.getMe(token);
      if (me.id !== id) throw new Error(`getMe answered bot ${me.id}, expected ${id}`);
      await this.repo.markAvailable(bot.id, new Date(this.clock.now()));
      this.lastResetFailure = null;
      this.logger.event('info', 'bot reset and back in the pool', { bot: bot.username });
    } catch (e) {
      const error = e instanceof TollError ? `${e.code}: ${e.message}` : (e as Error).message;
      this.lastResetFailure = error;
      const state = await this.repo.markResetFailed(
        bot.id,
        error,
        new Date(this.clock.now()),
        this.config.MESSAGING_RESET_MAX_ATTEMPTS,
        this.config.MESSAGING_SWEEP_INTERVAL_MS,
      );
      this.logger.event(
        state === 'quarantined' ? 'error' : 'warn',
        state === 'quarantined' ? 'bot reset failed: quarantined' : 'bot reset failed: will retry',
        { bot: bot.username, error, attempts: bot.resetAttempts + 1 },
      );
    }
  }
}
