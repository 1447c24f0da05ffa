import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

// Prisma's own key, so `prisma migrate` and this runner never apply concurrently.
const ADVISORY_LOCK = 72707369;

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

async function ensureDatabase(url: URL) {
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (e) {
    // Created meanwhile by another replica: 42P04 (duplicate_database) or, mid-race, 23505 on pg_database.
    if (!['42P04', '23505'].includes((e as { code?: string }).code ?? '')) throw e;
  } finally {
    await client.end();
  }
}

// Applies prisma/migrations/*/migration.sql in order, each in one transaction, recorded in Prisma's own
// table (so `prisma migrate status` agrees). Refuses a failed migration or an applied file that changed.
export async function migrateDatabase(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const url = new URL(databaseUrl);
  await ensureDatabase(url);
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const rows = (
      await client.query('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"')
    ).rows as Array<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>;
    const dirs = existsSync(migrationsDir)
      ? readdirSync(migrationsDir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
          .sort()
      : [];
    for (const name of dirs) {
      const sql = readFileSync(join(migrationsDir, name, 'migration.sql'));
      const checksum = createHash('sha256').update(sql).digest('hex');
      const row = rows.find((r) => r.migration_name === name && !r.rolled_back_at);
      if (row?.finished_at) {
        if (row.checksum !== checksum) throw new Error(`migration ${name} was edited after it was applied`);
        continue;
      }
      if (row) throw new Error(`migration ${name} failed before; resolve it by hand`);
      await client.query('BEGIN');
      try {
        await client.query(sql.toString('utf8'));
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) ' +
            'VALUES ($1, $2, now(), $3, 1)',
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
        applied.push(name);
      } catch (e) {
        await client.query('ROLLBACK');
        throw e;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
