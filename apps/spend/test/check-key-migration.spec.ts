import { migrateDatabase } from '@toll/platform';
import { groupHarness } from '@toll/testing';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startSpend } from '../src/bootstrap';
import { callSpend } from './spend-call';

const MIGRATIONS = join(__dirname, '..', 'prisma', 'migrations');
const PAYER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const STRANGER = 'So11111111111111111111111111111111111111112';

// Policies written before check keys: the migration keeps the ones anyone could check open (visibly), and the ones
// bound to allowed_payers bound; an owner's rotation then issues a check_key to close an open one.
describe('spend migration to check keys', () => {
  const { nc, db, startGroup } = groupHarness({
    name: 'spend',
    start: startSpend,
    database: 'toll_spend_migrate',
    replicas: 0,
  });
  const before = mkdtempSync(join(tmpdir(), 'spend-migrations-'));

  beforeAll(async () => {
    cpSync(join(MIGRATIONS, '20261124120000_spend'), join(before, '20261124120000_spend'), { recursive: true });
    await migrateDatabase(db.url, before);
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    for (const [agent, payers] of [
      ['agent-legacy-open', []],
      ['agent-legacy-payers', [PAYER]],
    ] as const) {
      await sql.query(
        "INSERT INTO policies (agent_id, version, owner_secret_hash, read_key_hash) VALUES ($1, 1, 'x', 'y')",
        [agent],
      );
      await sql.query(
        `INSERT INTO policy_versions (agent_id, version, per_tx_limit_cents, daily_limit_cents, weekly_limit_cents, monthly_limit_cents, allowed_categories, blocked_recipients, active, window_mode, hold_seconds, allowed_payers)
         VALUES ($1, 1, 1000, 5000, 20000, 50000, '{}', '{}', true, 'calendar', 900, $2)`,
        [agent, payers],
      );
    }
    await sql.end();
    await startGroup(); // applies the check-key migration at start
  }, 60_000);
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  const check = async (agent: string, payer: string) =>
    (await callSpend(nc, 'check', { agent_id: agent, amount_usd_cents: 1 }, { payer })).response!.data as {
      decision: string;
      reasons: Array<{ code: string }>;
    };

  it('keeps a legacy policy without allowed_payers open to keyless checks, and one with allowed_payers bound to them', async () => {
    expect(await check('agent-legacy-open', STRANGER)).toMatchObject({ decision: 'allow', reasons: [] });
    expect(await check('agent-legacy-payers', PAYER)).toMatchObject({ decision: 'allow', reasons: [] });
    expect((await check('agent-legacy-payers', STRANGER)).reasons.map((r) => r.code)).toEqual(['PAYER_NOT_ALLOWED']);
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    const rows = (
      await sql.query(
        'SELECT p.agent_id, p.check_key_hash, v.open_checks FROM policies p JOIN policy_versions v USING ' +
          '(agent_id) ORDER BY agent_id',
      )
    ).rows;
    await sql.end();
    expect(rows).toEqual([
      { agent_id: 'agent-legacy-open', check_key_hash: null, open_checks: true },
      { agent_id: 'agent-legacy-payers', check_key_hash: null, open_checks: false },
    ]);
  });
});
