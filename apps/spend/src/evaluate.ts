// The spend decision as a pure function of the policy, the usage already counted and the request, so every
// rule is testable without a database. Money is bigint cents throughout.

export const WINDOWS = ['daily', 'weekly', 'monthly'] as const;
export type WindowName = (typeof WINDOWS)[number];
export type WindowMode = 'calendar' | 'rolling';

const HOUR_MS = 3_600_000;
// Rolling lengths: 24 h, 7 × 24 h and 30 × 24 h ending at the moment of the check.
const ROLLING_MS: Record<WindowName, number> = {
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
  monthly: 30 * 24 * HOUR_MS,
};

// A null limit is no limit (a policy created with only the limits its owner cares about).
export interface PolicyRules {
  perTxLimitCents: bigint | null;
  limits: Record<WindowName, bigint | null>;
  allowedCategories: string[];
  blockedRecipients: string[];
  active: boolean;
  windowMode: WindowMode;
  warnAtPercent: number | null;
  allowedPayers: string[];
  openChecks: boolean;
}

export interface WindowSpan {
  start: Date;
  end: Date; // calendar: the next boundary; rolling: the moment of the check
}

// Calendar windows are UTC: the day from 00:00, the ISO week from Monday 00:00, the month from the 1st 00:00.
// Rolling windows end now and start one length earlier.
export function windowSpan(name: WindowName, mode: WindowMode, now: Date): WindowSpan {
  if (mode === 'rolling') return { start: new Date(now.getTime() - ROLLING_MS[name]), end: now };
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (name === 'daily') return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
  if (name === 'monthly') return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return { start: new Date(Date.UTC(y, m, d - sinceMonday)), end: new Date(Date.UTC(y, m, d - sinceMonday + 7)) };
}

// What one window has counted so far: the total, and (rolling only) when the oldest counted spend leaves it.
export interface WindowUsage {
  usedCents: bigint;
  oldestAt: Date | null;
}

export interface WindowState {
  window: WindowName;
  mode: WindowMode;
  limit_cents: number | null; // null: no limit
  used_cents: number; // before this check
  // before this check (0 when over the limit, e.g. after the limit was lowered); null: no limit
  remaining_cents: number | null;
  used_after_cents: number; // including this check when it is allowed
  started_at: string;
  // calendar: the next boundary; rolling: when the oldest counted spend leaves (null: nothing counted)
  resets_at: string | null;
}

