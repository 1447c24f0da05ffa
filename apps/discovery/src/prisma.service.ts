import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, migrateDatabase, postgres } from '@toll/platform';
import { join } from 'node:path';
import type { DiscoveryConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The discovery index database. Migrations apply at start under Prisma's advisory lock, so replicas starting
// together are safe; set DISCOVERY_MIGRATE_ON_START=false where a separate release step applies them.
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: DiscoveryConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    super({ adapter: postgres(config.DATABASE_URL, 5).adapter, errorFormat: 'minimal' });
  }

  async onModuleInit() {
    if (this.config.DISCOVERY_MIGRATE_ON_START === 'true') {
      const applied = await migrateDatabase(this.config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
      if (applied.length) this.logger.event('info', 'migrations applied', { applied });
    }
    await this.$connect();
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
