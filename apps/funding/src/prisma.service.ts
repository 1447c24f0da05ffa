import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { FundingConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The funding database; `pool` serves the two statements Prisma cannot write (a set-based insert and the heatmap
// aggregation). Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, FundingConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 5,
  migrateOnStart: (c) => c.FUNDING_MIGRATE_ON_START === 'true',
}) {}
