import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { databaseCall, GroupHealth, JsonLogger } from '@toll/platform';
import { hashCredential, hashesEqual, newCredentials } from './credentials';
import {
  evaluate,
  normalizeRecipient,
  REASON_CODES,
  type PolicyRules,
  type WindowMode,
  type WindowState,
} from './evaluate';
import type { AuditEntry, PolicyVersion, Reservation } from './generated/prisma/client';
import { SpendRepository, type CurrentPolicy, type VersionFields } from './spend.repository';
import { LIMIT_FIELDS } from './spend.schemas';
import type * as S from './spend.schemas';

export const DEFAULT_HOLD_SECONDS = 900;

const rulesOf = (v: PolicyVersion): PolicyRules => ({
  perTxLimitCents: v.perTxLimitCents,
  limits: { daily: v.dailyLimitCents, weekly: v.weeklyLimitCents, monthly: v.monthlyLimitCents },
  allowedCategories: v.allowedCategories,
  blockedRecipients: v.blockedRecipients,
  active: v.active,
  windowMode: v.windowMode as WindowMode,
  warnAtPercent: v.warnAtPercent,
  allowedPayers: v.allowedPayers,
  openChecks: v.openChecks,
});

const cents = (v: bigint | null) => (v === null ? null : Number(v));
const centsIn = (v: number | null | undefined) => (v === null || v === undefined ? null : BigInt(v));

const policyFields = (v: PolicyVersion): S.PolicyFields => ({
  per_tx_limit_cents: cents(v.perTxLimitCents),
  daily_limit_cents: cents(v.dailyLimitCents),
  weekly_limit_cents: cents(v.weeklyLimitCents),
  monthly_limit_cents: cents(v.monthlyLimitCents),
  allowed_categories: v.allowedCategories,
  blocked_recipients: v.blockedRecipients,
  active: v.active,
  window_mode: v.windowMode as WindowMode,
  warn_at_percent: v.warnAtPercent,
  hold_seconds: v.holdSeconds,
  allowed_payers: v.allowedPayers,
  open_checks: v.openChecks,
});

// The §2.6 fields: a new policy takes what it is given (a limit omitted is no limit, lists empty, active), an update
// states them all (the schema requires them with policy_secret); the optional extensions keep their value when omitted.
const versionFields = (input: S.PolicyInput, current: VersionFields | null): VersionFields => ({
  perTxLimitCents: centsIn(input.per_tx_limit_cents),
  dailyLimitCents: centsIn(input.daily_limit_cents),
  weeklyLimitCents: centsIn(input.weekly_limit_cents),
  monthlyLimitCents: centsIn(input.monthly_limit_cents),
  allowedCategories: [...(input.allowed_categories ?? [])].sort(),
  blockedRecipients: [...new Set((input.blocked_recipients ?? []).map(normalizeRecipient))].sort(),
  active: input.active ?? true,
  windowMode: input.window_mode ?? current?.windowMode ?? 'calendar',
  warnAtPercent: input.warn_at_percent !== undefined ? input.warn_at_percent : (current?.warnAtPercent ?? null),
  holdSeconds: input.hold_seconds ?? current?.holdSeconds ?? DEFAULT_HOLD_SECONDS,
  allowedPayers: input.allowed_payers ? [...input.allowed_payers].sort() : (current?.allowedPayers ?? []),
  openChecks: input.open_checks ?? current?.openChecks ?? false,
});

// A held reservation past its void window counts as confirmed in full; the row keeps `held` (nothing to sweep).
const reservationOutput = (r: Reservation, now: Date): S.ReservationOutput => {
  const lapsed = r.status === 'held' && now >= r.voidUntil;
  const status = lapsed ? 'confirmed' : (r.status as S.ReservationOutput['status']);
  const counted = status === 'voided' ? 0n : (r.confirmedCents ?? r.amountCents);
  return {
    decision_id: r.decisionId,
    agent_id: r.agentId,
    status,
    allowed_cents: Number(r.amountCents),
    counted_cents: Number(counted),
    held_at: r.heldAt.toISOString(),
    void_until: r.voidUntil.toISOString(),
    settled_at: (lapsed ? r.voidUntil : r.settledAt)?.toISOString() ?? null,
  };
};

const auditEntry = (e: AuditEntry, reservation: Reservation | undefined, now: Date) => ({
  seq: e.seq.toString(),
  decision_id: e.decisionId,
  decided_at: e.decidedAt.toISOString(),
  decision: e.decision as 'allow' | 'deny',
  amount_usd_cents: Number(e.amountCents),
  recipient: e.recipient,
  category: e.category,
  payer: e.payer,
  policy_version: e.policyVersion,
  reasons: e.reasons as unknown as S.CheckOutput['reasons'],
  warnings: e.warnings as unknown as S.CheckOutput['warnings'],
  windows: e.windows as unknown as WindowState[],
  reservation: reservation ? reservationOutput(reservation, now) : null,
});

