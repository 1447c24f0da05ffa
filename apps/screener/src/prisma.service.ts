import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { ScreenerConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The screener database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, ScreenerConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 5,
  migrateOnStart: (c) => c.SCREENER_MIGRATE_ON_START,
}) {}
