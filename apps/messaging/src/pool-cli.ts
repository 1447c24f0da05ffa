// The operator's tool for the bot pool (the gateway exposes none of this):
//   node apps/messaging/dist/pool-cli.js add <bot user id>...    bots managed by MESSAGING_MANAGER_BOT_TOKEN
//   node apps/messaging/dist/pool-cli.js requeue <username>...   another reset attempt for quarantined bots
//   node apps/messaging/dist/pool-cli.js status
// It reads the app's own configuration (DATABASE_URL, MESSAGING_*). Tokens are fetched from the manager bot
// and stored encrypted; the operator never handles them, and they are never printed.
import { JsonLogger, loadConfig, migrateDatabase } from '@toll/platform';
import { join } from 'node:path';
import { MessagingConfig } from './config';
import { PoolRepository } from './pool.repository';
import { PrismaService } from './prisma.service';
import { TokenVault } from './token-vault';
import { BotApiClient } from './upstreams/bot-api.client';

const USAGE = 'usage: pool-cli add <bot user id>... | requeue <username>... | status';

export async function runPoolCommand(args: string[], env: Record<string, string | undefined> = process.env): Promise<string[]> {
  const [command, ...rest] = args;
  if (!['add', 'requeue', 'status'].includes(command ?? '') || (command !== 'status' && !rest.length)) return [USAGE];
  const config = loadConfig(MessagingConfig, env);
  const logger = new JsonLogger('messaging-pool', config.LOG_LEVEL);
  if (config.MESSAGING_MIGRATE_ON_START === 'true') await migrateDatabase(config.DATABASE_URL, join(__dirname, '..', 'prisma', 'migrations'));
  const prisma = new PrismaService({ ...config, MESSAGING_MIGRATE_ON_START: 'false' }, logger);
  const repo = new PoolRepository(prisma);
  const vault = new TokenVault(config);
  const botApi = new BotApiClient(config, logger);
  const out: string[] = [];
  try {
    if (command === 'status') out.push(JSON.stringify(await repo.counts()));
    for (const arg of command === 'add' ? rest : []) {
      if (!/^\d{1,20}$/.test(arg)) {
        out.push(`${arg}: not a bot user id`);
        continue;
      }
      // The manager answers only for bots it manages, which are the ones whose tokens it can rotate.
      const token = await botApi.managedBotToken(Number(arg)).catch(() => null);
      const me = token && (await botApi.getMe(token).catch(() => null));
      if (!token || !me || me.id !== Number(arg)) {
        out.push(`${arg}: refused: not a bot managed by the manager bot (getManagedBotToken or getMe failed)`);
        continue;
      }
      const added = await repo.addBot(BigInt(arg), me.username, vault.seal(token, BigInt(arg)), new Date());
      out.push(added ? `${arg}: added @${me.username}; it is reset before its first lease` : `${arg}: @${me.username} is already in the pool`);
    }
    for (const username of command === 'requeue' ? rest : []) {
      out.push((await repo.requeue(username.replace(/^@/, ''), new Date())) ? `@${username}: queued for another reset` : `@${username}: not quarantined`);
    }
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
