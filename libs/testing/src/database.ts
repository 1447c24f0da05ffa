import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres';

// One statement on its own connection to the database at `url`: the rows it returns.
export async function queryOn(url: string, sql: string, params: unknown[] = []): Promise<any[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const admin = (sql: string) => queryOn(ADMIN, sql);

// A throwaway database per suite, named `<prefix>_<random>` (the app under test creates and migrates it at start,
// or create() makes it empty for code that does not); drop() removes it even while connections are still open;
// query() runs one statement in it.
export function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = `postgresql://postgres@127.0.0.1:5432/${name}`;
  return {
    name,
    url,
    create: () => admin(`CREATE DATABASE "${name}"`).then(() => undefined),
    query: (sql: string, params: unknown[] = []) => queryOn(url, sql, params),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => undefined),
  };
}
