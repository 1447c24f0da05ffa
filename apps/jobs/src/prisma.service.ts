import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { JobsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The jobs index database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, JobsConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 10,
  migrateOnStart: (c) => c.JOBS_MIGRATE_ON_START,
}) {}
