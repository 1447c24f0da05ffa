import { CAPABILITY_TAG, CAPABILITY_TAG_MAX } from '@toll/contracts';
import { healthOutput } from '@toll/platform';
import { z } from 'zod';
import { REASON_CODES, WINDOWS } from './evaluate';

// Spend policy (spec §2.6) and check (§4.8). Every rule is here, so the gateway refuses bad input before any
// payment. Cents are integers up to 10^12 (ten billion USD), far inside the exact range of a JSON number.

const MAX_CENTS = 1_000_000_000_000;
const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;
const RECIPIENT = /^[\x21-\x7e]{1,256}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
export const POLICY_SECRET = /^sps_[A-Za-z0-9_-]{43}$/;
export const READ_KEY = /^spr_[A-Za-z0-9_-]{43}$/;
export const CHECK_KEY = /^spc_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const unique = (list: string[]) => new Set(list).size === list.length;

const AgentId = z
  .string()
  .regex(AGENT_ID, 'must be 1-128 characters: letters, digits and . _ : @ -, starting with a letter or digit')
  .describe('The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters)');

// Spend policies count USD cents (1 USD = 100); a prepaid balance's caps (/toll/payments/balance/caps) count USDC
// atomic units (1 USD = 1,000,000, so 1 cent = 10,000 atomic units). Every field names its unit.
const UNIT = 'USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them)';
const Cents = (what: string) =>
  z
    .number()
    .int('must be an integer number of cents')
    .min(0, 'must not be negative')
    .max(MAX_CENTS, `must be at most ${MAX_CENTS}`)
    .describe(what);
// A limit: cents, or null for no limit; omitted when creating a policy, it is no limit too.
const Limit = (what: string) =>
  Cents(what)
    .nullable()
    .optional()
    .describe(
      `${what}, in ${UNIT}; null: no limit. Creating: omitted means no limit. Updating: state it (null for no limit)`,
    );

// The spec's fields (§2.6): only agent_id to create a policy; an update (with policy_secret) states them all, so
// loosening a rule is always written out, never implied by a missing field.
export const SPEC_FIELDS = [
  'per_tx_limit_cents',
  'daily_limit_cents',
  'weekly_limit_cents',
  'monthly_limit_cents',
  'allowed_categories',
  'blocked_recipients',
  'active',
] as const;
export const LIMIT_FIELDS = [
  'per_tx_limit_cents',
  'daily_limit_cents',
  'weekly_limit_cents',
  'monthly_limit_cents',
] as const;

const Category = z
  .string()
  .max(CAPABILITY_TAG_MAX, `must be at most ${CAPABILITY_TAG_MAX} characters`)
  .regex(
    CAPABILITY_TAG,
    'must be a registry capability tag: lowercase letters and digits, words joined by single hyphens',
  );

const Recipient = z.string().regex(RECIPIENT, 'must be 1-256 printable ASCII characters without spaces');

const PolicySecret = z
  .string()
  .regex(POLICY_SECRET, 'must be the policy_secret returned when the policy was created (sps_ and 43 characters)');
const ReadKey = z
  .string()
  .regex(READ_KEY, 'must be the read_key returned when the policy was created (spr_ and 43 characters)');
const DecisionId = z.string().regex(UUID, 'must be the decision_id a check returned (lowercase UUID)');

export const PolicyInput = z
  .strictObject({
    agent_id: AgentId,
    per_tx_limit_cents: Limit('Largest single spend (0 allows none)'),
    daily_limit_cents: Limit('Spend allowed per day'),
    weekly_limit_cents: Limit('Spend allowed per week'),
    monthly_limit_cents: Limit('Spend allowed per month'),
    allowed_categories: z
      .array(Category)
      .max(50, 'must have at most 50 categories')
      .refine(unique, 'must not repeat a category')
      .optional()
      .describe(
        'Registry capability tags a spend may be for (e.g. ["weather", "fees"]); [] allows every category. ' +
          'Creating: omitted means []. Updating: state it',
      ),
    blocked_recipients: z
      .array(Recipient)
      .max(1000, 'must have at most 1000 recipients')
      .refine(unique, 'must not repeat a recipient')
      .optional()
      .describe(
        'Recipients never paid (exact match; 0x hex addresses case-insensitive). Creating: omitted means []. ' +
          'Updating: state it',
      ),
    active: z
      .boolean()
      .optional()
      .describe(
        'false switches the policy off: every check is denied. Creating: omitted means true. Updating: state it',
      ),
    window_mode: z
      .enum(['calendar', 'rolling'], { error: 'must be calendar or rolling' })
      .optional()
      .describe(
        'calendar (default): UTC day, ISO week from Monday, month; rolling: the last 24 h, 7 days, 30 days. ' +
          'Omitted on update: unchanged',
      ),
    warn_at_percent: z
      .number()
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .nullable()
      .optional()
      .describe(
        'An allowed check warns when a window reaches this share of its limit; null turns warnings off. Omitted ' +
          'on update: unchanged',
      ),
    hold_seconds: z
      .number()
      .int('must be an integer')
      .min(0, 'must not be negative')
      .max(604_800, 'must be at most 604800 (7 days)')
      .optional()
      .describe(
        'How long an allowed amount stays held (voidable, or confirmable for less) before it counts as ' +
          'confirmed; default 900. Omitted on update: unchanged',
      ),
    allowed_payers: z
      .array(z.string().regex(SOLANA_ADDRESS, 'must be a Solana address (base58, 32-44 characters)'))
      .max(20, 'must have at most 20 wallets')
      .refine(unique, 'must not repeat a wallet')
      .optional()
      .describe(
        'When not empty, only checks paid from these wallets are allowed (stops strangers reserving your ' +
          'budget). Omitted on update: unchanged',
      ),
    open_checks: z
      .boolean()
      .optional()
      .describe(
        'true lets any payer check without check_key (a stranger could then reserve the budget); default false. ' +
          'Omitted on update: unchanged',
      ),
    policy_secret: PolicySecret.optional().describe(
      'Required to change an existing policy; returned once when the policy is created',
    ),
    rotate_credentials: z
      .boolean()
      .optional()
      .describe(
        'true (with policy_secret) replaces policy_secret, read_key and check_key; the new ones are returned once',
      ),
  })
  .superRefine((input, ctx) => {
    if (input.policy_secret === undefined) return;
    for (const field of SPEC_FIELDS) {
      if (input[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message:
            'required when changing a policy (with policy_secret): an update states the whole policy; null is no limit',
        });
    }
  });
