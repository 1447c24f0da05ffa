// `node libs/platform/dist/migrate-cli.js apps/<app>/prisma/migrations`, with DATABASE_URL set: what an app's migration
// Job runs (k8s/apps/<app>/migrate-job.yaml) from the app's own image, before its pods roll; the pods themselves then
// run with <APP>_MIGRATE_ON_START=false. The same runner as at start-up (migrateDatabase: Prisma's advisory lock and
// table), so running it twice, or beside a pod that still migrates, is safe.
import { migrateDatabase } from './migrate';

const [dir] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!dir || !url) {
  process.stderr.write('usage: DATABASE_URL=postgresql://... node migrate-cli.js <migrations folder>\n');
  process.exit(2);
}
migrateDatabase(url, dir).then(
  (applied) =>
    process.stdout.write(
      JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'migrations applied', applied }) + '\n',
    ),
  (e: unknown) => {
    process.stderr.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        msg: 'migration failed',
        error: String((e as Error)?.message ?? e),
      }) + '\n',
    );
    process.exit(1);
  },
);
