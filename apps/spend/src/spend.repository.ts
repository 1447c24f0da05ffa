import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hashesEqual } from './credentials';
import { WINDOWS, windowSpan, type Decision, type WindowMode, type WindowName, type WindowUsage } from './evaluate';
import type { AuditEntry, Policy, PolicyVersion, Prisma, Reservation } from './generated/prisma/client';
import { PrismaService } from './prisma.service';

export type VersionFields = Omit<PolicyVersion, 'agentId' | 'version' | 'createdAt'>;
export type CurrentPolicy = Policy & { current: PolicyVersion };

export interface CredentialHashes {
  ownerSecretHash: string;
  readKeyHash: string;
  checkKeyHash: string;
}

export type WriteResult =
  | {
      kind: 'written';
      outcome: 'created' | 'updated' | 'unchanged';
      policy: Policy;
      version: PolicyVersion;
      rotated: boolean;
    }
  | { kind: 'secret_required' }
  | { kind: 'forbidden' };

export interface CheckRecord {
  decisionId: string;
  decidedAt: Date;
  version: PolicyVersion;
  decision: Decision;
  reservation: Reservation | null;
}

export type SettleResult =
  | { kind: 'ok'; reservation: Reservation }
  | { kind: 'not_found' }
  | { kind: 'conflict'; reservation: Reservation; message: string };

type Tx = Prisma.TransactionClient;

// An interactive transaction waits this long for a pool connection; under a burst of checks of one agent most
// of the time is spent queued on that agent's row lock, which the transaction timeout (the caller's deadline) bounds.
const TX_MAX_WAIT_MS = 5_000;

// What a reservation adds to the windows: nothing once voided, the confirmed amount once confirmed, else all of it.
const COUNTED = `CASE WHEN status = 'voided' THEN 0 WHEN status = 'confirmed' THEN confirmed_cents ELSE amount_cents END`;

