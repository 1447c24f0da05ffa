import { Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service';

export type BotState = 'available' | 'leased' | 'expired' | 'cleaned' | 'quarantined';

export interface LeasedBot {
  leaseId: string;
  botRowId: string;
  telegramId: bigint;
  username: string;
  tokenCiphertext: string;
  startsAt: Date;
  endsAt: Date;
  renewals: number;
}

export interface BotToReset {
  id: string;
  telegramId: bigint;
  username: string;
  resetAttempts: number;
}

export interface PoolCounts {
  available: number;
  leased: number;
  resetting: number;
  quarantined: number;
  total: number;
  quarantine: Array<{ username: string; since: Date; lastError: string | null }>;
}

export interface NewLease {
  leaseId: string;
  keyHash: string;
  payer: string;
  now: Date;
  endsAt: Date;
}

// How long one replica owns a bot it is resetting; a replica that dies mid-reset frees it after this.
const RESET_CLAIM_MS = 120_000;

// The pool's state changes, each one statement (or one transaction) whose row locks make it safe with any
// number of replicas: a bot is leased by exactly one provision, a lease ends exactly once, one replica resets.
@Injectable()
export class PoolRepository {
  constructor(private readonly prisma: PrismaService) {}

  // Takes the longest-idle available bot and opens a lease on it, or returns null when none is free.
  // SKIP LOCKED: concurrent provisions each take a different bot instead of queueing on the same one.
  async lease(l: NewLease): Promise<LeasedBot | null> {
    const rows = await this.prisma.$queryRaw<LeasedBot[]>`
      WITH picked AS (
        SELECT id FROM bots WHERE state = 'available' ORDER BY state_changed_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
      ), bot AS (
        UPDATE bots SET state = 'leased', state_changed_at = ${l.now}, reset_attempts = 0, last_error = NULL
        FROM picked WHERE bots.id = picked.id
        RETURNING bots.id, bots.telegram_id, bots.username, bots.token_ciphertext
      ), lease AS (
        INSERT INTO leases (id, bot_id, key_hash, payer, starts_at, ends_at)
        SELECT ${l.leaseId}::uuid, bot.id, ${l.keyHash}, ${l.payer}, ${l.now}, ${l.endsAt} FROM bot
        RETURNING id, starts_at, ends_at, renewals
      )
      SELECT lease.id::text AS "leaseId", bot.id::text AS "botRowId", bot.telegram_id AS "telegramId", bot.username,
             bot.token_ciphertext AS "tokenCiphertext", lease.starts_at AS "startsAt", lease.ends_at AS "endsAt",
               lease.renewals
      FROM bot, lease`;
    return rows[0] ?? null;
  }

  // Extends an open lease by `byMs` from its current end; null when no open lease matches id and key.
  async renew(leaseId: string, keyHash: string, now: Date, byMs: number): Promise<LeasedBot | null> {
    const rows = await this.prisma.$queryRaw<LeasedBot[]>`
      WITH lease AS (
        UPDATE leases SET ends_at = ends_at + make_interval(secs => ${byMs / 1000}), renewals = renewals + 1
        WHERE id = ${leaseId}::uuid AND key_hash = ${keyHash} AND ended_at IS NULL AND ends_at > ${now}
        RETURNING id, bot_id, starts_at, ends_at, renewals
      )
      SELECT lease.id::text AS "leaseId", bots.id::text AS "botRowId", bots.telegram_id AS "telegramId", bots.username,
             bots.token_ciphertext AS "tokenCiphertext", lease.starts_at AS "startsAt", lease.ends_at AS "endsAt",
               lease.renewals
      FROM lease JOIN bots ON bots.id = lease.bot_id`;
    return rows[0] ?? null;
  }

  // Ends one open lease now (released by the holder, or cancelled after our failure) and queues its bot for reset.
  async end(
    leaseId: string,
    keyHash: string | null,
    now: Date,
    reason: 'released' | 'cancelled',
  ): Promise<{ username: string } | null> {
    const rows = await this.prisma.$queryRaw<Array<{ username: string }>>`
      WITH lease AS (
        UPDATE leases SET ended_at = ${now}, end_reason = ${reason}
        WHERE id = ${leaseId}::uuid AND (${keyHash}::text IS NULL OR key_hash = ${keyHash}) AND ended_at IS NULL
        RETURNING bot_id
      )
      UPDATE bots SET state = 'expired', state_changed_at = ${now}, reset_claimed_until = NULL
      FROM lease WHERE bots.id = lease.bot_id
      RETURNING bots.username`;
    return rows[0] ?? null;
  }

  // Ends the leases whose month is over and queues their bots for reset; returns how many ended.
  async expireDue(now: Date, batch: number): Promise<number> {
    const rows = await this.prisma.$queryRaw<Array<{ id: string }>>`
      WITH due AS (
        SELECT id FROM leases WHERE ended_at IS NULL
          AND ends_at <= ${now} ORDER BY ends_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
      ), ended AS (
        UPDATE leases SET ended_at = ${now}, end_reason = 'expired' FROM due WHERE leases.id = due.id
          RETURNING leases.bot_id
      )
      UPDATE bots SET state = 'expired', state_changed_at = ${now}, reset_claimed_until = NULL
      FROM ended WHERE bots.id = ended.bot_id
      RETURNING bots.id::text AS id`;
    return rows.length;
  }

  // Claims bots waiting for a reset (expired, or cleaned but not yet checked) for this replica for a while.
  claimForReset(now: Date, batch: number): Promise<BotToReset[]> {
    const until = new Date(now.getTime() + RESET_CLAIM_MS);
    return this.prisma.$queryRaw<BotToReset[]>`
      WITH picked AS (
        SELECT id FROM bots
        WHERE state IN ('expired', 'cleaned') AND (reset_claimed_until IS NULL OR reset_claimed_until < ${now})
        ORDER BY state_changed_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
      )
      UPDATE bots SET reset_claimed_until = ${until} FROM picked WHERE bots.id = picked.id
      RETURNING bots.id::text AS id, bots.telegram_id AS "telegramId", bots.username,
        bots.reset_attempts AS "resetAttempts"`;
  }

  // Reset done (token rotated, webhook and profile cleared): the new token is stored and the bot is cleaned.
  async markCleaned(id: string, tokenCiphertext: string, now: Date): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE bots SET state = 'cleaned', token_ciphertext = ${tokenCiphertext}, state_changed_at = ${now}
      WHERE id = ${id}::uuid AND state IN ('expired', 'cleaned')`;
  }

  // Checked on the new token: back in the pool.
  async markAvailable(id: string, now: Date): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE bots SET state = 'available', state_changed_at = ${now}, reset_claimed_until = NULL, reset_attempts = 0,
        last_error = NULL
      WHERE id = ${id}::uuid AND state = 'cleaned'`;
  }

  // A failed reset: retried by the next sweep after `retryAfterMs`, or quarantined once attempts run out.
  async markResetFailed(
    id: string,
    error: string,
    now: Date,
    maxAttempts: number,
    retryAfterMs: number,
  ): Promise<BotState> {
    const retryAt = new Date(now.getTime() + retryAfterMs);
    const rows = await this.prisma.$queryRaw<Array<{ state: BotState }>>`
      UPDATE bots SET reset_attempts = reset_attempts + 1, last_error = ${error}, reset_claimed_until = ${retryAt},
        state = CASE WHEN reset_attempts + 1 >= ${maxAttempts} THEN 'quarantined' ELSE state END,
        state_changed_at = CASE WHEN reset_attempts + 1 >= ${maxAttempts} THEN ${now} ELSE state_changed_at END
      WHERE id = ${id}::uuid AND state IN ('expired', 'cleaned')
      RETURNING state`;
    return rows[0]?.state ?? 'quarantined';
  }

  // Operator: a new bot enters as expired, so it is reset (token rotated, profile cleared) before its first lease.
  async addBot(telegramId: bigint, username: string, tokenCiphertext: string, now: Date): Promise<boolean> {
    const inserted = await this.prisma.$executeRaw`
      INSERT INTO bots (id, telegram_id, username, token_ciphertext, state, state_changed_at, added_at)
      VALUES (gen_random_uuid(), ${telegramId}, ${username}, ${tokenCiphertext}, 'expired', ${now}, ${now})
      ON CONFLICT (telegram_id) DO NOTHING`;
    return inserted === 1;
  }

  // Operator: a quarantined bot gets another reset attempt.
  async requeue(username: string, now: Date): Promise<boolean> {
    const updated = await this.prisma.$executeRaw`
      UPDATE bots SET state = 'expired', state_changed_at = ${now}, reset_claimed_until = NULL, reset_attempts = 0
      WHERE username = ${username} AND state = 'quarantined'`;
    return updated === 1;
  }

  async counts(): Promise<PoolCounts> {
    const rows = await this.prisma.$queryRaw<
      Array<{ state: BotState; n: bigint }>
    >`SELECT state, count(*) AS n FROM bots GROUP BY state`;
    const n = (s: BotState) => Number(rows.find((r) => r.state === s)?.n ?? 0);
    const quarantine = await this.prisma.bot.findMany({
      where: { state: 'quarantined' },
      orderBy: { stateChangedAt: 'asc' },
      take: 20,
      select: { username: true, stateChangedAt: true, lastError: true },
    });
    return {
      available: n('available'),
      leased: n('leased'),
      resetting: n('expired') + n('cleaned'),
      quarantined: n('quarantined'),
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      quarantine: quarantine.map((q) => ({ username: q.username, since: q.stateChangedAt, lastError: q.lastError })),
    };
  }
}
