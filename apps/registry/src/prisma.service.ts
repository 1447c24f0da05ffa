import { Injectable } from '@nestjs/common';
import { databaseClient } from '@toll/platform';
import { join } from 'node:path';
import type { RegistryConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

// The registry database. Migrations and shutdown: databaseClient (libs/platform).
@Injectable()
export class PrismaService extends databaseClient<PrismaClient, RegistryConfig>(PrismaClient, {
  migrations: join(__dirname, '..', 'prisma', 'migrations'),
  poolSize: () => 10,
  migrateOnStart: (c) => c.REGISTRY_MIGRATE_ON_START === 'true',
}) {}
