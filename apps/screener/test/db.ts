import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres';

// A throwaway database per suite (created and migrated by the screener group at start), dropped afterwards.
export const scratchDatabase = (suite: string) => {
  const name = `toll_screener_${suite}_${randomBytes(4).toString('hex')}`;
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const admin = new Client({ connectionString: ADMIN });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
};