const sameVersion = (a: VersionFields, b: VersionFields) =>
  JSON.stringify(Object.entries(a).sort(), (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ===
  JSON.stringify(Object.entries(b).sort(), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

// The only file that touches the spend database. Each agent's policy row is the lock that orders its checks,
// writes, confirms and voids, so any number of replicas decide against the same usage.
@Injectable()
export class SpendRepository {
  constructor(private readonly db: PrismaService) {}

  async ping(): Promise<void> {
    await this.db.$queryRaw`SELECT 1`;
  }

  // Creates the policy (first write wins, also across replicas) or, with the owner's secret, adds a version.
  writePolicy(
    agentId: string,
    next: (current: VersionFields | null) => VersionFields,
    presentedSecretHash: string | null,
    fresh: CredentialHashes,
    rotate: boolean,
    timeoutMs: number,
  ): Promise<WriteResult> {
    return this.tx(timeoutMs, async (tx): Promise<WriteResult> => {
      const created = await tx.$queryRaw<Policy[]>`
        INSERT INTO policies (agent_id, version, owner_secret_hash, read_key_hash, check_key_hash) VALUES (${agentId}, 1, ${fresh.ownerSecretHash}, ${fresh.readKeyHash}, ${fresh.checkKeyHash})
        ON CONFLICT (agent_id) DO NOTHING RETURNING agent_id`;
      if (created.length) {
        const version = await tx.policyVersion.create({ data: { agentId, version: 1, ...next(null) } });
        const policy = await tx.policy.findUniqueOrThrow({ where: { agentId } });
        return { kind: 'written', outcome: 'created', policy, version, rotated: false };
      }
      const [locked] = await tx.$queryRaw<
        Array<{ owner_secret_hash: string }>
      >`SELECT owner_secret_hash FROM policies WHERE agent_id = ${agentId} FOR UPDATE`;
      if (!presentedSecretHash) return { kind: 'secret_required' };
      if (!hashesEqual(locked.owner_secret_hash, presentedSecretHash)) return { kind: 'forbidden' };
      const policy = await tx.policy.findUniqueOrThrow({ where: { agentId } });
      const current = await tx.policyVersion.findUniqueOrThrow({
        where: { agentId_version: { agentId, version: policy.version } },
      });
      const { agentId: _a, version: _v, createdAt: _c, ...currentFields } = current;
      const fields = next(currentFields);
      const changed = !sameVersion(currentFields, fields);
      if (!changed && !rotate)
        return { kind: 'written', outcome: 'unchanged', policy, version: current, rotated: false };
      const version = changed
        ? await tx.policyVersion.create({ data: { agentId, version: policy.version + 1, ...fields } })
        : current;
      const updated = await tx.policy.update({
        where: { agentId },
        data: { version: version.version, updatedAt: new Date(), ...(rotate ? fresh : {}) },
      });
      return { kind: 'written', outcome: changed ? 'updated' : 'unchanged', policy: updated, version, rotated: rotate };
    });
  }

  async currentPolicy(agentId: string): Promise<CurrentPolicy | null> {
    const policy = await this.db.policy.findUnique({ where: { agentId } });
    if (!policy) return null;
    const current = await this.db.policyVersion.findUniqueOrThrow({
      where: { agentId_version: { agentId, version: policy.version } },
    });
    return { ...policy, current };
  }

  policyVersion(agentId: string, version: number): Promise<PolicyVersion | null> {
    return this.db.policyVersion.findUnique({ where: { agentId_version: { agentId, version } } });
  }

  // Usage per window at the database's clock, plus what is still held.
  async usage(
    agentId: string,
    mode: WindowMode,
  ): Promise<{ now: Date; usage: Record<WindowName, WindowUsage>; heldCents: bigint }> {
    return this.readUsage(this.db, agentId, mode);
  }

  // One check, decided and recorded in one transaction under the agent's row lock: the usage it reads cannot
  // change before its reservation and its audit entry are written. Null when the agent has no policy.
  check(
    agentId: string,
    decide: (
      version: PolicyVersion,
      usage: Record<WindowName, WindowUsage>,
      now: Date,
      checkKeyHash: string | null,
    ) => Decision,
    audit: {
      amountCents: bigint;
      recipient: string | null;
      category: string | null;
      payer: string | null;
      requestId: string;
    },
    timeoutMs: number,
  ): Promise<CheckRecord | null> {
    return this.tx(timeoutMs, async (tx) => {
      const [locked] = await tx.$queryRaw<
        Array<{ version: number; check_key_hash: string | null }>
      >`SELECT version, check_key_hash FROM policies WHERE agent_id = ${agentId} FOR UPDATE`;
      if (!locked) return null;
      const version = await tx.policyVersion.findUniqueOrThrow({
        where: { agentId_version: { agentId, version: locked.version } },
      });
      const { now, usage } = await this.readUsage(tx, agentId, version.windowMode as WindowMode);
      const decision = decide(version, usage, now, locked.check_key_hash);
      const decisionId = randomUUID();
      const reservation =
        decision.decision === 'allow'
          ? await tx.reservation.create({
              data: {
                decisionId,
                agentId,
                amountCents: audit.amountCents,
                status: 'held',
                heldAt: now,
                voidUntil: new Date(now.getTime() + version.holdSeconds * 1000),
              },
            })
          : null;
      await tx.auditEntry.create({
        data: {
          decisionId,
          agentId,
          decidedAt: now,
          decision: decision.decision,
          amountCents: audit.amountCents,
          recipient: audit.recipient,
          category: audit.category,
          payer: audit.payer,
          policyVersion: version.version,
          reasons: decision.reasons as unknown as Prisma.InputJsonValue,
          warnings: decision.warnings as unknown as Prisma.InputJsonValue,
          windows: decision.windows as unknown as Prisma.InputJsonValue,
          requestId: audit.requestId,
        },
      });
      return { decisionId, decidedAt: now, version, decision, reservation };
    });
  }

  // Confirms (for at most the amount allowed) or voids a held reservation; the same request again is a no-op.
  settle(
    agentId: string,
    decisionId: string,
    action: { kind: 'confirm'; cents: bigint | null } | { kind: 'void' },
    timeoutMs: number,
  ): Promise<SettleResult> {
    return this.tx(timeoutMs, async (tx): Promise<SettleResult> => {
      const [locked] = await tx.$queryRaw<
        Array<{ version: number }>
      >`SELECT version FROM policies WHERE agent_id = ${agentId} FOR UPDATE`;
      if (!locked) return { kind: 'not_found' };
      const r = await tx.reservation.findUnique({ where: { decisionId } });
      if (!r || r.agentId !== agentId) return { kind: 'not_found' };
      const [{ now }] = await tx.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
      const open = r.status === 'held' && now < r.voidUntil;
      if (action.kind === 'void') {
        if (r.status === 'voided') return { kind: 'ok', reservation: r };
        if (!open)
          return {
            kind: 'conflict',
            reservation: r,
            message: `Reservation ${decisionId} is confirmed and can no longer be voided`,
          };
        return {
          kind: 'ok',
          reservation: await tx.reservation.update({
            where: { decisionId },
            data: { status: 'voided', settledAt: now },
          }),
        };
      }
      const cents = action.cents ?? r.amountCents;
      if (r.status === 'voided')
        return {
          kind: 'conflict',
          reservation: r,
          message: `Reservation ${decisionId} was voided; check again to spend`,
        };
      if (r.status === 'confirmed' || !open) {
        const counted = r.confirmedCents ?? r.amountCents;
        if (counted === cents) return { kind: 'ok', reservation: r };
        return {
          kind: 'conflict',
          reservation: r,
          message: `Reservation ${decisionId} is already confirmed for ${counted} cents`,
        };
      }
      if (cents > r.amountCents)
        return {
          kind: 'conflict',
          reservation: r,
          message: `Cannot confirm ${cents} cents: only ${r.amountCents} were allowed; check again for the difference`,
        };
      return {
        kind: 'ok',
        reservation: await tx.reservation.update({
          where: { decisionId },
          data: { status: 'confirmed', confirmedCents: cents, settledAt: now },
        }),
      };
    });
  }

  async now(): Promise<Date> {
    const [{ now }] = await this.db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    return now;
  }

  // Newest first; `before` is the seq of the last entry of the previous page.
  async audit(
    agentId: string,
    limit: number,
    before: bigint | null,
  ): Promise<{ entries: AuditEntry[]; reservations: Map<string, Reservation>; more: boolean }> {
    const rows = await this.db.auditEntry.findMany({
      where: { agentId, ...(before !== null ? { seq: { lt: before } } : {}) },
      orderBy: { seq: 'desc' },
      take: limit + 1,
    });
    const entries = rows.slice(0, limit);
    const reservations = await this.db.reservation.findMany({
      where: { decisionId: { in: entries.filter((e) => e.decision === 'allow').map((e) => e.decisionId) } },
    });
    return { entries, reservations: new Map(reservations.map((r) => [r.decisionId, r])), more: rows.length > limit };
  }

  private async readUsage(db: Tx, agentId: string, mode: WindowMode) {
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    const starts = Object.fromEntries(WINDOWS.map((w) => [w, windowSpan(w, mode, now).start])) as Record<
      WindowName,
      Date
    >;
    const earliest = new Date(Math.min(...WINDOWS.map((w) => starts[w].getTime())));
    const [row] = await db.$queryRawUnsafe<
      Array<{
        daily: bigint;
        weekly: bigint;
        monthly: bigint;
        daily_oldest: Date | null;
        weekly_oldest: Date | null;
        monthly_oldest: Date | null;
        held: bigint;
      }>
    >(
      `SELECT
         COALESCE(SUM(c) FILTER (WHERE held_at >= $2), 0)::bigint AS daily,
         COALESCE(SUM(c) FILTER (WHERE held_at >= $3), 0)::bigint AS weekly,
         COALESCE(SUM(c) FILTER (WHERE held_at >= $4), 0)::bigint AS monthly,
         MIN(held_at) FILTER (WHERE held_at >= $2 AND c > 0) AS daily_oldest,
         MIN(held_at) FILTER (WHERE held_at >= $3 AND c > 0) AS weekly_oldest,
         MIN(held_at) FILTER (WHERE held_at >= $4 AND c > 0) AS monthly_oldest,
         COALESCE(SUM(c) FILTER (WHERE status = 'held' AND void_until > $6), 0)::bigint AS held
       FROM (SELECT held_at, status, void_until, ${COUNTED} AS c FROM reservations WHERE agent_id = $1 AND held_at >= $5) r`,
      agentId,
      starts.daily,
      starts.weekly,
      starts.monthly,
      earliest,
      now,
    );
    const usage = Object.fromEntries(
      WINDOWS.map((w) => [w, { usedCents: BigInt(row[w]), oldestAt: row[`${w}_oldest`] }]),
    ) as Record<WindowName, WindowUsage>;
    return { now, usage, heldCents: BigInt(row.held) };
  }

  private tx<T>(timeoutMs: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.$transaction(work, { maxWait: Math.min(TX_MAX_WAIT_MS, timeoutMs), timeout: timeoutMs });
  }
}
