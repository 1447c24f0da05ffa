import { evaluate, windowSpan, type PolicyRules, type WindowUsage } from './evaluate';

const policy = (over: Partial<PolicyRules> = {}): PolicyRules => ({
  perTxLimitCents: 1_000n,
  limits: { daily: 5_000n, weekly: 20_000n, monthly: 50_000n },
  allowedCategories: [],
  blockedRecipients: [],
  active: true,
  windowMode: 'calendar',
  warnAtPercent: null,
  allowedPayers: [],
  openChecks: true, // the rules below are about limits; who may check is tested on its own
  ...over,
});
const used = (
  daily: bigint,
  weekly = daily,
  monthly = weekly,
  oldestAt: Date | null = null,
): Record<'daily' | 'weekly' | 'monthly', WindowUsage> => ({
  daily: { usedCents: daily, oldestAt },
  weekly: { usedCents: weekly, oldestAt },
  monthly: { usedCents: monthly, oldestAt },
});
// A Wednesday.
const NOW = new Date('2026-11-25T15:30:00.000Z');

describe('windowSpan', () => {
  it('starts the calendar week on Monday 00:00 UTC and the month on the 1st', () => {
    expect(windowSpan('daily', 'calendar', NOW)).toEqual({
      start: new Date('2026-11-25T00:00:00Z'),
      end: new Date('2026-11-26T00:00:00Z'),
    });
    expect(windowSpan('weekly', 'calendar', NOW)).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
    });
    expect(windowSpan('monthly', 'calendar', NOW)).toEqual({
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
  });

  it('keeps a Sunday in the week that began the Monday before, and rolls December into January', () => {
    const sunday = new Date('2026-11-29T23:59:59.999Z');
    expect(windowSpan('weekly', 'calendar', sunday).start).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(windowSpan('monthly', 'calendar', new Date('2026-12-31T12:00:00Z')).end).toEqual(
      new Date('2027-01-01T00:00:00Z'),
    );
  });

  it('ends rolling windows at the check and starts them 24 h, 7 days and 30 days earlier', () => {
    expect(windowSpan('daily', 'rolling', NOW).start).toEqual(new Date('2026-11-24T15:30:00Z'));
    expect(windowSpan('weekly', 'rolling', NOW).start).toEqual(new Date('2026-11-18T15:30:00Z'));
    expect(windowSpan('monthly', 'rolling', NOW).start).toEqual(new Date('2026-10-26T15:30:00Z'));
  });
});