export type PolicyInput = z.infer<typeof PolicyInput>;

export const CheckInput = z
  .strictObject({
    agent_id: AgentId,
    amount_usd_cents: z
      .number()
      .int('must be an integer number of cents')
      .min(1, 'must be at least 1')
      .max(MAX_CENTS, `must be at most ${MAX_CENTS}`)
      .describe('The spend in USD cents'),
    recipient: Recipient.optional().describe('Who would be paid (address, host or name)'),
    category: Category.optional().describe('What the spend is for, as a registry capability tag (e.g. "weather")'),
    check_key: z
      .string()
      .regex(CHECK_KEY, 'must be the check_key returned when the policy was created (spc_ and 43 characters)')
      .optional()
      .describe(
        'Proves the check comes from the agent: required unless the policy names allowed_payers (then the paying ' +
          'wallet proves it) or has open_checks',
      ),
  })
  .meta({
    examples: [{ agent_id: 'agent-7f3c', amount_usd_cents: 250, recipient: 'api.example.com', category: 'weather' }],
  });
export type CheckInput = z.infer<typeof CheckInput>;

export const ConfirmInput = z.strictObject({
  agent_id: AgentId,
  decision_id: DecisionId,
  amount_usd_cents: z
    .number()
    .int('must be an integer number of cents')
    .min(0, 'must not be negative')
    .max(MAX_CENTS, `must be at most ${MAX_CENTS}`)
    .optional()
    .describe('The final amount actually spent, at most the amount allowed; default the amount allowed'),
});
export type ConfirmInput = z.infer<typeof ConfirmInput>;

export const VoidInput = z.strictObject({ agent_id: AgentId, decision_id: DecisionId });
export type VoidInput = z.infer<typeof VoidInput>;

export const PolicyQuery = z.strictObject({
  agent_id: AgentId,
  read_key: ReadKey.describe('The read_key returned when the policy was created'),
  version: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(2_147_483_647, 'must be at most 2147483647')
    .optional()
    .describe('Also return this earlier version (the policy_version an audit entry names)'),
});
export type PolicyQuery = z.infer<typeof PolicyQuery>;

export const AuditQuery = z.strictObject({
  agent_id: AgentId,
  read_key: ReadKey.describe('The read_key returned when the policy was created'),
  limit: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20)
    .describe('Entries per page, 1-100, default 20'),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'must be the next_cursor of a previous page')
    .optional()
    .describe('next_cursor from the previous page: entries older than it'),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const EmptyInput = z.strictObject({});

const WindowState = z.object({
  window: z.enum(WINDOWS),
  mode: z.enum(['calendar', 'rolling']),
  limit_cents: z.number().int().nullable().describe('USD cents; null: no limit'),
  used_cents: z.number().int().describe('Counted before this check: confirmed amounts plus held ones'),
  remaining_cents: z.number().int().nullable().describe('null: no limit'),
  used_after_cents: z.number().int().describe('Including this check when it was allowed'),
  started_at: z.string(),
  resets_at: z
    .string()
    .nullable()
    .describe(
      'calendar: the next window boundary; rolling: when the oldest counted spend leaves the window (null: ' +
        'nothing counted)',
    ),
});

const Reason = z.object({ code: z.enum(REASON_CODES), message: z.string(), window: z.enum(WINDOWS).optional() });
const Warning = z.object({
  code: z.literal('NEAR_LIMIT'),
  window: z.enum(WINDOWS),
  percent_used: z.number().int(),
  message: z.string(),
});

