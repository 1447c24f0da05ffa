import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { PaymentsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The payments database; `pool` is the same connection pool, for the ledger's per-request statements (see
// LedgerRepository). Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, PaymentsConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 10,
  migrateOnStart: (c) => c.PAYMENTS_MIGRATE_ON_START === 'true',
  disconnectOnModuleDestroy: true,
}) {}
