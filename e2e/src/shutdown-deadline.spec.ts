import { startNats } from '@toll/testing';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

// Through a real process and a real SIGTERM: Nest's shutdown hooks run, one hangs, the deadline ends it.
describe('shutdown deadline', () => {
  it('exits a replica whose shutdown hook hangs, SHUTDOWN_TIMEOUT_MS after SIGTERM', async () => {
    const nats = await startNats();
    try {
      const child = spawn(process.execPath, [join(__dirname, 'hanging-group.js')], {
        env: {
          ...process.env,
          NATS_URL: nats.url,
          HEALTH_PORT: '0',
          LOG_LEVEL: 'error',
          NATS_GRACE_PERIOD_MS: '0',
          SHUTDOWN_TIMEOUT_MS: '1000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => stdout.includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const stopping = Date.now();
      child.kill('SIGTERM');
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      const took = Date.now() - stopping;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1_000);
      expect(took).toBeLessThan(5_000);
      expect(stderr).toContain('"msg":"shutdown did not finish in time; exiting"');
    } finally {
      await nats.stop();
    }
  }, 20_000);
});