export const ReservationOutput = z.object({
  decision_id: z.string(),
  agent_id: z.string(),
  status: z
    .enum(['held', 'confirmed', 'voided'])
    .describe('held: counted and still voidable; confirmed: counted for good; voided: not counted'),
  allowed_cents: z.number().int(),
  counted_cents: z.number().int().describe('What this reservation adds to the windows now'),
  held_at: z.string(),
  void_until: z
    .string()
    .describe('Until then it may be voided or confirmed for less; afterwards it is confirmed in full'),
  settled_at: z.string().nullable(),
});
export type ReservationOutput = z.infer<typeof ReservationOutput>;

export const CheckOutput = z.object({
  decision: z.enum(['allow', 'deny']),
  decision_id: z.string().describe('Names this decision in the audit log; keep it to confirm or void the reservation'),
  agent_id: z.string(),
  amount_usd_cents: z.number().int(),
  recipient: z.string().nullable(),
  category: z.string().nullable(),
  policy_version: z.number().int(),
  reasons: z.array(Reason).describe('Every rule that denied the spend (empty when allowed)'),
  warnings: z.array(Warning),
  per_tx: z.object({
    limit_cents: z.number().int().nullable().describe('null: no limit'),
    amount_cents: z.number().int(),
  }),
  windows: z.array(WindowState),
  reservation: ReservationOutput.nullable().describe('The amount held in the windows when allowed'),
  decided_at: z.string(),
});
export type CheckOutput = z.infer<typeof CheckOutput>;

const LimitOut = z.number().int().nullable().describe(`${UNIT}; null: no limit`);
export const PolicyFields = z.object({
  per_tx_limit_cents: LimitOut,
  daily_limit_cents: LimitOut,
  weekly_limit_cents: LimitOut,
  monthly_limit_cents: LimitOut,
  allowed_categories: z.array(z.string()),
  blocked_recipients: z.array(z.string()),
  active: z.boolean(),
  window_mode: z.enum(['calendar', 'rolling']),
  warn_at_percent: z.number().int().nullable(),
  hold_seconds: z.number().int(),
  allowed_payers: z.array(z.string()),
  open_checks: z.boolean(),
});
export type PolicyFields = z.infer<typeof PolicyFields>;

export const PolicyWriteOutput = z.object({
  agent_id: z.string(),
  outcome: z.enum(['created', 'updated', 'unchanged']),
  version: z.number().int().describe('Every change is a new version; the audit names the version that decided'),
  policy: PolicyFields,
  no_limit: z
    .array(z.enum(LIMIT_FIELDS))
    .describe('The limits this policy does not set (null): spend there is unlimited'),
  note: z.string().describe('The policy in one sentence: its limits, those it leaves unlimited, and how to change it'),
  credentials: z
    .object({ policy_secret: z.string(), read_key: z.string(), check_key: z.string() })
    .nullable()
    .describe(
      'Only when created or rotated: shown once, stored only as hashes. policy_secret changes the policy; ' +
        'read_key reads it and its audit; check_key goes with every check (give it to the agent)',
    ),
  updated_at: z.string(),
});
export type PolicyWriteOutput = z.infer<typeof PolicyWriteOutput>;

export const PolicyOutput = z.object({
  agent_id: z.string(),
  version: z.number().int(),
  policy: PolicyFields,
  created_at: z.string(),
  updated_at: z.string(),
  requested_version: z
    .object({ version: z.number().int(), policy: PolicyFields, written_at: z.string() })
    .nullable()
    .describe('The version asked for with ?version=, as it was written; null without it'),
  usage: z.array(WindowState).describe('Live usage per window (used_after_cents equals used_cents here)'),
  held_cents: z.number().int().describe('Part of the usage still held (voidable)'),
  as_of: z.string(),
});
export type PolicyOutput = z.infer<typeof PolicyOutput>;

export const AuditEntryOutput = z.object({
  seq: z.string().describe('Position in the agent log (a decimal string)'),
  decision_id: z.string(),
  decided_at: z.string(),
  decision: z.enum(['allow', 'deny']),
  amount_usd_cents: z.number().int(),
  recipient: z.string().nullable(),
  category: z.string().nullable(),
  payer: z.string().nullable().describe('Wallet that paid for the check'),
  policy_version: z.number().int(),
  reasons: z.array(Reason),
  warnings: z.array(Warning),
  windows: z.array(WindowState),
  reservation: ReservationOutput.nullable().describe('Its state now (the entry itself never changes)'),
});

export const AuditOutput = z.object({
  agent_id: z.string(),
  entries: z.array(AuditEntryOutput).describe('Newest first'),
  next_cursor: z.string().nullable().describe('Pass as cursor for older entries; null at the end'),
});
export type AuditOutput = z.infer<typeof AuditOutput>;

export const HealthOutput = healthOutput({
  reason: z.string().optional(),
  sources: z.array(z.object({ name: z.string(), role: z.string(), ok: z.boolean() })),
  rules: z.object({
    windows: z.object({ calendar: z.string(), rolling: z.string() }),
    default_hold_seconds: z.number().int(),
    reasons: z.array(z.string()),
    categories: z.string(),
    credentials: z.string(),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
