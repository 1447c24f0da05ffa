import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, migrateDatabase, postgres } from '@toll/platform';
import { join } from 'node:path';
import type { TrademarksConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The trademark index database. Migrations apply at start under Prisma's advisory lock, so replicas starting together
// are safe; set TRADEMARKS_MIGRATE_ON_START=false where a separate release step applies them.
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: TrademarksConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    super({ adapter: postgres(config.DATABASE_URL, 10).adapter, errorFormat: 'minimal' });
  }

  async onModuleInit() {
    if (this.config.TRADEMARKS_MIGRATE_ON_START) {
      const applied = await migrateDatabase(this.config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
      if (applied.length) this.logger.event('info', 'migrations applied', { applied });
    }
    await this.$connect();
  }

  // The last shutdown phase, after the ingest stopped and in-flight requests finished.
  async onApplicationShutdown() {
    await this.$disconnect();
  }
}
