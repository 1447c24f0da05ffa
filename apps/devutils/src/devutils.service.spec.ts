import { fieldIssues } from '@toll/platform';
import type { z } from 'zod';
import * as S from './devutils.schemas';
import { DevutilsService, SYMBOLS } from './devutils.service';

// Friday 2026-01-02 16:50 UTC.
const NOW = new Date('2026-01-02T16:50:00.000Z');
const service = new DevutilsService(() => NOW);

// What the route interceptor (and the pre-payment input check) would answer for a schema violation.
const schemaIssues = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to be rejected');
  return fieldIssues(parsed.error);
};
const schemaFields = (schema: z.ZodType, input: unknown) => schemaIssues(schema, input).map((i) => i.field);

describe('generators', () => {
  it('makes version-4 UUIDs', () => {
    const { uuid, version } = service.genUuid();
    expect(version).toBe(4);
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([4, 20, 128])('makes %i-character passwords with every character class', (length) => {
    for (let i = 0; i < 50; i++) {
      const out = service.genPassword({ length });
      expect(out.length).toBe(length);
      expect([...out.password]).toHaveLength(length);
      expect(out.password).toMatch(/[a-z]/);
      expect(out.password).toMatch(/[A-Z]/);
      expect(out.password).toMatch(/[0-9]/);
      expect([...out.password].some((c) => SYMBOLS.includes(c))).toBe(true);
      expect([...out.password].every((c) => /[a-zA-Z0-9]/.test(c) || SYMBOLS.includes(c))).toBe(true);
    }
  });

  it('defaults the password to 20 characters and bounds it to 4-128', () => {
    expect(S.GenPasswordInput.parse({})).toEqual({ length: 20 });
    expect(schemaFields(S.GenPasswordInput, { length: 3 })).toEqual(['length']);
    expect(schemaFields(S.GenPasswordInput, { length: 129 })).toEqual(['length']);
    expect(schemaFields(S.GenPasswordInput, { length: 20.5 })).toEqual(['length']);
    expect(schemaFields(S.GenPasswordInput, { length: 20, extra: 1 })).toEqual(['extra']);
  });

  it('makes hex tokens of 1-256 bytes, default 32', () => {
    expect(S.GenTokenInput.parse({})).toEqual({ bytes: 32 });
    expect(service.genToken({ bytes: 32 }).token).toMatch(/^[0-9a-f]{64}$/);
    expect(service.genToken({ bytes: 1 })).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{2}$/),
      bytes: 1,
      encoding: 'hex',
    });
    expect(service.genToken({ bytes: 256 }).token).toHaveLength(512);
    expect(schemaFields(S.GenTokenInput, { bytes: 0 })).toEqual(['bytes']);
    expect(schemaFields(S.GenTokenInput, { bytes: 257 })).toEqual(['bytes']);
  });
});

describe('base64', () => {
  it('round-trips non-ASCII text', () => {
    const text = 'héllo wörld ✓ 🚀';
    expect(service.encodeBase64({ text })).toEqual({ base64: 'aMOpbGxvIHfDtnJsZCDinJMg8J+agA==', bytes: 22 });
    expect(service.decodeBase64({ text: 'aMOpbGxvIHfDtnJsZCDinJMg8J+agA==' })).toEqual({
      text,
      valid_utf8: true,
      bytes: 22,
      hex: null,
    });
  });

  it('accepts URL-safe, unpadded and line-wrapped input', () => {
    expect(service.decodeBase64({ text: 'aMOpbGxvIHfDtnJsZCDinJMg8J-agA' }).text).toBe('héllo wörld ✓ 🚀');
    expect(service.decodeBase64({ text: 'aGVsbG8g\r\nd29ybGQ=' }).text).toBe('hello world');
    expect(service.decodeBase64({ text: '' })).toEqual({ text: '', valid_utf8: true, bytes: 0, hex: null });
  });

  it('says when the bytes are not UTF-8', () => {
    expect(service.decodeBase64({ text: '/w==' })).toEqual({ text: '\ufffd', valid_utf8: false, bytes: 1, hex: 'ff' });
  });

  it.each(['abc$', 'a', 'QQ=', 'Q===', 'QQ==QQ==', 'ab-c+d=='])('rejects %j', (text) => {
    expect(schemaFields(S.DecodeBase64Input, { text })).toEqual(['text']);
  });
});

