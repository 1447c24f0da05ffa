import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from './nats-server';

const REDIS_BINARIES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => (socket.destroy(), resolve(d.toString().startsWith('+PONG'))));
    socket.once('error', () => resolve(false));
  });

// A private redis-server (nothing kept on disk) on a free port, so a suite can stop it under a running gateway.
export async function startRedis(port?: number): Promise<RedisServer> {
  const bin = process.env.REDIS_SERVER_BIN ?? REDIS_BINARIES.find((p) => existsSync(p)) ?? 'redis-server';
  const chosen = port ?? (await freePort());
  const proc: ChildProcess = spawn(
    bin,
    ['--bind', '127.0.0.1', '--port', String(chosen), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const end = Date.now() + 10_000;
  while (!(await answers(chosen))) {
    if (proc.exitCode !== null || Date.now() > end) throw new Error(`redis-server did not start on port ${chosen}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}
