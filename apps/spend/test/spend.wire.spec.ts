import { groupHarness } from '@toll/testing';
import { Client } from 'pg';
import { startSpend } from '../src/bootstrap';
import { callSpend, policyInput } from './spend-call';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PAYER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

// Spend governance over a real NATS server and a throwaway Postgres database.
describe('spend over NATS', () => {
  const { nc, db } = groupHarness({ name: 'spend', start: startSpend, database: 'toll_spend_wire' });
  const call = (operation: string, input: unknown, options?: { payer?: string; deadline?: number }) =>
    callSpend(nc, operation, input, options);
  const data = async (operation: string, input: unknown, options?: { payer?: string }) => {
    const reply = await call(operation, input, options);
    if (!reply.response) throw new Error(`${operation} failed: ${JSON.stringify(reply.err)}`);
    return reply.response.data;
  };
  const create = async (agent: string, over: Record<string, unknown> = {}) => {
    const created = await data('setPolicy', policyInput(agent, over));
    return created.credentials as { policy_secret: string; read_key: string; check_key: string };
  };

  it('serves its health: database, rules, tolls and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({
      service: 'spend',
      title: 'Spend Governance',
      status: 'ok',
      sources: [{ name: 'postgres', role: 'policies and their versions, reservations, audit log', ok: true }],
      rules: { default_hold_seconds: 900 },
      tolls: [
        { operation_id: 'spend.check', method: 'POST', path: '/toll/spend/check', price: { per: 'call', usd: '0.01' } },
        { operation_id: 'spend.confirm', method: 'POST', path: '/toll/spend/confirm', price: null },
        { operation_id: 'spend.void', method: 'POST', path: '/toll/spend/void', price: null },
        { operation_id: 'spend.setPolicy', method: 'POST', path: '/toll/spend/policy', price: null },
        { operation_id: 'spend.getPolicy', method: 'GET', path: '/toll/spend/policy/{agent_id}', price: null },
        { operation_id: 'spend.getAudit', method: 'GET', path: '/toll/spend/audit/{agent_id}', price: null },
        { operation_id: 'spend.getHealth', method: 'GET', path: '/toll/spend/health', price: null },
      ],
    });
    expect(health.endpoints.map((e: any) => `${e.method} ${e.path} ${e.operation_id}`)).toEqual([
      'POST /toll/spend/check spend.check',
      'POST /toll/spend/confirm spend.confirm',
      'POST /toll/spend/void spend.void',
      'POST /toll/spend/policy spend.setPolicy',
      'GET /toll/spend/policy/{agent_id} spend.getPolicy',
      'GET /toll/spend/audit/{agent_id} spend.getAudit',
      'GET /toll/spend/health spend.getHealth',
    ]);
  });

  describe('policy writes', () => {
    it('creates a policy and returns its credentials once', async () => {
      const created = await data(
        'setPolicy',
        policyInput('agent-create', { allowed_categories: ['weather', 'fees'], blocked_recipients: ['0xABCDEF'] }),
      );
      expect(created).toEqual({
        agent_id: 'agent-create',
        outcome: 'created',
        version: 1,
        policy: {
          per_tx_limit_cents: 1000,
          daily_limit_cents: 5000,
          weekly_limit_cents: 20000,
          monthly_limit_cents: 50000,
          allowed_categories: ['fees', 'weather'],
          blocked_recipients: ['0xabcdef'],
          active: true,
          window_mode: 'calendar',
          warn_at_percent: null,
          hold_seconds: 900,
          allowed_payers: [],
          open_checks: false,
        },
        credentials: {
          policy_secret: expect.stringMatching(/^sps_[A-Za-z0-9_-]{43}$/),
          read_key: expect.stringMatching(/^spr_[A-Za-z0-9_-]{43}$/),
          check_key: expect.stringMatching(/^spc_[A-Za-z0-9_-]{43}$/),
        },
        no_limit: [],
        note:
          'Limits in USD cents: per_tx_limit_cents 1000 ($10.00), daily_limit_cents 5000 ($50.00), ' +
          'weekly_limit_cents 20000 ($200.00), monthly_limit_cents 50000 ($500.00). Categories: fees, weather; ' +
          'blocked recipients: 1; active. A change (with policy_secret) states every field again; null is no limit.',
        updated_at: expect.stringMatching(ISO),
      });
    });

    it('creates a policy with only a daily limit: the other limits are no limit, and the answer says so', async () => {
      const created = await data('setPolicy', { agent_id: 'agent-daily-only', daily_limit_cents: 500 });
      expect(created).toMatchObject({
        outcome: 'created',
        policy: {
          per_tx_limit_cents: null,
          daily_limit_cents: 500,
          weekly_limit_cents: null,
          monthly_limit_cents: null,
          allowed_categories: [],
          blocked_recipients: [],
          active: true,
        },
        no_limit: ['per_tx_limit_cents', 'weekly_limit_cents', 'monthly_limit_cents'],
        note:
          'Limits in USD cents: daily_limit_cents 500 ($5.00). No limit: per_tx_limit_cents, weekly_limit_cents, ' +
          'monthly_limit_cents. Categories: all; blocked recipients: 0; active. A change (with policy_secret) ' +
          'states every field again; null is no limit.',
      });
      const allowed = await data('check', { agent_id: 'agent-daily-only', amount_usd_cents: 400 }, { payer: PAYER });
      expect([
        allowed.decision,
        allowed.per_tx,
        allowed.windows.map((w: any) => [w.window, w.limit_cents, w.remaining_cents]),
      ]).toEqual([
        'allow',
        { limit_cents: null, amount_cents: 400 },
        [
          ['daily', 500, 500],
          ['weekly', null, null],
          ['monthly', null, null],
        ],
      ]);
      const denied = await data('check', { agent_id: 'agent-daily-only', amount_usd_cents: 200 }, { payer: PAYER });
      expect([denied.decision, denied.reasons.map((r: any) => r.code)]).toEqual(['deny', ['DAILY_LIMIT']]);
    });

    it('refuses a change that does not state the whole policy, naming each missing field: loosening is never implied', async () => {
      const { policy_secret } = await create('agent-partial-change');
      const partial = await call('setPolicy', {
        agent_id: 'agent-partial-change',
        policy_secret,
        daily_limit_cents: null,
      });
      const message =
        'required when changing a policy (with policy_secret): an update states the whole policy; null is no limit';
      expect(partial.err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: {
          issues: [
            'per_tx_limit_cents',
            'weekly_limit_cents',
            'monthly_limit_cents',
            'allowed_categories',
            'blocked_recipients',
            'active',
          ].map((field) => ({ field, message })),
        },
      });
      const whole = await data(
        'setPolicy',
        policyInput('agent-partial-change', { policy_secret, daily_limit_cents: null }),
      );
      expect([whole.outcome, whole.policy.daily_limit_cents, whole.no_limit]).toEqual([
        'updated',
        null,
        ['daily_limit_cents'],
      ]);
    });

    it('refuses to change a policy without its policy_secret, or with another one: 403, nothing changed', async () => {
      const { policy_secret, read_key } = await create('agent-guarded');
      const loosen = policyInput('agent-guarded', { daily_limit_cents: 1_000_000 });
      expect((await call('setPolicy', loosen)).err).toEqual({
        code: 'FORBIDDEN',
        message: 'Agent agent-guarded already has a policy; send its policy_secret to change it',
      });
      const other = `sps_${'A'.repeat(43)}`;
      expect((await call('setPolicy', { ...loosen, policy_secret: other })).err).toEqual({
        code: 'FORBIDDEN',
        message: 'policy_secret does not match the policy of agent agent-guarded',
      });
      expect((await call('setPolicy', { ...loosen, policy_secret: read_key })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: {
          issues: [
            {
              field: 'policy_secret',
              message: 'must be the policy_secret returned when the policy was created (sps_ and 43 characters)',
            },
          ],
        },
      });
      const read = await data('getPolicy', { agent_id: 'agent-guarded', read_key });
      expect([read.version, read.policy.daily_limit_cents]).toEqual([1, 5000]);
      expect(policy_secret).not.toBe(read_key);
    });

    it('keeps every change as a new version, skips identical writes, and keeps omitted extensions', async () => {
      const { policy_secret, read_key } = await create('agent-versions', {
        window_mode: 'rolling',
        warn_at_percent: 80,
        hold_seconds: 60,
      });
      const tighter = await data('setPolicy', {
        ...policyInput('agent-versions', { daily_limit_cents: 2_000 }),
        policy_secret,
      });
      expect(tighter).toMatchObject({
        outcome: 'updated',
        version: 2,
        credentials: null,
        policy: { daily_limit_cents: 2000, window_mode: 'rolling', warn_at_percent: 80, hold_seconds: 60 },
      });
      const same = await data('setPolicy', {
        ...policyInput('agent-versions', { daily_limit_cents: 2_000 }),
        policy_secret,
      });
      expect(same).toMatchObject({ outcome: 'unchanged', version: 2, credentials: null });
      const cleared = await data('setPolicy', {
        ...policyInput('agent-versions', { daily_limit_cents: 2_000, warn_at_percent: null }),
        policy_secret,
      });
      expect(cleared).toMatchObject({
        outcome: 'updated',
        version: 3,
        policy: { warn_at_percent: null, window_mode: 'rolling' },
      });
      const first = await data('getPolicy', { agent_id: 'agent-versions', read_key, version: 1 });
      expect([first.version, first.policy.warn_at_percent, first.requested_version]).toEqual([
        3,
        null,
        {
          version: 1,
          policy: expect.objectContaining({ daily_limit_cents: 5000, warn_at_percent: 80 }),
          written_at: expect.stringMatching(ISO),
        },
      ]);
      expect((await call('getPolicy', { agent_id: 'agent-versions', read_key, version: 4 })).err).toEqual({
        code: 'NOT_FOUND',
        message: 'Agent agent-versions has no policy version 4 (current: 3)',
      });
    });

    it('rotates both credentials; the old ones stop working', async () => {
      const old = await create('agent-rotate');
      const rotated = await data('setPolicy', {
        ...policyInput('agent-rotate'),
        policy_secret: old.policy_secret,
        rotate_credentials: true,
      });
      expect(rotated).toMatchObject({
        outcome: 'unchanged',
        version: 1,
        credentials: { policy_secret: expect.any(String), read_key: expect.any(String), check_key: expect.any(String) },
      });
      expect(rotated.credentials.check_key).not.toBe(old.check_key);
      expect(
        (await data('check', { agent_id: 'agent-rotate', amount_usd_cents: 1, check_key: old.check_key })).reasons.map(
          (r: any) => r.code,
        ),
      ).toEqual(['CHECK_KEY_INVALID']);
      expect(
        (
          await data('check', {
            agent_id: 'agent-rotate',
            amount_usd_cents: 1,
            check_key: rotated.credentials.check_key,
          })
        ).decision,
      ).toBe('allow');
      expect(rotated.credentials.policy_secret).not.toBe(old.policy_secret);
      expect(
        (await call('setPolicy', { ...policyInput('agent-rotate'), policy_secret: old.policy_secret })).err?.code,
      ).toBe('FORBIDDEN');
      expect((await call('getPolicy', { agent_id: 'agent-rotate', read_key: old.read_key })).err).toEqual({
        code: 'FORBIDDEN',
        message: 'read_key does not match the policy of agent agent-rotate',
      });
      expect(
        (await data('getPolicy', { agent_id: 'agent-rotate', read_key: rotated.credentials.read_key })).version,
      ).toBe(1);
    });

    it('refuses bad fields in the schema, naming each one', async () => {
      const bad = await call('setPolicy', {
        ...policyInput('agent bad'),
        per_tx_limit_cents: -1,
        daily_limit_cents: 10.5,
        allowed_categories: ['Weather', 'fees', 'fees'],
        blocked_recipients: ['has space'],
        warn_at_percent: 0,
        allowed_payers: ['0xnot-solana'],
        extra: true,
      });
      expect(bad.err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: {
          issues: [
            {
              field: 'agent_id',
              message: 'must be 1-128 characters: letters, digits and . _ : @ -, starting with a letter or digit',
            },
            { field: 'per_tx_limit_cents', message: 'must not be negative' },
            { field: 'daily_limit_cents', message: 'must be an integer number of cents' },
            {
              field: 'allowed_categories.0',
              message:
                'must be a registry capability tag: lowercase letters and digits, words joined by single hyphens',
            },
            { field: 'allowed_categories', message: 'must not repeat a category' },
            { field: 'blocked_recipients.0', message: 'must be 1-256 printable ASCII characters without spaces' },
            { field: 'warn_at_percent', message: 'must be at least 1' },
            { field: 'allowed_payers.0', message: 'must be a Solana address (base58, 32-44 characters)' },
            { field: 'extra', message: 'is not an accepted field' },
          ],
        },
      });
      const repeated = await call('setPolicy', policyInput('agent-repeat', { allowed_categories: ['fees', 'fees'] }));
      expect(repeated.err.details.issues).toEqual([
        { field: 'allowed_categories', message: 'must not repeat a category' },
      ]);
    });
  });

  describe('checks', () => {
    it('allows a spend inside the policy, reserves it and shows every window', async () => {
      await create('agent-allow', { allowed_categories: ['weather'], warn_at_percent: 10 });
      const d = await data(
        'check',
        { agent_id: 'agent-allow', amount_usd_cents: 600, recipient: 'api.example.com', category: 'weather' },
        { payer: PAYER },
      );
      expect(d).toEqual({
        decision: 'allow',
        decision_id: expect.stringMatching(UUID),
        agent_id: 'agent-allow',
        amount_usd_cents: 600,
        recipient: 'api.example.com',
        category: 'weather',
        policy_version: 1,
        reasons: [],
        warnings: [
          {
            code: 'NEAR_LIMIT',
            window: 'daily',
            percent_used: 12,
            message: 'daily spend is at 12% of its limit (warning from 10%)',
          },
        ],
        per_tx: { limit_cents: 1000, amount_cents: 600 },
        windows: [
          expect.objectContaining({
            window: 'daily',
            mode: 'calendar',
            limit_cents: 5000,
            used_cents: 0,
            remaining_cents: 5000,
            used_after_cents: 600,
          }),
          expect.objectContaining({ window: 'weekly', limit_cents: 20000, used_cents: 0, used_after_cents: 600 }),
          expect.objectContaining({ window: 'monthly', limit_cents: 50000, used_cents: 0, used_after_cents: 600 }),
        ],
        reservation: {
          decision_id: d.decision_id,
          agent_id: 'agent-allow',
          status: 'held',
          allowed_cents: 600,
          counted_cents: 600,
          held_at: d.decided_at,
          void_until: new Date(Date.parse(d.decided_at) + 900_000).toISOString(),
          settled_at: null,
        },
        decided_at: expect.stringMatching(ISO),
      });
      const tomorrow = new Date(Date.parse(d.decided_at.slice(0, 10)) + 86_400_000).toISOString();
      expect(d.windows[0].resets_at).toBe(tomorrow);
    });

    it('denies with every reason that applies and reserves nothing', async () => {
      const { read_key } = await create('agent-deny', {
        allowed_categories: ['fees'],
        blocked_recipients: ['bad.example'],
        daily_limit_cents: 1_500,
      });
      const d = await data('check', {
        agent_id: 'agent-deny',
        amount_usd_cents: 2_000,
        recipient: 'bad.example',
        category: 'weather',
      });
      expect(d.decision).toBe('deny');
      expect(d.reasons).toEqual([
        { code: 'PER_TX_LIMIT', message: '$20.00 is above the per-transaction limit of $10.00' },
        {
          code: 'DAILY_LIMIT',
          window: 'daily',
          message: '$20.00 would bring daily spend to $20.00, above the daily limit of $15.00 ($0.00 used)',
        },
        { code: 'RECIPIENT_BLOCKED', message: 'Recipient bad.example is in blocked_recipients' },
        { code: 'CATEGORY_NOT_ALLOWED', message: 'Category weather is not in allowed_categories (fees)' },
      ]);
      expect(d.reservation).toBeNull();
      const usage = await data('getPolicy', { agent_id: 'agent-deny', read_key });
      expect(usage.usage.map((w: any) => w.used_cents)).toEqual([0, 0, 0]);
    });

    it('denies every check of an inactive policy, and of a payer outside allowed_payers', async () => {
      const { policy_secret } = await create('agent-off', { allowed_payers: [PAYER] });
      expect((await data('check', { agent_id: 'agent-off', amount_usd_cents: 1 }, { payer: PAYER })).decision).toBe(
        'allow',
      );
      const stranger = await data(
        'check',
        { agent_id: 'agent-off', amount_usd_cents: 1 },
        { payer: 'So11111111111111111111111111111111111111112' },
      );
      expect(stranger.reasons).toEqual([
        {
          code: 'PAYER_NOT_ALLOWED',
          message: 'This check was paid by So11111111111111111111111111111111111111112, which is not in allowed_payers',
        },
      ]);
      await data('setPolicy', { ...policyInput('agent-off', { active: false }), policy_secret });
      const off = await data('check', { agent_id: 'agent-off', amount_usd_cents: 1 }, { payer: PAYER });
      expect([off.decision, off.policy_version, off.reasons.map((r: any) => r.code)]).toEqual([
        'deny',
        2,
        ['POLICY_INACTIVE'],
      ]);
    });

    it('on a policy created with the defaults, refuses a check that does not come from the agent: denied, nothing reserved, audited', async () => {
      const { read_key, check_key } = await create('agent-default');
      const STRANGER = 'So11111111111111111111111111111111111111112';
      const without = await data(
        'check',
        { agent_id: 'agent-default', amount_usd_cents: 1_000, check_key: undefined },
        { payer: STRANGER },
      );
      expect([without.decision, without.reservation, without.reasons]).toEqual([
        'deny',
        null,
        [
          {
            code: 'CHECK_KEY_REQUIRED',
            message:
              'Send the check_key returned when the policy was created: only the agent may check against its budget',
          },
        ],
      ]);
      const wrong = await data(
        'check',
        { agent_id: 'agent-default', amount_usd_cents: 1_000, check_key: `spc_${'A'.repeat(43)}` },
        { payer: STRANGER },
      );
      expect(wrong.reasons.map((r: any) => r.code)).toEqual(['CHECK_KEY_INVALID']);
      expect(
        (await data('getPolicy', { agent_id: 'agent-default', read_key })).usage.map((w: any) => w.used_cents),
      ).toEqual([0, 0, 0]);
      const agent = await data(
        'check',
        { agent_id: 'agent-default', amount_usd_cents: 1_000, check_key },
        { payer: STRANGER },
      );
      expect([agent.decision, agent.reservation.status]).toEqual(['allow', 'held']);
      const audit = await data('getAudit', { agent_id: 'agent-default', read_key });
      expect(audit.entries.map((e: any) => [e.decision, e.payer, e.reasons.map((r: any) => r.code)])).toEqual([
        ['allow', STRANGER, []],
        ['deny', STRANGER, ['CHECK_KEY_INVALID']],
        ['deny', STRANGER, ['CHECK_KEY_REQUIRED']],
      ]);
    });

    it('open_checks: true lets any payer check without a key, as before check keys', async () => {
      await create('agent-open', { open_checks: true });
      const d = await data('check', { agent_id: 'agent-open', amount_usd_cents: 5, check_key: undefined });
      expect([d.decision, d.reasons]).toEqual(['allow', []]);
    });

    it('answers 404 for an agent without a policy, saying to treat it as a denial', async () => {
      expect((await call('check', { agent_id: 'agent-nobody', amount_usd_cents: 1 })).err).toEqual({
        code: 'NOT_FOUND',
        message: 'No spend policy for agent agent-nobody; treat the spend as denied',
        details: {
          decision: 'deny',
          reasons: [
            { code: 'NO_POLICY', message: 'Agent agent-nobody has no policy; create one with POST /toll/spend/policy' },
          ],
        },
      });
    });

    it('refuses bad check input in the schema', async () => {
      const bad = await call('check', {
        agent_id: 'agent-allow',
        amount_usd_cents: 0,
        category: 'not a tag',
        recipient: '',
      });
      expect(bad.err.details.issues).toEqual([
        { field: 'amount_usd_cents', message: 'must be at least 1' },
        { field: 'recipient', message: 'must be 1-256 printable ASCII characters without spaces' },
        {
          field: 'category',
          message: 'must be a registry capability tag: lowercase letters and digits, words joined by single hyphens',
        },
      ]);
      expect((await call('check', { agent_id: 'agent-allow', amount_usd_cents: 1.5 })).err.details.issues).toEqual([
        { field: 'amount_usd_cents', message: 'must be an integer number of cents' },
      ]);
    });

    it('answers SERVICE_TIMEOUT and records nothing when the deadline has passed', async () => {
      const { read_key } = await create('agent-late');
      expect(
        (await call('check', { agent_id: 'agent-late', amount_usd_cents: 5 }, { deadline: Date.now() - 1 })).err,
      ).toEqual({
        code: 'SERVICE_TIMEOUT',
        message: 'The deadline passed before the spend database was reached; nothing was recorded',
      });
      expect((await data('getAudit', { agent_id: 'agent-late', read_key })).entries).toEqual([]);
    });
  });

  describe('reservations', () => {
    it('confirms for less (releasing the rest), repeats as a no-op, and refuses a different amount with 409', async () => {
      const { read_key } = await create('agent-confirm');
      const d = await data('check', { agent_id: 'agent-confirm', amount_usd_cents: 800 });
      const confirmed = await data('confirm', {
        agent_id: 'agent-confirm',
        decision_id: d.decision_id,
        amount_usd_cents: 300,
      });
      expect(confirmed).toEqual({
        ...d.reservation,
        status: 'confirmed',
        counted_cents: 300,
        settled_at: expect.stringMatching(ISO),
      });
      expect(
        await data('confirm', { agent_id: 'agent-confirm', decision_id: d.decision_id, amount_usd_cents: 300 }),
      ).toEqual(confirmed);
      expect(
        (await call('confirm', { agent_id: 'agent-confirm', decision_id: d.decision_id, amount_usd_cents: 400 })).err,
      ).toEqual({
        code: 'CONFLICT',
        message: `Reservation ${d.decision_id} is already confirmed for 300 cents`,
        details: { reservation: confirmed },
      });
      expect((await call('void', { agent_id: 'agent-confirm', decision_id: d.decision_id })).err.message).toBe(
        `Reservation ${d.decision_id} is confirmed and can no longer be voided`,
      );
      expect((await data('getPolicy', { agent_id: 'agent-confirm', read_key })).usage[0]).toMatchObject({
        used_cents: 300,
        remaining_cents: 4700,
      });
    });

    it('refuses to confirm more than was allowed', async () => {
      await create('agent-more');
      const d = await data('check', { agent_id: 'agent-more', amount_usd_cents: 100 });
      expect(
        (await call('confirm', { agent_id: 'agent-more', decision_id: d.decision_id, amount_usd_cents: 101 })).err,
      ).toMatchObject({
        code: 'CONFLICT',
        message: `Cannot confirm 101 cents: only 100 were allowed; check again for the difference`,
      });
    });

    it('voids a spend that did not happen, giving the budget back; confirming it afterwards is 409', async () => {
      const { read_key } = await create('agent-void', { daily_limit_cents: 1_000 });
      const d = await data('check', { agent_id: 'agent-void', amount_usd_cents: 1_000 });
      expect(
        (await data('check', { agent_id: 'agent-void', amount_usd_cents: 1 })).reasons.map((r: any) => r.code),
      ).toEqual(['DAILY_LIMIT']);
      const voided = await data('void', { agent_id: 'agent-void', decision_id: d.decision_id });
      expect(voided).toMatchObject({ status: 'voided', allowed_cents: 1000, counted_cents: 0 });
      expect(await data('void', { agent_id: 'agent-void', decision_id: d.decision_id })).toEqual(voided);
      expect((await call('confirm', { agent_id: 'agent-void', decision_id: d.decision_id })).err.message).toBe(
        `Reservation ${d.decision_id} was voided; check again to spend`,
      );
      expect((await data('check', { agent_id: 'agent-void', amount_usd_cents: 1_000 })).decision).toBe('allow');
      const policy = await data('getPolicy', { agent_id: 'agent-void', read_key });
      expect([policy.usage[0].used_cents, policy.held_cents]).toEqual([1000, 1000]);
    });

    it('counts a reservation in full once its hold ends, and then refuses to void it', async () => {
      await create('agent-lapse', { hold_seconds: 0 });
      const d = await data('check', { agent_id: 'agent-lapse', amount_usd_cents: 250 });
      expect(d.reservation).toMatchObject({
        status: 'confirmed',
        counted_cents: 250,
        settled_at: d.decided_at,
        void_until: d.decided_at,
      });
      expect((await call('void', { agent_id: 'agent-lapse', decision_id: d.decision_id })).err.code).toBe('CONFLICT');
      expect(await data('confirm', { agent_id: 'agent-lapse', decision_id: d.decision_id })).toMatchObject({
        status: 'confirmed',
        counted_cents: 250,
      });
    });

    it('answers 404 for a decision of another agent or none', async () => {
      await create('agent-other');
      const d = await data('check', { agent_id: 'agent-other', amount_usd_cents: 1 });
      expect((await call('void', { agent_id: 'agent-allow', decision_id: d.decision_id })).err).toEqual({
        code: 'NOT_FOUND',
        message: `No reservation ${d.decision_id} for agent agent-allow`,
      });
      expect(
        (await call('void', { agent_id: 'agent-other', decision_id: '00000000-0000-4000-8000-000000000000' })).err.code,
      ).toBe('NOT_FOUND');
    });
  });

  describe('reads', () => {
    it('shows the policy with live usage, and refuses a wrong read_key or an unknown agent', async () => {
      const { read_key } = await create('agent-read');
      await data('check', { agent_id: 'agent-read', amount_usd_cents: 700 });
      const policy = await data('getPolicy', { agent_id: 'agent-read', read_key });
      expect(policy).toMatchObject({
        agent_id: 'agent-read',
        version: 1,
        held_cents: 700,
        requested_version: null,
        as_of: expect.stringMatching(ISO),
      });
      expect(policy.usage.map((w: any) => [w.window, w.used_cents, w.remaining_cents, w.used_after_cents])).toEqual([
        ['daily', 700, 4300, 700],
        ['weekly', 700, 19300, 700],
        ['monthly', 700, 49300, 700],
      ]);
      expect((await call('getPolicy', { agent_id: 'agent-read', read_key: `spr_${'B'.repeat(43)}` })).err.code).toBe(
        'FORBIDDEN',
      );
      expect((await call('getAudit', { agent_id: 'agent-nobody', read_key })).err.code).toBe('NOT_FOUND');
    });

    it('lists the audit newest first, one entry per check, with the deciding version, in pages', async () => {
      const { policy_secret, read_key } = await create('agent-audit');
      const first = await data(
        'check',
        { agent_id: 'agent-audit', amount_usd_cents: 100, category: 'fees' },
        { payer: PAYER },
      );
      await data('setPolicy', { ...policyInput('agent-audit', { per_tx_limit_cents: 50 }), policy_secret });
      const second = await data('check', { agent_id: 'agent-audit', amount_usd_cents: 100 });
      const third = await data('check', { agent_id: 'agent-audit', amount_usd_cents: 10 });
      await data('void', { agent_id: 'agent-audit', decision_id: third.decision_id });

      const page1 = await data('getAudit', { agent_id: 'agent-audit', read_key, limit: 2 });
      expect(
        page1.entries.map((e: any) => [e.decision_id, e.decision, e.policy_version, e.reservation?.status ?? null]),
      ).toEqual([
        [third.decision_id, 'allow', 2, 'voided'],
        [second.decision_id, 'deny', 2, null],
      ]);
      expect(page1.next_cursor).toEqual(page1.entries[1].seq);
      const page2 = await data('getAudit', { agent_id: 'agent-audit', read_key, limit: 2, cursor: page1.next_cursor });
      expect(page2.next_cursor).toBeNull();
      expect(page2.entries).toEqual([
        {
          seq: expect.stringMatching(/^\d+$/),
          decision_id: first.decision_id,
          decided_at: first.decided_at,
          decision: 'allow',
          amount_usd_cents: 100,
          recipient: null,
          category: 'fees',
          payer: PAYER,
          policy_version: 1,
          reasons: [],
          warnings: [],
          windows: first.windows,
          reservation: first.reservation,
        },
      ]);
    });

    it('keeps the audit log append-only even for direct SQL', async () => {
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        await expect(client.query('UPDATE audit_entries SET decision = $1', ['allow'])).rejects.toThrow(
          'audit_entries is append-only',
        );
        await expect(client.query('DELETE FROM audit_entries')).rejects.toThrow('audit_entries is append-only');
      } finally {
        await client.end();
      }
    });
  });
});

// With its database gone the group says so: health degraded, operations SERVICE_UNAVAILABLE (not charged).
describe('spend without its database', () => {
  const { nc } = groupHarness({
    name: 'spend',
    start: startSpend,
    env: () => ({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/toll_spend_down', SPEND_MIGRATE_ON_START: 'false' }),
  });

  it('reports degraded health and refuses checks with SERVICE_UNAVAILABLE', async () => {
    const health = (await callSpend(nc, 'getHealth', {})).response!.data;
    expect(health).toMatchObject({
      status: 'degraded',
      reason: 'spend database unavailable',
      sources: [{ name: 'postgres', ok: false }],
    });
    expect((await callSpend(nc, 'check', { agent_id: 'agent-x', amount_usd_cents: 1 })).err).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The spend database is unavailable; try again shortly',
    });
  });
});
