import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, migrateDatabase, postgres } from '@toll/platform';
import { join } from 'node:path';
import type { Pool } from 'pg';
import type { PaymentsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The payments database. Migrations apply at start under Prisma's advisory lock, so replicas starting together
// are safe; set PAYMENTS_MIGRATE_ON_START=false where a separate release step applies them. `pool` is the same
// connection pool, for the ledger's per-request statements (see LedgerRepository).
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  readonly pool: Pool;
  private readonly config: PaymentsConfig;
  private readonly logger: JsonLogger;

  constructor(@Inject(APP_CONFIG) config: PaymentsConfig, @Inject(JsonLogger) logger: JsonLogger) {
    const db = postgres(config.DATABASE_URL, 10);
    super({ adapter: db.adapter, errorFormat: 'minimal' }); // minimal: no call-site Error captured per query
    this.pool = db.pool;
    this.config = config;
    this.logger = logger;
  }

  async onModuleInit() {
    if (this.config.PAYMENTS_MIGRATE_ON_START === 'true') {
      const applied = await migrateDatabase(this.config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
      if (applied.length) this.logger.event('info', 'migrations applied', { applied });
    }
    await this.$connect();
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