describe('hashes', () => {
  it.each([
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['héllo wörld ✓', 'c2a59c71097b678dc5af2eb1f98ddc575b63948b0fa6740071a945673aaada4d'],
  ])('sha256(%j)', (text, digest) => {
    expect(service.hashSha256({ text })).toEqual({ algorithm: 'sha256', digest, bytes: Buffer.byteLength(text) });
  });

  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
  ])('md5(%j)', (text, digest) => {
    expect(service.hashMd5({ text })).toEqual({ algorithm: 'md5', digest, bytes: text.length });
  });

  it('bounds the text', () => {
    expect(schemaFields(S.HashInput, { text: 'x'.repeat(65_537) })).toEqual(['text']);
    expect(schemaFields(S.HashInput, {})).toEqual(['text']);
  });
});

describe('jwt decode', () => {
  const JWT_IO =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
    'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.' +
    'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

  it('decodes header and payload and never claims a verified signature', () => {
    expect(service.decodeJwt({ token: JWT_IO })).toEqual({
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
      signature: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      signature_verified: false,
      note: expect.stringContaining('without verifying the signature'),
      claims: { issued_at: '2018-01-18T01:30:22.000Z', not_before: null, expires_at: null },
      expired: null,
    });
  });

  it('reports expiry against the clock', () => {
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const token = (exp: number) => `${b64({ alg: 'none' })}.${b64({ exp })}.`;
    expect(service.decodeJwt({ token: token(1767372000) })).toMatchObject({
      claims: { expires_at: '2026-01-02T16:40:00.000Z' },
      expired: true,
    });
    expect(service.decodeJwt({ token: token(1767373200) })).toMatchObject({ expired: false });
  });

  it.each([
    ['not-a-jwt'],
    ['a.b'],
    ['a.b.c.d.e'],
    ['eyJhbGciOiJIUzI1NiJ9.!!!.sig'],
    ['bm90IGpzb24.eyJhIjoxfQ.sig'],
    ['WzFd.eyJhIjoxfQ.sig'],
    ['eyJhbGciOiJIUzI1NiJ9..sig'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJhIjoxfQ.si+g'],
  ])('rejects %j', (token) => {
    expect(schemaFields(S.DecodeJwtInput, { token })).toEqual(['token']);
  });
});

describe('time', () => {
  it('gives the current time in a zone, default UTC', () => {
    expect(S.GetTimeNowInput.parse({})).toEqual({ tz: 'UTC' });
    expect(service.getTimeNow({ tz: 'UTC' })).toEqual({
      timezone: 'UTC',
      iso: '2026-01-02T16:50:00.000Z',
      offset: '+00:00',
      is_dst: false,
      utc: '2026-01-02T16:50:00.000Z',
      epoch_ms: NOW.getTime(),
      epoch_seconds: NOW.getTime() / 1000,
    });
    expect(service.getTimeNow({ tz: 'Asia/Kolkata' })).toMatchObject({
      timezone: 'Asia/Kolkata',
      iso: '2026-01-02T22:20:00.000+05:30',
      offset: '+05:30',
    });
    expect(service.getTimeNow({ tz: 'europe/berlin' })).toMatchObject({
      timezone: 'Europe/Berlin',
      offset: '+01:00',
      is_dst: false,
    });
  });

  it('converts across zones on both sides of DST', () => {
    expect(
      service.convertTime({ time: '2026-07-01T12:00:00', from_tz: 'Europe/Berlin', to_tz: 'America/New_York' }),
    ).toEqual({
      from: { timezone: 'Europe/Berlin', iso: '2026-07-01T12:00:00.000+02:00', offset: '+02:00', is_dst: true },
      to: { timezone: 'America/New_York', iso: '2026-07-01T06:00:00.000-04:00', offset: '-04:00', is_dst: true },
      utc: '2026-07-01T10:00:00.000Z',
      epoch_ms: Date.parse('2026-07-01T10:00:00.000Z'),
      note: null,
    });
    expect(
      service.convertTime({ time: '2026-01-15 12:00', from_tz: 'Europe/Berlin', to_tz: 'America/New_York' }),
    ).toMatchObject({
      from: { iso: '2026-01-15T12:00:00.000+01:00', is_dst: false },
      to: { iso: '2026-01-15T06:00:00.000-05:00', is_dst: false },
      note: null,
    });
  });

  it('moves a time skipped by spring-forward and names both offsets of a repeated one', () => {
    const gap = service.convertTime({ time: '2026-03-08 02:30', from_tz: 'America/New_York', to_tz: 'UTC' });
    expect(gap).toMatchObject({
      from: { iso: '2026-03-08T03:30:00.000-04:00' },
      to: { iso: '2026-03-08T07:30:00.000Z' },
    });
    expect(gap.note).toBe(
      '2026-03-08 02:30 does not exist in America/New_York (skipped by a DST change); moved forward to 03:30:00',
    );
    const overlap = service.convertTime({
      time: '2026-11-01T01:30:00',
      from_tz: 'America/New_York',
      to_tz: 'Europe/London',
    });
    expect(overlap.note).toMatch(
      /^2026-11-01T01:30:00 occurs twice in America\/New_York \(DST overlap\); used offset -0[45]:00 of -04:00 and -05:00$/,
    );
  });

  it('lets a time with its own offset fix the instant', () => {
    const out = service.convertTime({ time: '2026-07-01T12:00:00Z', from_tz: 'Asia/Tokyo', to_tz: 'Europe/London' });
    expect(out).toMatchObject({
      from: { iso: '2026-07-01T21:00:00.000+09:00' },
      to: { iso: '2026-07-01T13:00:00.000+01:00', is_dst: true },
    });
    expect(out.note).toContain('own UTC offset');
    expect(service.convertTime({ time: '2026-07-01T12:00:00+02:00', from_tz: 'UTC', to_tz: 'UTC' }).utc).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    expect(service.convertTime({ time: '2026-01-15', from_tz: 'Asia/Tokyo', to_tz: 'UTC' })).toMatchObject({
      utc: '2026-01-14T15:00:00.000Z',
      note: null,
    });
  });

  it('rejects unknown zones, naming the field', () => {
    expect(schemaFields(S.GetTimeNowInput, { tz: 'Mars/Olympus' })).toEqual(['tz']);
    expect(schemaFields(S.GetTimeNowInput, { tz: 'local' })).toEqual(['tz']);
    expect(
      schemaFields(S.ConvertTimeInput, { time: '2026-01-01T00:00', from_tz: 'Nowhere/City', to_tz: 'UTC' }),
    ).toEqual(['from_tz']);
    expect(schemaFields(S.ConvertTimeInput, { time: '2026-01-01T00:00', from_tz: 'UTC', to_tz: 'UTC+3' })).toEqual([
      'to_tz',
    ]);
  });

  it.each(['yesterday', '2026-02-30T10:00', '2026-01-01 25:00'])('rejects the time %j', (time) => {
    expect(schemaFields(S.ConvertTimeInput, { time, from_tz: 'UTC', to_tz: 'UTC' })).toEqual(['time']);
  });
});

describe('units', () => {
  it.each([
    [1, 'km', 'm', 1000, 'length'],
    [100, 'C', 'F', 212, 'temperature'],
    [0.1, 'km', 'm', 100, 'length'],
    [1, 'gal', 'l', 3.785411795, 'volume'], // convert-units' US gallon; the exact definition is 3.785411784 l
    [100, 'km/h', 'm/s', 27.77777778, 'speed'],
  ])('%d %s → %s', (value, from, to, result, category) => {
    expect(service.convertUnits({ value, from, to })).toMatchObject({ category, value, result });
  });

  it('flags the rounded metric-to-US factors of convert-units', () => {
    // Exactly 2.20462262...; convert-units takes 1 lb as 453.592 g.
    expect(service.convertUnits({ value: 1, from: 'kg', to: 'lb' })).toMatchObject({
      category: 'weight',
      result: 2.20462442,
      note: 'metric to US conversion uses 1 lb = 453.592 g (exactly 453.59237), about 8e-7 relative error',
    });
    expect(service.convertUnits({ value: 1, from: 'km', to: 'm' }).note).toBeNull();
    expect(service.convertUnits({ value: 1, from: 'gal', to: 'l' }).note).toBe(
      'gal, qt, pnt, cup, fl-oz are US customary units; metric to US conversion uses 1 l = 33.8140226 fl-oz ' +
        '(exactly 33.814022702), about 3e-9 relative error',
    );
  });

  it('uses binary multiples for data, and says so', () => {
    expect(service.convertUnits({ value: 1, from: 'GB', to: 'MB' })).toEqual({
      category: 'data',
      value: 1,
      from: { unit: 'GB', name: 'Gigabyte' },
      to: { unit: 'MB', name: 'Megabyte' },
      result: 1024,
      note: expect.stringContaining('1 GB = 1024 MB'),
    });
    expect(service.convertUnits({ value: 1, from: 'B', to: 'b' }).result).toBe(8);
  });

  it('rejects unknown units and conversions across categories', () => {
    expect(schemaFields(S.ConvertUnitsInput, { value: 1, from: 'furlong', to: 'm' })).toEqual(['from']);
    expect(schemaFields(S.ConvertUnitsInput, { value: 1, from: 'm', to: 'KM' })).toEqual(['to']);
    expect(schemaFields(S.ConvertUnitsInput, { value: 1, from: 'Pa', to: 'bar' })).toEqual(['from', 'to']);
    expect(schemaFields(S.ConvertUnitsInput, { value: 1, from: 'km', to: 'kg' })).toEqual(['to']);
    expect(schemaFields(S.ConvertUnitsInput, { from: 'km', to: 'm' })).toEqual(['value']);
  });
});

describe('colour', () => {
  const RED = {
    hex: '#ff0000',
    rgb: { r: 255, g: 0, b: 0, string: 'rgb(255, 0, 0)' },
    hsl: { h: 0, s: 100, l: 50, string: 'hsl(0, 100%, 50%)' },
    alpha: 1,
  };

  it.each([
    [{ hex: '#ff0000' }],
    [{ hex: 'FF0000' }],
    [{ hex: 'f00' }],
    [{ rgb: '255,0,0' }],
    [{ rgb: ' 255 , 0 , 0 ' }],
    [{ hsl: '0,100%,50%' }],
  ])('converts %j', (input) => {
    expect(service.convertColor(input)).toEqual({ ...RED, source: Object.keys(input)[0] });
  });

  it('keeps alpha from 8-digit hex', () => {
    expect(service.convertColor({ hex: '#33669980' })).toMatchObject({
      hex: '#33669980',
      rgb: { r: 51, g: 102, b: 153 },
      hsl: { h: 210, s: 50, l: 40 },
      alpha: 0.5,
    });
  });

  it('answers a random opaque colour when given nothing', () => {
    const out = service.convertColor({});
    expect(out.source).toBe('random');
    expect(out.alpha).toBe(1);
    expect(out.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(service.convertColor({ hex: out.hex })).toEqual({ ...out, source: 'hex' });
  });

  it('takes at most one of hex, rgb and hsl, in range', () => {
    expect(schemaFields(S.ConvertColorInput, { hex: '#fff', rgb: '1,2,3' })).toEqual(['(root)']);
    expect(schemaFields(S.ConvertColorInput, { rgb: '256,0,0' })).toEqual(['rgb']);
    expect(schemaFields(S.ConvertColorInput, { hsl: '361,50,50' })).toEqual(['hsl']);
    expect(schemaFields(S.ConvertColorInput, { hex: '#ggg' })).toEqual(['hex']);
    expect(schemaFields(S.ConvertColorInput, { rgb: '1,2' })).toEqual(['rgb']);
    expect(schemaFields(S.ConvertColorInput, { hsl: 'red' })).toEqual(['hsl']);
  });
});

describe('cron', () => {
  it('lists the next 5 runs from the clock and describes the schedule', () => {
    expect(service.parseCron({ expr: '*/15 9-17 * * 1-5', tz: 'UTC' })).toEqual({
      expr: '*/15 9-17 * * 1-5',
      timezone: 'UTC',
      description: 'Every 15 minutes, between 09:00 and 17:59, Monday through Friday',
      next: [
        '2026-01-02T17:00:00.000Z',
        '2026-01-02T17:15:00.000Z',
        '2026-01-02T17:30:00.000Z',
        '2026-01-02T17:45:00.000Z',
        '2026-01-05T09:00:00.000Z',
      ],
      next_local: [
        '2026-01-02T17:00:00.000Z',
        '2026-01-02T17:15:00.000Z',
        '2026-01-02T17:30:00.000Z',
        '2026-01-02T17:45:00.000Z',
        '2026-01-05T09:00:00.000Z',
      ],
    });
  });

  it('describes a yearly schedule', () => {
    const out = service.parseCron({ expr: '0 0 1 1 *', tz: 'UTC' });
    expect(out.description).toBe('At 00:00, on day 1 of the month, only in January');
    expect(out.next).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2028-01-01T00:00:00.000Z',
      '2029-01-01T00:00:00.000Z',
      '2030-01-01T00:00:00.000Z',
      '2031-01-01T00:00:00.000Z',
    ]);
  });

  it('runs in the given zone', () => {
    const out = service.parseCron({ expr: '0 9 * * *', tz: 'America/New_York' });
    expect(out.next.slice(0, 2)).toEqual(['2026-01-03T14:00:00.000Z', '2026-01-04T14:00:00.000Z']);
    expect(out.next_local[0]).toBe('2026-01-03T09:00:00.000-05:00');
  });

  it.each(['61 * * * *', '* * *', 'foo', '0 0 30 2 *', '*/0 * * * *', '* * * * * * *'])('rejects %j', (expr) => {
    expect(schemaFields(S.ParseCronInput, { expr, tz: 'UTC' })).toEqual(['expr']);
  });

  it('rejects an unknown zone', () => {
    expect(schemaFields(S.ParseCronInput, { expr: '* * * * *', tz: 'Moon/Base' })).toEqual(['tz']);
  });
});

