import { JsonLogger } from './logger';

describe(JsonLogger.name, () => {
  it('writes bigint fields (money, config amounts) as their decimal text instead of throwing', () => {
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      new JsonLogger('payments', 'info').event('info', 'started', { config: { PAYMENTS_LEASE_MAX_ATOMIC: 100_000n } });
      expect(JSON.parse(String(out.mock.calls[0][0]))).toMatchObject({
        level: 'info',
        service: 'payments',
        msg: 'started',
        config: { PAYMENTS_LEASE_MAX_ATOMIC: '100000' },
      });
    } finally {
      out.mockRestore();
    }
  });
});
