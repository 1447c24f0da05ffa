import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, migrateDatabase, postgres } from '@toll/platform';
import { join } from 'node:path';
import type { Pool } from 'pg';
import type { FundingConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The funding database. Migrations apply at start under Prisma's advisory lock, so replicas starting together are
// safe; set FUNDING_MIGRATE_ON_START=false where a release step applies them. `pool` serves the two statements
// Prisma cannot write (a set-based insert and the heatmap aggregation).
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  readonly pool: Pool;
  private readonly config: FundingConfig;
  private readonly logger: JsonLogger;

  constructor(@Inject(APP_CONFIG) config: FundingConfig, @Inject(JsonLogger) logger: JsonLogger) {
    const db = postgres(config.DATABASE_URL, 5);
    super({ adapter: db.adapter, errorFormat: 'minimal' });
    this.pool = db.pool;
    this.config = config;
    this.logger = logger;
  }

  async onModuleInit() {
    if (this.config.FUNDING_MIGRATE_ON_START === 'true') {
      const applied = await migrateDatabase(this.config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
      if (applied.length) this.logger.event('info', 'migrations applied', { applied });
    }
    await this.$connect();
  }

  // The last shutdown phase, after the collector stopped (onModuleDestroy) and in-flight requests finished.
  async onApplicationShutdown() {
    await this.$disconnect();
  }
}
