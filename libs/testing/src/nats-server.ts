import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface NatsServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

// A private nats-server per test suite, so announcements from one suite never reach another.
export async function startNats(): Promise<NatsServer> {
  const bin = process.env.NATS_SERVER_BIN ?? NATS_BINARIES.find((p) => existsSync(p)) ?? 'nats-server';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'toll-nats-'));
  const proc: ChildProcess = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`nats-server did not start: ${buf}`)), 10_000);
    proc.once('error', (e) => (clearTimeout(timer), reject(e)));
    proc.stderr?.on('data', (d: Buffer) => {
      buf += d.toString();
      if (buf.includes('Server is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}
