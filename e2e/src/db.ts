import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN_DB = 'postgresql://postgres@127.0.0.1:5432/postgres';

// A throwaway database per suite (created by the payments migrator on start), dropped afterwards.
export const scratchDatabase = () => {
  const name = `toll_payments_e2e_${randomBytes(4).toString('hex')}`;
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const admin = new Client({ connectionString: ADMIN_DB });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
};
