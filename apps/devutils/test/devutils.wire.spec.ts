import { callOperation, groupHarness } from '@toll/testing';
import { startDevutils } from '../src/bootstrap';

// The real group over a real NATS server: DI wiring, the catalog, and the platform's input validation.
describe('devutils over NATS', () => {
  const { nc } = groupHarness({
    name: 'devutils',
    start: startDevutils,
  });

  const call = (operation: string, input: unknown, caller = { ip: '203.0.113.7' }) =>
    callOperation(nc, `devutils.${operation}`, input, { caller });

  it('serves its health with the full catalog', async () => {
    const { response } = await call('getHealth', {});
    expect(response!.data).toMatchObject({ service: 'devutils', title: 'Dev Utilities', status: 'ok' });
    expect(response!.data.endpoints).toHaveLength(17);
  });

  it('answers an operation, applying defaults', async () => {
    expect((await call('hashSha256', { text: 'abc' })).response!.data.digest).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect((await call('genPassword', {})).response!.data.password).toHaveLength(20);
    expect((await call('getTimeNow', {})).response!.data.timezone).toBe('UTC');
  });

  it('rejects bad input with field issues', async () => {
    expect((await call('genToken', { bytes: 300 })).err).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'bytes' }] },
    });
    expect((await call('hashMd5', { text: 'a', extra: true })).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field: 'extra', message: 'is not an accepted field' }] },
    });
    expect((await call('convertUnits', { from: 'km', to: 'kg', value: 1 })).err).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'to' }] },
    });
  });

  it('geolocates the caller address from the message', async () => {
    expect((await call('getIp', {}, { ip: '::ffff:127.0.0.1' })).response!.data).toMatchObject({
      ip: '127.0.0.1',
      source: 'caller',
      found: false,
    });
  });

  // Every operation over the wire: one happy call with an exact (or shape-exact) answer, one refused input.
  it.each([
    [
      'getIp',
      { ip: '8.8.8.8' },
      (d: any) =>
        expect(d).toMatchObject({
          ip: '8.8.8.8',
          source: 'query',
          found: true,
          country: { code: 'US' },
          asn: { number: 15169 },
        }),
      { ip: 'not-an-ip' },
    ],
    [
      'genUuid',
      {},
      (d: any) => expect(d.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      { v: 5 },
    ],
    ['genPassword', { length: 64 }, (d: any) => expect(d.password).toHaveLength(64), { length: 3 }],
    ['genToken', { bytes: 16 }, (d: any) => expect(d.token).toMatch(/^[0-9a-f]{32}$/), { bytes: 0 }],
    ['encodeBase64', { text: 'héllo' }, (d: any) => expect(d.base64).toBe('aMOpbGxv'), { text: 5 }],
    [
      'decodeBase64',
      { text: 'aMOpbGxv' },
      (d: any) => expect(d).toMatchObject({ text: 'héllo', valid_utf8: true }),
      { text: '%%%' },
    ],
    [
      'hashSha256',
      { text: '' },
      (d: any) => expect(d.digest).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'),
      {},
    ],
    [
      'hashMd5',
      { text: 'The quick brown fox jumps over the lazy dog' },
      (d: any) => expect(d.digest).toBe('9e107d9d372bb6826bd81d3542a419d6'),
      { text: null },
    ],
    [
      'decodeJwt',
      {
        token:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
          'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.' +
          'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      },
      (d: any) =>
        expect(d).toMatchObject({
          header: { alg: 'HS256', typ: 'JWT' },
          payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
          signature_verified: false,
        }),
      { token: 'not.a.jwt.at.all.really' },
    ],
    [
      'getTimeNow',
      { tz: 'Asia/Tokyo' },
      (d: any) => expect(d).toMatchObject({ timezone: 'Asia/Tokyo', offset: '+09:00' }),
      { tz: 'Mars/Base' },
    ],
    [
      'convertTime',
      { time: '2026-07-01T12:00:00', from_tz: 'America/New_York', to_tz: 'Europe/London' },
      (d: any) => expect(d.to.iso).toMatch(/^2026-07-01T17:00:00(\.000)?\+01:00$/),
      { time: 'x', from_tz: 'UTC', to_tz: 'Nowhere/Zone' },
    ],
    [
      'convertUnits',
      { from: 'km', to: 'm', value: 1.5 },
      (d: any) => expect(d).toMatchObject({ category: 'length', result: 1500 }),
      { from: 'km', to: 'm' },
    ],
    [
      'convertColor',
      { hex: '#ff0000' },
      (d: any) =>
        expect(d).toMatchObject({ hex: '#ff0000', rgb: { r: 255, g: 0, b: 0 }, hsl: { h: 0, s: 100, l: 50 } }),
      { hex: '#fff', rgb: '1,2,3' },
    ],
    ['parseCron', { expr: '0 0 1 1 *' }, (d: any) => expect(d.next).toHaveLength(5), { expr: 'every tuesday' }],
    [
      'formatJson',
      { text: '{"a":[1,2]}' },
      (d: any) => expect(d.formatted).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}'),
      { text: '{"a":' },
    ],
    [
      'validateJson',
      { text: '[1,' },
      (d: any) => expect(d).toMatchObject({ valid: false, error: { line: 1 } }),
      { text: 1 },
    ],
  ] as const)('%s answers over NATS and refuses bad input', async (operation, good, check, bad) => {
    const ok = await call(operation, good);
    expect(ok.err).toBeUndefined();
    check(ok.response!.data);
    expect((await call(operation, bad)).err).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: expect.any(Array) },
    });
  });
});
