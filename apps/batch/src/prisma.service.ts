import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { BatchConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The batch database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, BatchConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: (c) => c.BATCH_DB_POOL,
  migrateOnStart: (c) => c.BATCH_MIGRATE_ON_START === 'true',
}) {}
