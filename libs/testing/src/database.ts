import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres';

const admin = async (sql: string) => {
  const client = new Client({ connectionString: ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

// A throwaway database per suite, named `<prefix>_<random>` (the app under test creates and migrates it at start,
// or create() makes it empty for code that does not); drop() removes it even while connections are still open.
export function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  return {
    name,
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    create: () => admin(`CREATE DATABASE "${name}"`),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
