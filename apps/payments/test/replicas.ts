import { JsonLogger } from '@toll/platform';
import { scratchDatabase } from '@toll/testing';
import { PaymentsConfig } from '../src/config';
import { PrismaService } from '../src/prisma.service';

// Two Prisma clients on one scratch database stand in for two payments replicas (the first migrates it): opened in
// beforeAll, closed and the database dropped in afterAll; `prisma` holds them once the suite has started.
export function twoReplicas(prefix: string) {
  const db = scratchDatabase(prefix);
  const config = PaymentsConfig.parse({ DATABASE_URL: db.url });
  const logger = new JsonLogger('test', 'error');
  const prisma: PrismaService[] = [];
  beforeAll(async () => {
    prisma.push(
      new PrismaService(config, logger),
      new PrismaService({ ...config, PAYMENTS_MIGRATE_ON_START: 'false' }, logger),
    );
    for (const client of prisma) await client.onModuleInit();
  });
  afterAll(async () => {
    for (const client of prisma) await client.onModuleDestroy();
    await db.drop();
  });
  return { db, config, logger, prisma };
}
