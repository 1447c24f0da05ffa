// The operator's tool for the bot pool (the gateway exposes none of this):
//   node apps/messaging/dist/pool-cli.js add <bot user id>...    bots managed by MESSAGING_MANAGER_BOT_TOKEN
//   node apps/messaging/dist/pool-cli.js requeue <username>...   another reset attempt for quarantined bots
//   node apps/messaging/dist/pool-cli.js status
// It reads the app's own configuration (DATABASE_URL, MESSAGING_*, UPSTREAM_REPLAY_DIRS). Tokens are fetched from
// the manager bot and stored encrypted; the operator never handles them, and they are never printed.
import { Clock, JsonLogger, loadConfig, migrateDatabase } from '@toll/platform';
import { enableReplay } from '@toll/upstream';
import { join } from 'node:path';
import { MessagingConfig } from './config';
import { PoolAdmin } from './pool-admin';
import { PoolRepository } from './pool.repository';
import { PrismaService } from './prisma.service';
import { TokenVault } from './token-vault';
import { BotApiClient } from './upstreams/bot-api.client';

const USAGE = 'usage: pool-cli add <bot user id>... | requeue <username>... | status';

export async function runPoolCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const [command, ...rest] = args;
  if (!['add', 'requeue', 'status'].includes(command ?? '') || (command !== 'status' && !rest.length)) return [USAGE];
  const config = loadConfig(MessagingConfig, env);
  const logger = new JsonLogger('messaging-pool', config.LOG_LEVEL);
  if (config.UPSTREAM_REPLAY_DIRS) enableReplay(config.UPSTREAM_REPLAY_DIRS.split(','));
  if (config.MESSAGING_MIGRATE_ON_START === 'true')
    await migrateDatabase(config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
  const prisma = new PrismaService({ ...config, MESSAGING_MIGRATE_ON_START: 'false' }, logger);
  const repo = new PoolRepository(prisma);
  const admin = new PoolAdmin(repo, new BotApiClient(config, logger), new TokenVault(config), new Clock());
  const out: string[] = [];
  try {
    if (command === 'status') out.push(JSON.stringify(await repo.counts()));
    for (const botId of command === 'add' ? rest : []) out.push(await admin.add(botId));
    for (const username of command === 'requeue' ? rest : []) out.push(await admin.requeue(username));
  } finally {
    await prisma.$disconnect();
  }
  return out;
}

if (require.main === module) {
  runPoolCommand(process.argv.slice(2)).then(
    (lines) => process.stdout.write(lines.join('\n') + '\n'),
    (e: Error) => {
      process.stderr.write(`pool-cli: ${e.message}\n`);
      process.exitCode = 1;
    },
  );
}
