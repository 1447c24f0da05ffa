import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { CatalogService, Clock, GroupHealth, JsonLogger } from '@toll/platform';
import { BlockedTargetError, parseIp, replayActive, resolvePublic } from '@toll/upstream';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DnsResolver } from './dns-resolver';
import type * as S from './messaging.schemas';
import { PoolAdmin, REPLAY_DEMO_BOT_IDS } from './pool-admin';
import { PoolRepository, type LeasedBot } from './pool.repository';
import { PoolSweeper } from './pool-sweeper';
import { LEASE_DAYS, LEASE_MS, PRICES } from './pricing';
import { TokenVault } from './token-vault';
import { BotApiClient } from './upstreams/bot-api.client';

const PROVISION_PATH = '/toll/messaging/provision';
const RELEASE_PATH = '/toll/messaging/release';
const DNS_TIMEOUT_MS = 3_000; // a webhook host that takes longer to resolve is not one Telegram will reach either

const PROVISION = 'messaging.provision';
// How often a replica reads the pool to announce whether provision can be served (resets free bots in the background).
const POOL_CHECK_MS = 5_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

@Injectable()
export class MessagingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private poolTimer?: NodeJS.Timeout;

  constructor(
    private readonly repo: PoolRepository,
    private readonly botApi: BotApiClient,
    private readonly vault: TokenVault,
    private readonly sweeper: PoolSweeper,
    private readonly admin: PoolAdmin,
    private readonly clock: Clock,
    private readonly dns: DnsResolver,
    private readonly groupHealth: GroupHealth,
    private readonly catalog: CatalogService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  // Replay mode (a demo without internet) fills an empty pool with the fixtures' bots, so bot-months can be sold.
  async onApplicationBootstrap() {
    if (replayActive() && (await this.repo.counts()).total === 0) {
      const results = [];
      for (const id of REPLAY_DEMO_BOT_IDS) results.push(await this.admin.add(id));
      this.logger.event('warn', "REPLAY MODE: the fixtures' demo bots fill the empty pool", { results });
      await this.sweeper.runOnce();
    }
    await this.announcePool();
    this.poolTimer = setInterval(() => void this.announcePool(), POOL_CHECK_MS);
    this.poolTimer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.poolTimer);
  }

  // An empty pool is known before anyone pays: provision is announced unavailable (the gateway answers 503 with
  // Retry-After before the 402, like an open circuit) until a bot is free again. A renewal (its input names lease_id)
  // needs no free bot, so it is exempt: a full pool never costs a renter the bot it already has.
  private async announcePool() {
    try {
      const { available } = await this.repo.counts();
      if (available > 0) this.catalog.availability.lift(PROVISION);
      else
        this.catalog.availability.hold(
          PROVISION,
          'no bot is free in the pool: every bot is leased or being reset (a renewal, with lease_id, is still served)',
          'lease_id',
        );
    } catch (e) {
      this.logger.event('warn', 'pool count failed; provision availability unchanged', { error: String(e) });
    }
  }

  provision(input: S.ProvisionInput, payer: string | undefined, deadline: number): Promise<S.ProvisionOutput> {
    return input.lease_id && input.lease_key
      ? this.renew(input.lease_id, input.lease_key)
      : this.lease(input, payer ?? 'unknown', deadline);
  }

  private async lease(input: S.ProvisionInput, payer: string, deadline: number): Promise<S.ProvisionOutput> {
    if (input.webhook_url) await this.assertPublicHost(new URL(input.webhook_url).hostname, deadline);
    const leaseKey = randomBytes(32).toString('base64url');
    const now = new Date(this.clock.now());
    const leased = await this.repo.lease({
      leaseId: randomUUID(),
      keyHash: hashKey(leaseKey),
      payer,
      now,
      endsAt: new Date(now.getTime() + LEASE_MS),
    });
    // The last free bot went to another caller after the availability was announced: our failure, so the gateway
    // releases the hold and the caller's proof stays unused (details.payment says how to redeem it).
    if (!leased) {
      void this.announcePool();
      throw new TollError(
        'SERVICE_UNAVAILABLE',
        'No bot is free in the pool right now; your payment is unused: repeat this request with the same proof ' +
          'once a bot is free (health shows the pool).',
        { pool: 'empty', retry_after_seconds: POOL_CHECK_MS / 1000 },
      );
    }
    const token = this.vault.open(leased.tokenCiphertext, leased.telegramId);
    try {
      await this.configure(token, input, deadline);
    } catch (e) {
      // The bot goes back through a reset; the caller is not charged for our or the platform's failure.
      await this.repo.end(leased.leaseId, null, new Date(this.clock.now()), 'cancelled');
      this.logger.event('warn', 'bot configuration failed: lease cancelled', {
        bot: leased.username,
        error: e instanceof TollError ? e.code : String(e),
      });
      throw e instanceof TollError
        ? new TollError(
            e.code,
            `${e.message}; the bot could not be configured, and your payment is unused: repeat this request with ` +
              `the same proof to redeem it`,
            e.details,
          )
        : e;
    }
    this.logger.event('info', 'bot leased', {
      bot: leased.username,
      lease: leased.leaseId,
      endsAt: leased.endsAt.toISOString(),
    });
    void this.announcePool(); // that may have been the last free bot
    return this.present(leased, token, leaseKey, input);
  }

  private async renew(leaseId: string, leaseKey: string): Promise<S.ProvisionOutput> {
    const renewed = await this.repo.renew(leaseId, hashKey(leaseKey), new Date(this.clock.now()), LEASE_MS);
    if (!renewed)
      throw new TollError(
        'NOT_FOUND',
        'No open lease matches lease_id and lease_key (it may have ended); your payment is unused: repeat the ' +
          'request with the same proof and the right lease, or without lease_id and lease_key for a new bot',
      );
    this.logger.event('info', 'lease renewed', {
      bot: renewed.username,
      lease: renewed.leaseId,
      endsAt: renewed.endsAt.toISOString(),
    });
    return this.present(renewed, this.vault.open(renewed.tokenCiphertext, renewed.telegramId), null, null);
  }

  async release(input: S.ReleaseInput): Promise<S.ReleaseOutput> {
    const now = new Date(this.clock.now());
    const ended = await this.repo.end(input.lease_id, hashKey(input.lease_key), now, 'released');
    if (!ended)
      throw new TollError('NOT_FOUND', 'No open lease matches lease_id and lease_key (it may have ended already)');
    this.logger.event('info', 'lease released', { bot: ended.username, lease: input.lease_id });
    void this.sweeper.runOnce().then(() => this.announcePool()); // reset now rather than at the next scheduled pass
    return {
      lease_id: input.lease_id,
      bot_username: ended.username,
      released_at: now.toISOString(),
      note:
        'The token is revoked and the bot reset now (retried at the next sweep if the platform fails); unused time ' +
        'is not refunded.',
    };
  }

  async health(): Promise<S.HealthOutput> {
    const counts = await this.repo.counts().catch((e: Error) => {
      this.logger.event('warn', 'messaging database unavailable', { error: e.message });
      return null;
    });
    const reason = !counts
      ? 'pool database unavailable'
      : counts.quarantined
        ? `${counts.quarantined} bot(s) quarantined after a failed reset`
        : counts.available === 0
          ? 'no bot free in the pool'
          : undefined;
    return {
      ...this.groupHealth.describe(),
      status: reason ? 'degraded' : 'ok',
      ...(reason ? { reason } : {}),
      platform: 'telegram',
      pool: counts && {
        available: counts.available,
        leased: counts.leased,
        resetting: counts.resetting,
        quarantined: counts.quarantined,
        total: counts.total,
        quarantine: counts.quarantine.map((q) => ({
          username: q.username,
          since: q.since.toISOString(),
          last_error: q.lastError,
        })),
      },
      plan: {
        price: PRICES.provision,
        period_days: LEASE_DAYS,
        renewals:
          `POST ${PROVISION_PATH} with lease_id and lease_key before ends_at: the same bot, ${LEASE_DAYS} more ` +
          `days from the current end`,
        release:
          `POST ${RELEASE_PATH} with lease_id and lease_key (free): the bot is reset at once; unused time is not ` +
          `refunded`,
      },
      sweep: this.sweeper.status(),
      sources: [
        { name: 'postgres', role: 'bot pool and leases', ok: counts !== null },
        {
          name: 'telegram-bot-api',
          role: 'configures leased bots; rotates tokens and clears bots between holders',
          ok: !this.sweeper.resetFailure(),
        },
      ],
    };
  }

  // The shared SSRF guard on the webhook's host: every address it resolves to must be public. A name that does
  // not exist is the caller's mistake; a resolver that fails or is slow is ours.
  private async assertPublicHost(host: string, deadline: number) {
    if (parseIp(host)) return; // a literal address was judged by the input schema
    const refuse = (message: string) =>
      new TollError(
        'INVALID_INPUT',
        `webhook_url ${message}; your payment is unused: repeat the request with another webhook_url and the ` +
          `same proof`,
        { issues: [{ field: 'webhook_url', message }] },
      );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('DNS timeout'), { code: 'ETIMEOUT' })),
        Math.max(1, Math.min(DNS_TIMEOUT_MS, deadline - Date.now())),
      );
    });
    try {
      await Promise.race([resolvePublic(host, false, (h) => this.dns.resolve(h)), timeout]);
    } catch (e) {
      if (e instanceof BlockedTargetError) throw refuse(`must point at a public address: ${e.message}`);
      const code = (e as { code?: string }).code ?? 'DNS error';
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw refuse(`names a host that does not exist (${code})`);
      throw new TollError(
        code === 'ETIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
        `could not resolve the webhook host (${code}); your payment is unused: repeat the request with the same ` +
          `proof later`,
        { upstream: 'dns' },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  // The bot arrives clean from its reset, so only what the caller asked for is set.
  private async configure(token: string, input: S.ProvisionInput, deadline: number) {
    if (input.name !== undefined || input.description !== undefined || input.short_description !== undefined) {
      await this.botApi.setProfile(
        token,
        {
          name: input.name ?? '',
          description: input.description ?? '',
          shortDescription: input.short_description ?? '',
        },
        deadline,
      );
    }
    if (input.webhook_url) await this.botApi.setWebhook(token, input.webhook_url, input.webhook_secret, deadline);
    else await this.botApi.deleteWebhook(token, deadline);
  }

  private present(
    bot: LeasedBot,
    token: string,
    leaseKey: string | null,
    input: S.ProvisionInput | null,
  ): S.ProvisionOutput {
    const credentials = { lease_id: bot.leaseId, lease_key: '<your lease_key>' };
    const webhook = input?.webhook_url ?? null;
    return {
      platform: 'telegram',
      renewal: input === null,
      lease: {
        lease_id: bot.leaseId,
        lease_key: leaseKey,
        starts_at: bot.startsAt.toISOString(),
        ends_at: bot.endsAt.toISOString(),
        period_days: LEASE_DAYS,
        renewals: bot.renewals,
      },
      bot: {
        id: Number(bot.telegramId),
        username: bot.username,
        link: `https://t.me/${bot.username}`,
        token,
        name: input?.name ?? null,
      },
      updates: input && {
        mode: webhook ? 'webhook' : 'polling',
        webhook_url: webhook,
        note: webhook
          ? 'Telegram POSTs each update to webhook_url (with the X-Telegram-Bot-Api-Secret-Token header when ' +
            'webhook_secret was given). Change it with setWebhook on the token.'
          : 'No webhook: poll https://api.telegram.org/bot<token>/getUpdates, or set a webhook yourself with ' +
            'setWebhook.',
      },
      renew: {
        method: 'POST',
        path: PROVISION_PATH,
        body: credentials,
        price: PRICES.provision,
        note: `Before ends_at: the same bot, ${LEASE_DAYS} more days from the current end.`,
      },
      release: {
        method: 'POST',
        path: RELEASE_PATH,
        body: credentials,
        price: PRICES.release,
        note: 'Ends the lease now; the bot is reset and its token revoked. Unused time is not refunded.',
      },
    };
  }
}
