import { Inject, Injectable, OnApplicationShutdown, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { PrismaPg } from '@prisma/adapter-pg';
import { TollError } from '@toll/contracts';
import type { Pool } from 'pg';
import { postgres } from './database';
import { JsonLogger } from './logger';
import { migrateDatabase } from './migrate';
import { APP_CONFIG } from './tokens';

// What the factory needs of an app's generated client; each app generates its own (prisma/schema.prisma).
interface GeneratedClient {
  $connect(): Promise<void>;
  $disconnect(): Promise<void>;
}
type ClientOptions = { adapter: PrismaPg; errorFormat: 'minimal' };

export interface DatabaseClientOptions<C> {
  migrations: string; // the app's prisma/migrations folder
  poolSize(config: C): number; // connections per replica
  migrateOnStart(config: C): boolean; // false where a separate release step applies the migrations
  // Disconnect in onModuleDestroy instead of the last shutdown phase, as payments and discovery always have (their
  // specs and tools/bench/balance-db.js close the client that way).
  disconnectOnModuleDestroy?: boolean;
}

export interface DatabaseClientMembers extends OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  readonly pool: Pool; // the client's own pool, for the few statements Prisma cannot write or compiles too slowly
}

// The Nest provider of a database-owning app: its generated Prisma client on a `postgres()` pool. Migrations apply
// at start under Prisma's advisory lock, so replicas starting together are safe. The client disconnects in the last
// shutdown phase, after every onModuleDestroy (background loops stopped) and in-flight requests finished, unless
// the app asks for onModuleDestroy.
// `class PrismaService extends databaseClient<PrismaClient, AppConfig>(PrismaClient, {...}) {}` keeps the app's
// client type, model delegates included.
export function databaseClient<T extends GeneratedClient, C extends { DATABASE_URL: string }>(
  Client: abstract new (options: ClientOptions) => T,
  options: DatabaseClientOptions<C>,
): new (config: C, logger: JsonLogger) => T & DatabaseClientMembers {
  const Base = Client as unknown as new (options: ClientOptions) => GeneratedClient;

  @Injectable()
  class DatabaseClient extends Base implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
    readonly pool: Pool;
    private readonly config: C;
    private readonly logger: JsonLogger;

    constructor(@Inject(APP_CONFIG) config: C, @Inject(JsonLogger) logger: JsonLogger) {
      const db = postgres(config.DATABASE_URL, options.poolSize(config));
      super({ adapter: db.adapter, errorFormat: 'minimal' }); // minimal: no call-site Error captured per query
      this.pool = db.pool;
      this.config = config;
      this.logger = logger;
    }

    async onModuleInit() {
      if (options.migrateOnStart(this.config)) {
        const applied = await migrateDatabase(this.config.DATABASE_URL, options.migrations);
        if (applied.length) this.logger.event('info', 'migrations applied', { applied });
      }
      await this.$connect();
    }

    async onModuleDestroy() {
      if (options.disconnectOnModuleDestroy) await this.$disconnect();
    }

    async onApplicationShutdown() {
      if (!options.disconnectOnModuleDestroy) await this.$disconnect();
    }
  }
  return DatabaseClient as unknown as new (config: C, logger: JsonLogger) => T & DatabaseClientMembers;
}

// Kept back from the caller's deadline, so a transaction that cannot finish in time rolls back (nothing recorded)
// and the caller hears SERVICE_TIMEOUT instead of missing an answer that was made.
const DEADLINE_MARGIN_MS = 150;

// One database call of a group whose database is its only dependency: `work` gets what is left of the deadline
// (at most 10 s) for its transaction timeout; when the database fails the caller is told so, not an internal error.
export async function databaseCall<T>(
  database: string, // its name in the answers: "the <database> database"
  logger: JsonLogger,
  deadline: number,
  work: (timeoutMs: number) => Promise<T>,
): Promise<T> {
  const timeoutMs = Math.min(10_000, deadline - Date.now() - DEADLINE_MARGIN_MS);
  if (timeoutMs <= 0)
    throw new TollError(
      'SERVICE_TIMEOUT',
      `The deadline passed before the ${database} database was reached; nothing was recorded`,
    );
  try {
    return await work(timeoutMs);
  } catch (e) {
    if (e instanceof TollError) throw e;
    // P2028: Prisma's transaction timeout
    if ((e as { code?: string }).code === 'P2028')
      throw new TollError(
        'SERVICE_TIMEOUT',
        `The ${database} database did not finish before the deadline; nothing was recorded`,
      );
    logger.event('error', `${database} database call failed`, { error: (e as Error).message });
    throw new TollError('SERVICE_UNAVAILABLE', `The ${database} database is unavailable; try again shortly`);
  }
}
