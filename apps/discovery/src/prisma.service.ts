import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { DiscoveryConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The discovery index database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, DiscoveryConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 5,
  migrateOnStart: (c) => c.DISCOVERY_MIGRATE_ON_START === 'true',
  disconnectOnModuleDestroy: true,
}) {}
