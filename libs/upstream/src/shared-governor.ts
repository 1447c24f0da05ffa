import { TollError } from '@toll/contracts';
import { Pool } from 'pg';
import { RateGovernor, type Governor, type GovernorOptions } from './governor';

export interface SharedGovernorOptions {
  databaseUrl: string;
  key: string; // one bucket per upstream host, shared by every process and group that names it
  ratePerSecond: number; // for all of them together
  fallback: GovernorOptions; // per-process bucket used while the database cannot be reached
  log?: (event: string, fields: Record<string, unknown>) => void;
}

// A rate governor that holds across processes: one Postgres row per key keeps the next free slot, and each
// call reserves the slot after it with one atomic UPDATE (a GCRA-style schedule, strict spacing of
// 1/rate s), then sleeps until its slot. Slot times come from the database clock, so replicas whose clocks
// disagree still share one schedule. A slot further away than the caller's deadline is not taken.
// The table is created on first use (it holds nothing but schedules); a cold start takes one advisory lock.
export class SharedRateGovernor implements Governor {
  private readonly pool: Pool;
  private readonly fallback: RateGovernor;
  private ready?: Promise<void>;
  readonly stats = { shared: 0, fallback: 0 };

  constructor(private readonly options: SharedGovernorOptions) {
    this.pool = new Pool({
      connectionString: options.databaseUrl,
      max: 2,
      connectionTimeoutMillis: 1_000,
      query_timeout: 1_000,
    });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    this.pool.on('error', (e) => options.log?.('governor connection error', { key: options.key, error: e.message }));
    this.fallback = new RateGovernor(options.fallback);
  }

  async take(deadline: number, name: string): Promise<void> {
    let waitMs: number | null;
    try {
      waitMs = await this.reserve(deadline);
    } catch (e) {
      // The database is down or slow: keep calling, but at the per-process fallback rate.
      this.stats.fallback++;
      this.options.log?.('governor fallback', { key: this.options.key, error: (e as Error).message });
      return this.fallback.take(deadline, name);
    }
    if (waitMs === null)
      throw new TollError('UPSTREAM_TIMEOUT', `${name}: rate limit would delay the call past the deadline`, {
        upstream: name,
      });
    this.stats.shared++;
    if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  // Milliseconds to wait for the reserved slot, or null when the next free slot is past the deadline.
  private async reserve(deadline: number): Promise<number | null> {
    await (this.ready ??= this.setup().catch((e) => {
      this.ready = undefined;
      throw e;
    }));
    const spacing = 1 / this.options.ratePerSecond;
    const maxWait = Math.max(0, (deadline - Date.now()) / 1000);
    const { rows } = await this.pool.query<{ wait_ms: string }>(
      `UPDATE toll_rate_governor
          SET next_slot = GREATEST(next_slot, clock_timestamp()) + make_interval(secs => $2::float8)
        WHERE key = $1 AND GREATEST(next_slot, clock_timestamp()) <= clock_timestamp() + make_interval(secs => $3::float8)
        RETURNING (EXTRACT(EPOCH FROM (next_slot - clock_timestamp())) - $2::float8) * 1000 AS wait_ms`,
      [this.options.key, spacing, maxWait],
    );
    return rows.length ? Math.max(0, Math.ceil(Number(rows[0].wait_ms))) : null;
  }

  private async setup() {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtext('toll_rate_governor'))");
      await client.query(
        'CREATE TABLE IF NOT EXISTS toll_rate_governor (key text PRIMARY KEY, next_slot timestamptz NOT NULL)',
      );
      await client.query(
        'INSERT INTO toll_rate_governor (key, next_slot) VALUES ($1, clock_timestamp()) ON CONFLICT (key) DO NOTHING',
        [this.options.key],
      );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}
