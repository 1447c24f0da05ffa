import { PrismaPg } from '@prisma/adapter-pg';
import { SpanKind, currentTelemetry, span } from '@toll/telemetry';
import { Pool, type QueryConfig, type QueryResultRow } from 'pg';
import { dbMetrics } from './metrics';

// The Postgres pool behind an app's Prisma client, also usable directly for the few hot statements that skip
// Prisma's per-query compilation. A connection cut mid-query (Postgres crash, network partition) must fail the
// query, not hang it: a request waiting forever also keeps SIGTERM from finishing, since closing the pool waits
// for every checked-out connection.
export function postgres(connectionString: string, max: number): { pool: Pool; adapter: PrismaPg } {
  const pool = new Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000, // waiting for a free connection or a new one
    query_timeout: 15_000, // client-side: a query with no answer errors out (our slowest statement is ~100 ms)
    keepAlive: true, // notice a dead server between queries too
  });
  instrument(pool);
  return { pool, adapter: new PrismaPg(pool, { disposeExternalPool: true }) };
}

// A statement run inside inTransaction: its rows.
export type Sql = <R extends QueryResultRow = QueryResultRow>(
  statement: QueryConfig,
  values?: unknown[],
) => Promise<R[]>;

// One transaction on one pooled connection, for a hot path that takes several statements under row locks (named
// statements: planned once per connection, none of Prisma's per-query compilation). Committed when `work` resolves,
// rolled back when it throws; a connection whose rollback fails is discarded, not pooled again.
export async function inTransaction<T>(pool: Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(async (statement, values) => (await client.query(statement, values)).rows);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}

const VERBS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
  'set',
  'savepoint',
  'release',
]);

// A statement's label: the name of a named statement (the ledger's: ledger_settle_held...), else its SQL verb.
function statementOf(query: unknown): string {
  if (typeof query === 'object' && query !== null && typeof (query as { name?: unknown }).name === 'string')
    return (query as { name: string }).name;
  const text = typeof query === 'string' ? query : (query as { text?: unknown })?.text;
  const verb = typeof text === 'string' ? /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() : undefined;
  return verb && VERBS.has(verb) ? verb : 'other';
}

// Every statement sent through the pool (our own, and Prisma's outside transactions) is timed in the app's
// toll_db_statement_duration_seconds and, with traces on, is a client span.
function instrument(pool: Pool) {
  const metrics = dbMetrics(currentTelemetry());
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args); // callback style: passed through
    const statement = statementOf(args[0]);
    const timer = metrics?.startTimer({ statement });
    return span(
      `sql ${statement}`,
      SpanKind.CLIENT,
      { 'db.system.name': 'postgresql', 'db.operation.name': statement },
      () => query(...args),
    ).then(
      (result) => (timer?.({ outcome: 'ok' }), result),
      (e: unknown) => {
        timer?.({ outcome: 'error' });
        throw e;
      },
    );
  };
}
