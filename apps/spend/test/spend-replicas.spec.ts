import { groupHarness } from '@toll/testing';
import { Client } from 'pg';
import { startSpend } from '../src/bootstrap';
import { callSpend, policyInput } from './spend-call';

// Two spend replicas sharing one database, each behind its own NATS server, so the test decides which replica
// serves each request: what one replica allows, the other sees at once.
describe('spend replicas on one database', () => {
  // Both at once: the migration runs under its advisory lock, so only one applies it.
  const { clients, db } = groupHarness({
    name: 'spend',
    start: startSpend,
    database: 'toll_spend_replicas',
    natsServers: 2,
    replicas: 2,
    together: true,
  });
  const on = (i: number) => clients[i % 2];
  const data = async (i: number, operation: string, input: unknown) => {
    const reply = await callSpend(on(i), operation, input, { deadline: Date.now() + 20_000 });
    if (!reply.response) throw new Error(`${operation} failed: ${JSON.stringify(reply.err)}`);
    return reply.response.data;
  };
  const auditRows = async (agent: string) => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return (
        await client.query('SELECT decision_id, decision, amount_cents FROM audit_entries WHERE agent_id = $1', [agent])
      ).rows;
    } finally {
      await client.end();
    }
  };

  it('never allows more than the daily limit across 50 concurrent checks on two replicas, and audits each check once', async () => {
    const { read_key } = (
      await data(0, 'setPolicy', policyInput('agent-burst', { per_tx_limit_cents: 1_000, daily_limit_cents: 1_000 }))
    ).credentials;
    const amounts = Array.from({ length: 50 }, (_, i) => 40 + ((i * 37) % 61)); // 40-100 cents; 3,494 in total
    const decisions = await Promise.all(
      amounts.map((amount_usd_cents, i) => data(i, 'check', { agent_id: 'agent-burst', amount_usd_cents })),
    );

    const allowed = decisions.filter((d) => d.decision === 'allow');
    const allowedCents = allowed.reduce((sum, d) => sum + d.amount_usd_cents, 0);
    expect(allowedCents).toBeLessThanOrEqual(1_000);
    expect(allowed.length).toBeGreaterThan(0);
    // Every denial was right when it was made: the usage it saw plus its amount exceeded the limit.
    for (const d of decisions.filter((x) => x.decision === 'deny')) {
      expect(d.reasons.map((r: any) => r.code)).toEqual(['DAILY_LIMIT']);
      expect(d.windows[0].used_cents + d.amount_usd_cents).toBeGreaterThan(1_000);
    }
    // Decisions were serialised: each allowed check saw exactly the allowed checks decided before it.
    const seen = allowed.map((d) => d.windows[0].used_cents).sort((a, b) => a - b);
    expect(new Set(seen).size).toBe(allowed.length);

    const rows = await auditRows('agent-burst');
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.decision_id))).toEqual(new Set(decisions.map((d) => d.decision_id)));
    expect(rows.filter((r) => r.decision === 'allow').length).toBe(allowed.length);

    const usage = await data(1, 'getPolicy', { agent_id: 'agent-burst', read_key });
    expect(usage.usage[0].used_cents).toBe(allowedCents);
  });

  it('lets exactly one of two concurrent first writes create the policy', async () => {
    const writes = await Promise.all(
      [0, 1].map((i) => callSpend(on(i), 'setPolicy', policyInput('agent-race', { daily_limit_cents: 100 + i }))),
    );
    expect(writes.filter((w) => w.response?.data.outcome === 'created')).toHaveLength(1);
    expect(writes.filter((w) => w.err?.code === 'FORBIDDEN')).toHaveLength(1);
  });

  it('settles a reservation once when confirm and void race on two replicas', async () => {
    await data(0, 'setPolicy', policyInput('agent-settle'));
    const d = await data(0, 'check', { agent_id: 'agent-settle', amount_usd_cents: 500 });
    const [confirm, voided] = await Promise.all([
      callSpend(on(0), 'confirm', { agent_id: 'agent-settle', decision_id: d.decision_id }),
      callSpend(on(1), 'void', { agent_id: 'agent-settle', decision_id: d.decision_id }),
    ]);
    expect([confirm, voided].filter((r) => r.response)).toHaveLength(1);
    expect([confirm, voided].filter((r) => r.err?.code === 'CONFLICT')).toHaveLength(1);
  });
});
