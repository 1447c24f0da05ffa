import { Injectable } from '@nestjs/common';
import { PoolRepository } from './pool.repository';
import { TokenVault } from './token-vault';
import { BotApiClient } from './upstreams/bot-api.client';
import { Clock } from '@toll/platform';

// The bot of test/fixtures/bot-api: replay mode puts it in an empty pool so the demo can sell a bot-month.
// The replay demo's pool bots (test/fixtures/bot-api): two, so a demo can sell a bot-month over HTTP and over MCP.
export const REPLAY_DEMO_BOT_IDS = ['7000000001', '7000000002'];

// The operator's actions on the pool (pool-cli.ts, and the replay demo). Tokens come from the manager bot and
// are stored encrypted; they are never returned or printed.
@Injectable()
export class PoolAdmin {
  constructor(
    private readonly repo: PoolRepository,
    private readonly botApi: BotApiClient,
    private readonly vault: TokenVault,
    private readonly clock: Clock,
  ) {}

  // The manager answers only for bots it manages, which are the ones whose tokens it can rotate at each reset.
  async add(botId: string): Promise<string> {
    if (!/^\d{1,20}$/.test(botId)) return `${botId}: not a bot user id`;
    const token = await this.botApi.managedBotToken(Number(botId)).catch(() => null);
    const me = token && (await this.botApi.getMe(token).catch(() => null));
    if (!token || !me || me.id !== Number(botId))
      return `${botId}: refused: not a bot managed by the manager bot (getManagedBotToken or getMe failed)`;
    const added = await this.repo.addBot(
      BigInt(botId),
      me.username,
      this.vault.seal(token, BigInt(botId)),
      new Date(this.clock.now()),
    );
    return added
      ? `${botId}: added @${me.username}; it is reset before its first lease`
      : `${botId}: @${me.username} is already in the pool`;
  }

  async requeue(username: string): Promise<string> {
    const name = username.replace(/^@/, '');
    return (await this.repo.requeue(name, new Date(this.clock.now())))
      ? `@${name}: queued for another reset`
      : `@${name}: not quarantined`;
  }
}
