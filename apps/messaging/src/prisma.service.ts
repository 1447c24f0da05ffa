import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { MessagingConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The messaging pool database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, MessagingConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 10,
  migrateOnStart: (c) => c.MESSAGING_MIGRATE_ON_START === 'true',
}) {}