const usd = (c: number) => `$${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
// What the answer says about the limits: which are unset (no limit), and the whole policy in one sentence.
function limitsSaid(p: S.PolicyFields): Pick<S.PolicyWriteOutput, 'no_limit' | 'note'> {
  const noLimit = LIMIT_FIELDS.filter((f) => p[f] === null);
  const set = LIMIT_FIELDS.flatMap((f) => {
    const limit = p[f];
    return limit === null ? [] : [`${f} ${limit} (${usd(limit)})`];
  });
  const note = [
    set.length ? `Limits in USD cents: ${set.join(', ')}.` : 'No spend limit is set.',
    noLimit.length ? `No limit: ${noLimit.join(', ')}.` : '',
    `Categories: ${p.allowed_categories.length ? p.allowed_categories.join(', ') : 'all'}; blocked recipients: ` +
      `${p.blocked_recipients.length}; ${p.active ? 'active' : 'switched off'}.`,
    'A change (with policy_secret) states every field again; null is no limit.',
  ];
  return { no_limit: noLimit, note: note.filter(Boolean).join(' ') };
}

const noPolicy = (agentId: string) =>
  new TollError('NOT_FOUND', `No spend policy for agent ${agentId}; treat the spend as denied`, {
    decision: 'deny',
    reasons: [
      { code: 'NO_POLICY', message: `Agent ${agentId} has no policy; create one with POST /toll/spend/policy` },
    ],
  });

@Injectable()
export class SpendService {
  constructor(
    private readonly repo: SpendRepository,
    private readonly groupHealth: GroupHealth,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  async setPolicy(input: S.PolicyInput, deadline: number): Promise<S.PolicyWriteOutput> {
    const fresh = newCredentials();
    const hashes = {
      ownerSecretHash: hashCredential(fresh.policySecret),
      readKeyHash: hashCredential(fresh.readKey),
      checkKeyHash: hashCredential(fresh.checkKey),
    };
    const presented = input.policy_secret ? hashCredential(input.policy_secret) : null;
    const result = await this.db(deadline, (ms) =>
      this.repo.writePolicy(
        input.agent_id,
        (current) => versionFields(input, current),
        presented,
        hashes,
        input.rotate_credentials === true,
        ms,
      ),
    );
    if (result.kind === 'secret_required')
      throw new TollError(
        'FORBIDDEN',
        `Agent ${input.agent_id} already has a policy; send its policy_secret to change it`,
      );
    if (result.kind === 'forbidden')
      throw new TollError('FORBIDDEN', `policy_secret does not match the policy of agent ${input.agent_id}`);
    const issued = result.outcome === 'created' || result.rotated;
    if (result.outcome !== 'unchanged' || result.rotated) {
      this.logger.event('info', 'spend policy written', {
        agentId: input.agent_id,
        outcome: result.outcome,
        version: result.version.version,
        rotated: result.rotated,
      });
    }
    const policy = policyFields(result.version);
    return {
      agent_id: input.agent_id,
      outcome: result.outcome,
      version: result.version.version,
      policy,
      ...limitsSaid(policy),
      credentials: issued
        ? { policy_secret: fresh.policySecret, read_key: fresh.readKey, check_key: fresh.checkKey }
        : null,
      updated_at: result.policy.updatedAt.toISOString(),
    };
  }

  async check(
    input: S.CheckInput,
    payer: string | undefined,
    requestId: string,
    deadline: number,
  ): Promise<S.CheckOutput> {
    const amountCents = BigInt(input.amount_usd_cents);
    const presented = input.check_key === undefined ? null : hashCredential(input.check_key);
    const request = { amountCents, recipient: input.recipient, category: input.category, payer };
    const audit = {
      amountCents,
      recipient: input.recipient ?? null,
      category: input.category ?? null,
      payer: payer ?? null,
      requestId,
    };
    const record = await this.db(deadline, (ms) =>
      this.repo.check(
        input.agent_id,
        (v, usage, now, checkKeyHash) =>
          evaluate(
            rulesOf(v),
            usage,
            {
              ...request,
              checkKey: presented === null ? undefined : checkKeyHash !== null && hashesEqual(checkKeyHash, presented),
            },
            now,
          ),
        audit,
        ms,
      ),
    );
    if (!record) throw noPolicy(input.agent_id);
    const { decision } = record;
    this.logger.event('info', 'spend checked', {
      agentId: input.agent_id,
      decision: decision.decision,
      reasons: decision.reasons.map((r) => r.code),
      decisionId: record.decisionId,
    });
    return {
      decision: decision.decision,
      decision_id: record.decisionId,
      agent_id: input.agent_id,
      amount_usd_cents: input.amount_usd_cents,
      recipient: audit.recipient,
      category: audit.category,
      policy_version: record.version.version,
      reasons: decision.reasons,
      warnings: decision.warnings,
      per_tx: decision.perTx,
      windows: decision.windows,
      reservation: record.reservation && reservationOutput(record.reservation, record.decidedAt),
      decided_at: record.decidedAt.toISOString(),
    };
  }

  confirm(input: S.ConfirmInput, deadline: number): Promise<S.ReservationOutput> {
    const cents = input.amount_usd_cents === undefined ? null : BigInt(input.amount_usd_cents);
    return this.settle(input.agent_id, input.decision_id, { kind: 'confirm', cents }, deadline);
  }

  void(input: S.VoidInput, deadline: number): Promise<S.ReservationOutput> {
    return this.settle(input.agent_id, input.decision_id, { kind: 'void' }, deadline);
  }

  async getPolicy(input: S.PolicyQuery, deadline: number): Promise<S.PolicyOutput> {
    return this.db(deadline, async () => {
      const policy = await this.readable(input.agent_id, input.read_key);
      const requested =
        input.version === undefined ? null : await this.repo.policyVersion(input.agent_id, input.version);
      if (input.version !== undefined && !requested)
        throw new TollError(
          'NOT_FOUND',
          `Agent ${input.agent_id} has no policy version ${input.version} (current: ${policy.version})`,
        );
      const rules = rulesOf(policy.current);
      const { now, usage, heldCents } = await this.repo.usage(input.agent_id, rules.windowMode);
      // The same calculation as a check, for a zero amount: the windows exactly as the next check will see them.
      const windows = evaluate(
        { ...rules, active: true, allowedPayers: [], allowedCategories: [], openChecks: true },
        usage,
        { amountCents: 0n },
        now,
      ).windows;
      return {
        agent_id: policy.agentId,
        version: policy.version,
        policy: policyFields(policy.current),
        created_at: policy.createdAt.toISOString(),
        updated_at: policy.updatedAt.toISOString(),
        requested_version: requested && {
          version: requested.version,
          policy: policyFields(requested),
          written_at: requested.createdAt.toISOString(),
        },
        usage: windows,
        held_cents: Number(heldCents),
        as_of: now.toISOString(),
      };
    });
  }

  async getAudit(input: S.AuditQuery, deadline: number): Promise<S.AuditOutput> {
    return this.db(deadline, async () => {
      await this.readable(input.agent_id, input.read_key);
      const { entries, reservations, more } = await this.repo.audit(
        input.agent_id,
        input.limit,
        input.cursor ? BigInt(input.cursor) : null,
      );
      const now = await this.repo.now();
      return {
        agent_id: input.agent_id,
        entries: entries.map((e) => auditEntry(e, reservations.get(e.decisionId), now)),
        next_cursor: more ? entries[entries.length - 1].seq.toString() : null,
      };
    });
  }

  async health(): Promise<S.HealthOutput> {
    const ok = await this.repo.ping().then(
      () => true,
      (e: Error) => {
        this.logger.event('warn', 'spend database unavailable', { error: e.message });
        return false;
      },
    );
    return {
      ...this.groupHealth.describe(),
      status: ok ? 'ok' : 'degraded',
      ...(ok ? {} : { reason: 'spend database unavailable' }),
      sources: [{ name: 'postgres', role: 'policies and their versions, reservations, audit log', ok }],
      rules: {
        windows: {
          calendar: 'UTC: day from 00:00, ISO week from Monday 00:00, month from the 1st 00:00 (default)',
          rolling: 'the last 24 h, 7 × 24 h and 30 × 24 h before the check',
        },
        default_hold_seconds: DEFAULT_HOLD_SECONDS,
        reasons: [...REASON_CODES],
        categories: 'registry capability tags (GET /api/listings capability_tags), e.g. weather, fees',
        credentials:
          'creating a policy returns policy_secret (changes it), read_key (reads it and its audit) and check_key ' +
          '(sent with every check, so only the agent reserves its budget; not needed when allowed_payers names ' +
          'the paying wallets). A check answers decision_id, which alone confirms or voids: only the payer may ' +
          'redeem a check payment (payer proof)',
      },
    };
  }

  private async settle(
    agentId: string,
    decisionId: string,
    action: Parameters<SpendRepository['settle']>[2],
    deadline: number,
  ): Promise<S.ReservationOutput> {
    const result = await this.db(deadline, (ms) => this.repo.settle(agentId, decisionId, action, ms));
    if (result.kind === 'not_found')
      throw new TollError('NOT_FOUND', `No reservation ${decisionId} for agent ${agentId}`);
    const now = await this.db(deadline, () => this.repo.now());
    if (result.kind === 'conflict')
      throw new TollError('CONFLICT', result.message, { reservation: reservationOutput(result.reservation, now) });
    return reservationOutput(result.reservation, now);
  }

  private async readable(agentId: string, readKey: string): Promise<CurrentPolicy> {
    const policy = await this.repo.currentPolicy(agentId);
    if (!policy) throw noPolicy(agentId);
    if (!hashesEqual(policy.readKeyHash, hashCredential(readKey)))
      throw new TollError('FORBIDDEN', `read_key does not match the policy of agent ${agentId}`);
    return policy;
  }

  private db<T>(deadline: number, work: (timeoutMs: number) => Promise<T>): Promise<T> {
    return databaseCall('spend', this.logger, deadline, work);
  }
}
