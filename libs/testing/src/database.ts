import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres';

// A throwaway database per suite, named `<prefix>_<random>` (the app under test creates and migrates it at start);
// drop() removes it even while connections are still open.
export function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  return {
    name,
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const admin = new Client({ connectionString: ADMIN });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