describe('evaluate', () => {
  it('allows a spend inside every limit and shows each window after it', () => {
    const d = evaluate(policy(), used(1_000n, 3_000n, 9_000n), { amountCents: 500n }, NOW);
    expect(d.decision).toBe('allow');
    expect(d.reasons).toEqual([]);
    expect(d.perTx).toEqual({ limit_cents: 1000, amount_cents: 500 });
    expect(d.windows).toEqual([
      {
        window: 'daily',
        mode: 'calendar',
        limit_cents: 5000,
        used_cents: 1000,
        remaining_cents: 4000,
        used_after_cents: 1500,
        started_at: '2026-11-25T00:00:00.000Z',
        resets_at: '2026-11-26T00:00:00.000Z',
      },
      {
        window: 'weekly',
        mode: 'calendar',
        limit_cents: 20000,
        used_cents: 3000,
        remaining_cents: 17000,
        used_after_cents: 3500,
        started_at: '2026-11-23T00:00:00.000Z',
        resets_at: '2026-11-30T00:00:00.000Z',
      },
      {
        window: 'monthly',
        mode: 'calendar',
        limit_cents: 50000,
        used_cents: 9000,
        remaining_cents: 41000,
        used_after_cents: 9500,
        started_at: '2026-11-01T00:00:00.000Z',
        resets_at: '2026-12-01T00:00:00.000Z',
      },
    ]);
  });

  it('by default only the agent may check: its check_key, or a wallet in allowed_payers', () => {
    const closed = policy({ openChecks: false });
    const codes = (p: PolicyRules, req: Parameters<typeof evaluate>[2]) =>
      evaluate(p, used(0n), req, NOW).reasons.map((r) => r.code);
    expect(codes(closed, { amountCents: 500n, payer: 'Stranger' })).toEqual(['CHECK_KEY_REQUIRED']);
    expect(codes(closed, { amountCents: 500n, payer: 'Stranger', checkKey: false })).toEqual(['CHECK_KEY_INVALID']);
    expect(codes(closed, { amountCents: 500n, payer: 'Stranger', checkKey: true })).toEqual([]);
    const payers = policy({ openChecks: false, allowedPayers: ['Agent'] });
    expect(codes(payers, { amountCents: 500n, payer: 'Agent' })).toEqual([]);
    expect(codes(payers, { amountCents: 500n, payer: 'Stranger', checkKey: true })).toEqual(['PAYER_NOT_ALLOWED']);
    expect(evaluate(closed, used(0n), { amountCents: 500n, payer: 'Stranger' }, NOW).windows[0].used_after_cents).toBe(
      0,
    );
  });

  it('allows a spend that lands exactly on the limit', () => {
    expect(evaluate(policy(), used(4_000n), { amountCents: 1_000n }, NOW).decision).toBe('allow');
  });

  it('reports every reason that applies, not only the first', () => {
    const d = evaluate(
      policy({
        active: false,
        blockedRecipients: ['0xabc'],
        allowedCategories: ['weather'],
        allowedPayers: ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'],
      }),
      used(4_900n, 19_900n, 49_900n),
      { amountCents: 1_001n, recipient: '0xABC', category: 'fees', payer: 'other' },
      NOW,
    );
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.code)).toEqual([
      'POLICY_INACTIVE',
      'PAYER_NOT_ALLOWED',
      'PER_TX_LIMIT',
      'DAILY_LIMIT',
      'WEEKLY_LIMIT',
      'MONTHLY_LIMIT',
      'RECIPIENT_BLOCKED',
      'CATEGORY_NOT_ALLOWED',
    ]);
    expect(d.reasons[3]).toEqual({
      code: 'DAILY_LIMIT',
      window: 'daily',
      message: '$10.01 would bring daily spend to $59.01, above the daily limit of $50.00 ($49.00 used)',
    });
    expect(d.windows.map((w) => w.used_after_cents)).toEqual([4900, 19900, 49900]); // a denial reserves nothing
  });

  it('asks for a category when the policy allows only some', () => {
    const d = evaluate(policy({ allowedCategories: ['fees', 'weather'] }), used(0n), { amountCents: 1n }, NOW);
    expect(d.reasons).toEqual([
      {
        code: 'CATEGORY_REQUIRED',
        message: 'The policy allows only some categories (fees, weather); say which one this spend is',
      },
    ]);
    expect(
      evaluate(
        policy({ allowedCategories: ['fees', 'weather'] }),
        used(0n),
        { amountCents: 1n, category: 'weather' },
        NOW,
      ).decision,
    ).toBe('allow');
  });

  it('denies everything under a zero limit', () => {
    const d = evaluate(
      policy({ limits: { daily: 0n, weekly: 20_000n, monthly: 50_000n } }),
      used(0n),
      { amountCents: 1n },
      NOW,
    );
    expect(d.reasons.map((r) => r.code)).toEqual(['DAILY_LIMIT']);
    expect(d.windows[0].remaining_cents).toBe(0);
  });

  it('shows no remaining budget (never a negative one) after a limit was lowered below usage', () => {
    const d = evaluate(
      policy({ limits: { daily: 500n, weekly: 20_000n, monthly: 50_000n } }),
      used(800n),
      { amountCents: 1n },
      NOW,
    );
    expect(d.windows[0]).toMatchObject({ used_cents: 800, remaining_cents: 0 });
  });

  it('warns from warn_at_percent on an allowed spend, per window', () => {
    const d = evaluate(policy({ warnAtPercent: 80 }), used(3_500n, 3_500n, 3_500n), { amountCents: 600n }, NOW);
    expect(d.decision).toBe('allow');
    expect(d.warnings).toEqual([
      {
        code: 'NEAR_LIMIT',
        window: 'daily',
        percent_used: 82,
        message: 'daily spend is at 82% of its limit (warning from 80%)',
      },
    ]);
  });

  it('resets a rolling window when its oldest counted spend leaves it', () => {
    const oldest = new Date('2026-11-25T09:00:00.000Z');
    const d = evaluate(
      policy({ windowMode: 'rolling' }),
      used(1_000n, 1_000n, 1_000n, oldest),
      { amountCents: 100n },
      NOW,
    );
    expect(d.windows.map((w) => [w.started_at, w.resets_at])).toEqual([
      ['2026-11-24T15:30:00.000Z', '2026-11-26T09:00:00.000Z'],
      ['2026-11-18T15:30:00.000Z', '2026-12-02T09:00:00.000Z'],
      ['2026-10-26T15:30:00.000Z', '2026-12-25T09:00:00.000Z'],
    ]);
    const first = evaluate(policy({ windowMode: 'rolling' }), used(0n), { amountCents: 100n }, NOW);
    expect(first.windows[0].resets_at).toBe('2026-11-26T15:30:00.000Z'); // this spend is the oldest
    expect(
      evaluate(policy({ windowMode: 'rolling' }), used(0n), { amountCents: 0n }, NOW).windows[0].resets_at,
    ).toBeNull();
  });
});
