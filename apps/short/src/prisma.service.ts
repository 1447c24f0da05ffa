import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { ShortConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The short interest database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, ShortConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 5,
  migrateOnStart: (c) => c.SHORT_MIGRATE_ON_START,
}) {}
