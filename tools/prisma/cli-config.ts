import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';
import type { PoolConfig } from 'pg';

// Prisma 6.19 CLI without native engines: the JS engine through adapter-pg, shared by every DB-owning app.
// Fix 1 (prisma/prisma#27403): report catalog types the engine reads as text.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Result = require('pg/lib/result');
const AS_TEXT: Record<number, number> = {
  18: 25,
  19: 25,
  22: 25,
  24: 25,
  30: 25,
  194: 25,
  2205: 25,
  1002: 1009,
  1003: 1009,
};
const origAddFields = Result.prototype.addFields;
Result.prototype.addFields = function (fields: Array<{ dataTypeID: number }>) {
  for (const f of fields) if (AS_TEXT[f.dataTypeID]) f.dataTypeID = AS_TEXT[f.dataTypeID];
  return origAddFields.call(this, fields);
};

function pgConfig(url: string): PoolConfig {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password) || undefined,
    database: u.pathname.slice(1),
  };
}

// Fix 2: drop the shadow database only after its pool is closed.
class MigratePg extends PrismaPg {
  constructor(private readonly cfg: PoolConfig) {
    super(cfg);
  }
  override async connectToShadowDb() {
    const admin = await new PrismaPg(this.cfg).connect();
    const database = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
    await admin.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = await new PrismaPg({ ...this.cfg, database }).connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.dispose();
    };
    return shadow;
  }
}

// Each DB-owning app's prisma.config.ts is `export default prismaCliConfig('<its local database URL>')`.
export const prismaCliConfig = (localDatabaseUrl: string) =>
  defineConfig({
    experimental: { adapter: true },
    engine: 'js',
    schema: 'prisma/schema.prisma',
    migrations: { path: 'prisma/migrations' },
    async adapter() {
      return new MigratePg(pgConfig(process.env.DATABASE_URL ?? localDatabaseUrl));
    },
  });
