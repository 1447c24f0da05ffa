import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { PrismaPg } from '@prisma/adapter-pg';
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
}

export interface DatabaseClientMembers {
  readonly pool: Pool; // the client's own pool, for the few statements Prisma cannot write or compiles too slowly
}

// The Nest provider of a database-owning app: its generated Prisma client on a `postgres()` pool. Migrations apply
// at start under Prisma's advisory lock, so replicas starting together are safe. The client disconnects in the last
// shutdown phase, after every onModuleDestroy (background loops stopped) and in-flight requests finished.
// `class PrismaService extends databaseClient<PrismaClient, AppConfig>(PrismaClient, {...}) {}` keeps the app's
// client type, model delegates included.
export function databaseClient<T extends GeneratedClient, C extends { DATABASE_URL: string }>(
  Client: abstract new (options: ClientOptions) => T,
  options: DatabaseClientOptions<C>,
): new (config: C, logger: JsonLogger) => T & DatabaseClientMembers {
  const Base = Client as unknown as new (options: ClientOptions) => GeneratedClient;

  @Injectable()
  class DatabaseClient extends Base implements OnModuleInit, OnApplicationShutdown {
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

    async onApplicationShutdown() {
      await this.$disconnect();
    }
  }
  return DatabaseClient as unknown as new (config: C, logger: JsonLogger) => T & DatabaseClientMembers;
}
