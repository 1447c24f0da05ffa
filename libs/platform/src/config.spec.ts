import { BaseConfig, ConfigError, loadConfig } from './config';

describe('NATS_URL', () => {
  it('takes one server or every node of a cluster, comma-separated', () => {
    expect(loadConfig(BaseConfig, {}).NATS_URL).toBe('nats://127.0.0.1:4222');
    const cluster = 'nats://nats-0.nats:4222, nats://nats-1.nats:4222,tls://user:secret@nats-2.nats:4222';
    expect(loadConfig(BaseConfig, { NATS_URL: cluster }).NATS_URL).toBe(cluster);
  });

  it.each(['nats://a:4222,', 'http://nats:4222', 'nats://a:4222 nats://b:4222'])('refuses %s', (NATS_URL) => {
    expect(() => loadConfig(BaseConfig, { NATS_URL })).toThrow(
      new ConfigError(
        'invalid configuration:\n  NATS_URL: one nats:// (or tls://) URL, or several separated by commas (every ' +
          'node of a cluster)',
      ),
    );
  });
});
