import { http } from '@toll/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// A gateway run as a child process of the built gateway (apps/gateway/dist: `npm run build` first), so a test can kill
// it with SIGKILL; `dir` is its lease journal, kept across a restart.
export interface ChildGateway {
  url: string;
  dir: string;
  child: ChildProcess;
}

export const startChildGateway = (natsUrl: string, dir: string, env: Record<string, string> = {}) =>
  new Promise<ChildGateway>((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', 'apps', 'gateway', 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        NATS_URL: natsUrl,
        PORT: '0',
        HEALTH_PORT: '0',
        LOG_LEVEL: 'info',
        GATEWAY_LEASE_JOURNAL_DIR: dir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`gateway did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"msg":"gateway listening".*?"url":"([^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], dir, child });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  });

// The shop group's routes and payments' deposit route are in the gateway's table (both announce every 500 ms).
export async function childReady(g: ChildGateway): Promise<void> {
  for (let i = 0; i < 100 && (await http(`${g.url}/toll/shop/health`)).status !== 200; i++)
    await new Promise((r) => setTimeout(r, 100));
  for (
    let i = 0;
    i < 100 && (await http(`${g.url}/toll/payments/balance/deposit-1`, { method: 'POST', json: {} })).status !== 402;
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
}

// Polls until `what` holds or `ms` passed (the caller's assertions then say what did not happen).
export async function until(what: () => Promise<boolean>, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !(await what()) && Date.now() < end;) await new Promise((r) => setTimeout(r, 100));
}
