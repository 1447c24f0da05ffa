import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { TrademarksConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The trademark index database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, TrademarksConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 10,
  migrateOnStart: (c) => c.TRADEMARKS_MIGRATE_ON_START,
}) {}