export const REASON_CODES = [
  'POLICY_INACTIVE',
  'PAYER_NOT_ALLOWED',
  'CHECK_KEY_REQUIRED',
  'CHECK_KEY_INVALID',
  'PER_TX_LIMIT',
  'DAILY_LIMIT',
  'WEEKLY_LIMIT',
  'MONTHLY_LIMIT',
  'RECIPIENT_BLOCKED',
  'CATEGORY_REQUIRED',
  'CATEGORY_NOT_ALLOWED',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface Reason {
  code: ReasonCode;
  message: string;
  window?: WindowName;
}

export interface Warning {
  code: 'NEAR_LIMIT';
  window: WindowName;
  percent_used: number;
  message: string;
}

export interface SpendRequest {
  amountCents: bigint;
  recipient?: string;
  category?: string;
  payer?: string;
  // The check_key sent with the check, against the policy's: absent (none sent), true or false.
  checkKey?: boolean;
}

export interface Decision {
  decision: 'allow' | 'deny';
  reasons: Reason[];
  warnings: Warning[];
  perTx: { limit_cents: number | null; amount_cents: number };
  windows: WindowState[];
}

const LIMIT_CODE: Record<WindowName, ReasonCode> = {
  daily: 'DAILY_LIMIT',
  weekly: 'WEEKLY_LIMIT',
  monthly: 'MONTHLY_LIMIT',
};

// EVM-style hex addresses are case-insensitive; everything else (Solana base58, names, URLs) compares exactly.
export const normalizeRecipient = (r: string) => (/^0x[0-9a-fA-F]+$/.test(r) ? r.toLowerCase() : r);

const usd = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}$${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

// Every reason that applies is reported, not only the first: the caller sees all it would have to change.
export function evaluate(
  policy: PolicyRules,
  usage: Record<WindowName, WindowUsage>,
  req: SpendRequest,
  now: Date,
): Decision {
  const reasons: Reason[] = [];
  if (!policy.active)
    reasons.push({
      code: 'POLICY_INACTIVE',
      message: 'The policy is switched off (active: false); every check is denied',
    });
  if (policy.allowedPayers.length && !(req.payer && policy.allowedPayers.includes(req.payer))) {
    reasons.push({
      code: 'PAYER_NOT_ALLOWED',
      message: `This check was paid by ${req.payer ?? 'no wallet'}, which is not in allowed_payers`,
    });
  }
  // Only the agent may reserve its budget: an allowed payer proves it (above), else the policy's check_key does.
  if (!policy.allowedPayers.length && !policy.openChecks && req.checkKey !== true) {
    reasons.push(
      req.checkKey === undefined
        ? {
            code: 'CHECK_KEY_REQUIRED',
            message:
              'Send the check_key returned when the policy was created: only the agent may check against its budget',
          }
        : { code: 'CHECK_KEY_INVALID', message: 'check_key does not match this policy' },
    );
  }
  if (policy.perTxLimitCents !== null && req.amountCents > policy.perTxLimitCents) {
    reasons.push({
      code: 'PER_TX_LIMIT',
      message: `${usd(req.amountCents)} is above the per-transaction limit of ${usd(policy.perTxLimitCents)}`,
    });
  }
  const windows = WINDOWS.map((name) => {
    const limit = policy.limits[name];
    const { usedCents, oldestAt } = usage[name];
    if (limit !== null && usedCents + req.amountCents > limit) {
      reasons.push({
        code: LIMIT_CODE[name],
        window: name,
        message:
          `${usd(req.amountCents)} would bring ${name} spend to ${usd(usedCents + req.amountCents)}, above the ` +
          `${name} limit of ${usd(limit)} (${usd(usedCents)} used)`,
      });
    }
    return { name, limit, usedCents, oldestAt, span: windowSpan(name, policy.windowMode, now) };
  });
  if (req.recipient !== undefined && policy.blockedRecipients.includes(normalizeRecipient(req.recipient))) {
    reasons.push({ code: 'RECIPIENT_BLOCKED', message: `Recipient ${req.recipient} is in blocked_recipients` });
  }
  if (policy.allowedCategories.length) {
    if (req.category === undefined)
      reasons.push({
        code: 'CATEGORY_REQUIRED',
        message:
          `The policy allows only some categories (${policy.allowedCategories.join(', ')}); say which one this ` +
          `spend is`,
      });
    else if (!policy.allowedCategories.includes(req.category))
      reasons.push({
        code: 'CATEGORY_NOT_ALLOWED',
        message: `Category ${req.category} is not in allowed_categories (${policy.allowedCategories.join(', ')})`,
      });
  }

  const allowed = reasons.length === 0;
  const warnings: Warning[] = [];
  const states = windows.map(({ name, limit, usedCents, oldestAt, span }): WindowState => {
    const after = allowed ? usedCents + req.amountCents : usedCents;
    if (allowed && policy.warnAtPercent !== null && limit !== null && limit > 0n) {
      const percent = Number((after * 100n) / limit);
      if (percent >= policy.warnAtPercent) {
        warnings.push({
          code: 'NEAR_LIMIT',
          window: name,
          percent_used: percent,
          message: `${name} spend is at ${percent}% of its limit (warning from ${policy.warnAtPercent}%)`,
        });
      }
    }
    const oldest = allowed && req.amountCents > 0n && !oldestAt ? now : oldestAt;
    const resetsAt =
      policy.windowMode === 'calendar' ? span.end : oldest && new Date(oldest.getTime() + ROLLING_MS[name]);
    return {
      window: name,
      mode: policy.windowMode,
      limit_cents: limit === null ? null : Number(limit),
      used_cents: Number(usedCents),
      remaining_cents: limit === null ? null : Number(limit > usedCents ? limit - usedCents : 0n),
      used_after_cents: Number(after),
      started_at: span.start.toISOString(),
      resets_at: resetsAt ? resetsAt.toISOString() : null,
    };
  });
  return {
    decision: allowed ? 'allow' : 'deny',
    reasons,
    warnings,
    perTx: {
      limit_cents: policy.perTxLimitCents === null ? null : Number(policy.perTxLimitCents),
      amount_cents: Number(req.amountCents),
    },
    windows: states,
  };
}
