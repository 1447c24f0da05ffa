import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { SpendConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The spend database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, SpendConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: (c) => c.SPEND_DB_POOL,
  migrateOnStart: (c) => c.SPEND_MIGRATE_ON_START === 'true',
}) {}
