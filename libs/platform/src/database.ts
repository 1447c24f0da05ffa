import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';

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
  return { pool, adapter: new PrismaPg(pool, { disposeExternalPool: true }) };
}
