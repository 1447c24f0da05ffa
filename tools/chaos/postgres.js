// A private PostgreSQL cluster in the run's temp dir, so crashing and restarting it disturbs no other database
// on the machine; for failover, a primary and a synchronous streaming standby. initdb, pg_ctl and pg_basebackup
// refuse to run as root, so as root they run as the postgres OS user.
const { execFile } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

// PG_BIN wins; otherwise the newest server under /usr/lib/postgresql (Debian/Ubuntu layout).
function serverBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => b - a)
    : [];
  if (!versions.length)
    throw new Error('PostgreSQL server binaries not found; set PG_BIN to the folder holding initdb and pg_ctl');
  return path.join(base, versions[0], 'bin');
}

const pgTool = (bin) => (tool, args) =>
  asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

async function ownedDir(dir, logFile) {
  mkdirSync(dir, { mode: 0o700 }); // a data directory must not be readable by others
  writeFileSync(logFile, '');
  if (asRoot) await run('chown', ['postgres:', dir, logFile]);
}

// One server on a data directory. options: extra `-c` settings for this server only (not written to its files, so
// a standby copied from it does not inherit them).
function server({ pg, dir, port, logFile, options = '' }) {
  const ctl = (...args) => pg('pg_ctl', ['-D', dir, '-w', ...args]);
  const stop = (mode) => ctl('-m', mode, 'stop');
  return {
    dir,
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/toll_payments`,
    start: () => ctl('-o', `-p ${port} -k /tmp ${options}`.trim(), '-l', logFile, 'start'),
    stop, // 'immediate' is a crash: no checkpoint, WAL recovery on the next start
    // kill -9 of the postmaster: the machine gone, not a shutdown of any kind.
    kill: () => process.kill(Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL'),
    promote: () => ctl('promote'),
    destroy: async () => {
      await stop('immediate').catch(() => undefined); // already stopped is fine
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Async on purpose: the chain and the load run in this process and must not stall while Postgres restarts.
async function createPostgres({ dir, port, logFile, options }) {
  const pg = pgTool(serverBin());
  await ownedDir(dir, logFile);
  await pg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  return server({ pg, dir, port, logFile, options });
}

// A primary and a streaming standby copied from it with pg_basebackup. The primary names every standby synchronous
// (synchronous_standby_names = '*', on its command line only): a commit returns once the standby has it, so
// nothing acknowledged is lost when the primary dies. The promoted standby has no such setting, so it commits alone.
async function createReplicatedPostgres({ dir, ports, logDir }) {
  const pg = pgTool(serverBin());
  mkdirSync(dir);
  const primary = await createPostgres({
    dir: path.join(dir, 'primary'),
    port: ports[0],
    logFile: path.join(logDir, 'postgres-primary.log'),
    options: "-c synchronous_standby_names='*'",
  });
  await primary.start();
  const standbyDir = path.join(dir, 'standby');
  await ownedDir(standbyDir, path.join(logDir, 'postgres-standby.log'));
  // -R writes standby.signal and primary_conninfo; -X stream copies the WAL the backup needs as it goes.
  await pg('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(ports[0]),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const standby = server({ pg, dir: standbyDir, port: ports[1], logFile: path.join(logDir, 'postgres-standby.log') });
  await standby.start();
  return {
    primary,
    standby,
    destroy: async () => {
      await Promise.all([primary.destroy(), standby.destroy()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { createPostgres, createReplicatedPostgres };
