// A private PostgreSQL cluster in the run's temp dir, so crashing and restarting it disturbs no other database
// on the machine. initdb and pg_ctl refuse to run as root, so as root they run as the postgres OS user.
const { execFile } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

// PG_BIN wins; otherwise the newest server under /usr/lib/postgresql (Debian/Ubuntu layout).
function serverBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => b - a) : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries not found; set PG_BIN to the folder holding initdb and pg_ctl');
  return path.join(base, versions[0], 'bin');
}

// Async on purpose: the chain and the load run in this process and must not stall while Postgres restarts.
async function createPostgres({ dir, port, logFile }) {
  const bin = serverBin();
  const pg = (tool, args) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args));
  mkdirSync(dir);
  writeFileSync(logFile, '');
  if (asRoot) await run('chown', ['postgres:', dir, logFile]);
  await pg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  const ctl = (...args) => pg('pg_ctl', ['-D', dir, '-w', ...args]);
  const stop = (mode) => ctl('-m', mode, 'stop');
  return {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/toll_payments`,
    start: () => ctl('-o', `-p ${port} -k /tmp`, '-l', logFile, 'start'),
    stop, // 'immediate' is a crash: no checkpoint, WAL recovery on the next start
    destroy: async () => {
      await stop('immediate').catch(() => undefined); // already stopped is fine
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { createPostgres };