describe('json', () => {
  it('pretty-prints with the chosen indent', () => {
    expect(S.FormatJsonInput.parse({ text: '{}' })).toEqual({ text: '{}', indent: 2 });
    expect(service.formatJson({ text: '{"a":[1,{"b":null}]}', indent: 2 })).toEqual({
      formatted: '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}',
      root_type: 'object',
    });
    expect(service.formatJson({ text: ' [1, 2] ', indent: 0 })).toEqual({ formatted: '[1,2]', root_type: 'array' });
    expect(schemaFields(S.FormatJsonInput, { text: '{}', indent: 9 })).toEqual(['indent']);
  });

  it('rejects invalid JSON with its line and column', () => {
    expect(schemaIssues(S.FormatJsonInput, { text: '{\n  "a": 1\n  "b": 2\n}' })).toEqual([
      { field: 'text', message: "invalid JSON: Expected ',' or '}' after property value at line 3, column 3" },
    ]);
  });

  it('validates without throwing', () => {
    expect(service.validateJson({ text: '"just a string"' })).toEqual({ valid: true, root_type: 'string' });
    expect(service.validateJson({ text: '{"a":}' })).toEqual({
      valid: false,
      error: { message: "Unexpected token '}'", line: 1, column: 6, position: 5 },
    });
    expect(
      service.validateJson({
        text: '{\n  "list": [1, 2,],\n  "more": "padding to get past the short-message form"\n}',
      }),
    ).toEqual({
      valid: false,
      error: { message: "Unexpected token ']'", line: 2, column: 17, position: 18 },
    });
    expect(service.validateJson({ text: '' })).toEqual({
      valid: false,
      error: { message: 'Unexpected end of JSON input', line: 1, column: 1, position: 0 },
    });
    expect(service.validateJson({ text: '[1,\n' })).toEqual({
      valid: false,
      error: { message: 'Unexpected end of JSON input', line: 2, column: 1, position: 4 },
    });
    expect(service.validateJson({ text: 'undefined' })).toEqual({
      valid: false,
      error: { message: '"undefined" is not valid JSON', line: 1, column: 1, position: 0 },
    });
  });
});
