import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, migrateDatabase, postgres } from '@toll/platform';
import { join } from 'node:path';
import type { ScreenerConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The screener database. Migrations apply at start under Prisma's advisory lock, so replicas starting
// together are safe; set SCREENER_MIGRATE_ON_START=false where a separate release step applies them.
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ScreenerConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    super({ adapter: postgres(config.DATABASE_URL, 5).adapter, errorFormat: 'minimal' });
  }

  async onModuleInit() {
    if (this.config.SCREENER_MIGRATE_ON_START) {
      const applied = await migrateDatabase(this.config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
      if (applied.length) this.logger.event('info', 'migrations applied', { applied });
    }
    await this.$connect();
  }

  async onApplicationShutdown() {
    await this.$disconnect();
  }
}
