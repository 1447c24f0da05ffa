import { isIP } from 'node:net';
import { z } from 'zod';
import {
  CATEGORIES,
  UNITS,
  UNIT_ABBREVIATIONS,
  cronProblem,
  hslInRange,
  isBase64,
  isIanaZone,
  jsonProblem,
  readJwt,
  readTime,
  rgbInRange,
} from './input-rules';

// Inputs are strict (unknown fields are rejected) and every string is bounded. Every rule on an input is here, so it
// is judged before any payment step (rules JSON Schema cannot say run in the group's input check).
const MAX_TEXT = 65_536;

const ianaZone = (what: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .refine(isIanaZone, 'is not a known IANA time zone (such as "Europe/Berlin" or "UTC")')
    .describe(`${what}: an IANA time zone name such as "Europe/Berlin" or "UTC"`);

const JsonRootType = z.enum(['object', 'array', 'string', 'number', 'boolean', 'null']);

const Zoned = z.object({
  timezone: z.string().describe('Canonical IANA zone name'),
  iso: z.string().describe('ISO 8601 local time with UTC offset'),
  offset: z.string().describe('UTC offset, e.g. "+02:00"'),
  is_dst: z.boolean(),
});

export const GetIpInput = z
  .strictObject({
    ip: z
      .string()
      .max(45)
      .refine((s) => isIP(s) !== 0 && !s.includes('%'), 'must be an IPv4 or IPv6 address')
      .optional()
      .describe("Address to look up (IPv4 or IPv6); without it the caller's own address is used"),
  })
  .meta({ examples: [{ ip: '8.8.8.8' }] });
export type GetIpInput = z.infer<typeof GetIpInput>;

const Attribution = z.object({
  covers: z.enum(['location', 'asn']),
  text: z.string(),
  url: z.string(),
  license: z.string(),
});

export const GetIpOutput = z.object({
  ip: z.string().describe('The address looked up (IPv4-mapped IPv6 addresses are shown as IPv4)'),
  source: z.enum(['caller', 'query']),
  version: z.union([z.literal(4), z.literal(6)]).nullable(),
  found: z.boolean(),
  reason: z
    .string()
    .nullable()
    .describe('Why nothing was found (private, loopback, link-local, reserved or unknown address)'),
  country: z.object({ code: z.string(), name: z.string().nullable() }).nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable().describe('City-level, rounded to 4 decimals'),
  longitude: z.number().nullable(),
  timezone: z.string().nullable().describe('IANA zone derived from the coordinates'),
  asn: z.object({ number: z.number().int(), org: z.string() }).nullable(),
  attribution: z
    .array(Attribution)
    .describe('Data licences; the DB-IP credit and link must be shown wherever results are used'),
});
export type GetIpOutput = z.infer<typeof GetIpOutput>;

export const EmptyInput = z.strictObject({});
export const GenUuidOutput = z.object({ uuid: z.string(), version: z.literal(4) });
export type GenUuidOutput = z.infer<typeof GenUuidOutput>;

export const GenPasswordInput = z
  .strictObject({
    length: z.number().int().min(4).max(128).default(20).describe('Password length in characters (4-128)'),
  })
  .meta({ examples: [{ length: 24 }] });
export type GenPasswordInput = z.infer<typeof GenPasswordInput>;
export const GenPasswordOutput = z.object({
  password: z.string().describe('Has at least one lower-case letter, upper-case letter, digit and symbol'),
  length: z.number().int(),
  symbols: z.string().describe('The symbol set the password draws from'),
});
export type GenPasswordOutput = z.infer<typeof GenPasswordOutput>;

export const GenTokenInput = z
  .strictObject({
    bytes: z.number().int().min(1).max(256).default(32).describe('Number of random bytes (1-256)'),
  })
  .meta({ examples: [{ bytes: 32 }] });
export type GenTokenInput = z.infer<typeof GenTokenInput>;
export const GenTokenOutput = z.object({
  token: z.string().describe('Random bytes in lower-case hex (2 characters per byte)'),
  bytes: z.number().int(),
  encoding: z.literal('hex'),
});
export type GenTokenOutput = z.infer<typeof GenTokenOutput>;

export const EncodeBase64Input = z
  .strictObject({
    text: z.string().max(MAX_TEXT).describe('Text to encode; its UTF-8 bytes are encoded'),
  })
  .meta({ examples: [{ text: 'hello world' }] });
export type EncodeBase64Input = z.infer<typeof EncodeBase64Input>;
export const EncodeBase64Output = z.object({
  base64: z.string().describe('Standard alphabet, padded'),
  bytes: z.number().int().describe('UTF-8 byte length of the input'),
});
export type EncodeBase64Output = z.infer<typeof EncodeBase64Output>;

export const DecodeBase64Input = z
  .strictObject({
    // Room for the base64 of a 64 KiB payload plus line breaks.
    text: z
      .string()
      .max(2 * MAX_TEXT)
      .refine(isBase64, 'is not valid base64')
      .describe('Base64 (standard or URL-safe alphabet, padding optional, line breaks ignored)'),
  })
  .meta({ examples: [{ text: 'aGVsbG8gd29ybGQ=' }] });
export type DecodeBase64Input = z.infer<typeof DecodeBase64Input>;
export const DecodeBase64Output = z.object({
  text: z.string().describe('The bytes read as UTF-8 (invalid sequences become U+FFFD)'),
  valid_utf8: z.boolean(),
  bytes: z.number().int(),
  hex: z.string().nullable().describe('The raw bytes in hex when they are not valid UTF-8'),
});
export type DecodeBase64Output = z.infer<typeof DecodeBase64Output>;

export const HashInput = z
  .strictObject({
    text: z.string().max(MAX_TEXT).describe('Text to hash; its UTF-8 bytes are hashed'),
  })
  .meta({ examples: [{ text: 'hello world' }] });
export type HashInput = z.infer<typeof HashInput>;
export const HashOutput = z.object({
  algorithm: z.enum(['sha256', 'md5']),
  digest: z.string().describe('Lower-case hex digest'),
  bytes: z.number().int().describe('UTF-8 byte length of the input'),
});
export type HashOutput = z.infer<typeof HashOutput>;

export const DecodeJwtInput = z
  .strictObject({
    token: z
      .string()
      .min(1)
      .max(16_384)
      .superRefine((token, ctx) => {
        const jwt = readJwt(token);
        if (!jwt.ok) ctx.addIssue({ code: 'custom', message: jwt.problem });
      })
      .describe('A JWT in compact serialization (header.payload.signature)'),
  })
  .meta({
    examples: [
      {
        token:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
          'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.' +
          'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      },
    ],
  });
export type DecodeJwtInput = z.infer<typeof DecodeJwtInput>;
const ClaimTime = z.string().nullable();
export const DecodeJwtOutput = z.object({
  header: z.record(z.string(), z.unknown()),
  payload: z.record(z.string(), z.unknown()),
  signature: z.string().describe('The signature segment as given (base64url)'),
  signature_verified: z.literal(false).describe('Always false: this operation never verifies signatures'),
  note: z.string(),
  claims: z.object({
    issued_at: ClaimTime.describe('iat as ISO 8601'),
    not_before: ClaimTime.describe('nbf as ISO 8601'),
    expires_at: ClaimTime.describe('exp as ISO 8601'),
  }),
  expired: z.boolean().nullable().describe('Whether exp has passed; null without exp'),
});
export type DecodeJwtOutput = z.infer<typeof DecodeJwtOutput>;

export const GetTimeNowInput = z
  .strictObject({
    tz: ianaZone('Time zone to show the time in').default('UTC'),
  })
  .meta({ examples: [{ tz: 'Europe/Berlin' }] });
export type GetTimeNowInput = z.infer<typeof GetTimeNowInput>;
export const GetTimeNowOutput = Zoned.extend({
  utc: z.string(),
  epoch_ms: z.number().int(),
  epoch_seconds: z.number().int(),
});
export type GetTimeNowOutput = z.infer<typeof GetTimeNowOutput>;

export const ConvertTimeInput = z
  .strictObject({
    time: z
      .string()
      .min(1)
      .max(64)
      .describe(
        'ISO 8601 (e.g. "2026-03-08T02:30:00") or "YYYY-MM-DD HH:mm[:ss]"; without an offset it is a wall-clock ' +
          'time in from_tz',
      ),
    from_tz: ianaZone('Zone the time is given in'),
    to_tz: ianaZone('Zone to convert to'),
  })
  .superRefine(({ time, from_tz }, ctx) => {
    if (!isIanaZone(from_tz)) return;
    const read = readTime(time, from_tz);
    if (!read.isValid)
      ctx.addIssue({
        code: 'custom',
        path: ['time'],
        message: `must be ISO 8601 or "YYYY-MM-DD HH:mm[:ss]" (${read.invalidExplanation ?? read.invalidReason})`,
      });
  })
  .meta({ examples: [{ time: '2026-07-01 09:00', from_tz: 'America/New_York', to_tz: 'Asia/Tokyo' }] });
export type ConvertTimeInput = z.infer<typeof ConvertTimeInput>;
export const ConvertTimeOutput = z.object({
  from: Zoned,
  to: Zoned,
  utc: z.string(),
  epoch_ms: z.number().int(),
  note: z.string().nullable().describe('Set when the time fell in a DST gap or overlap, or carried its own offset'),
});
export type ConvertTimeOutput = z.infer<typeof ConvertTimeOutput>;

const UNIT_LIST =
  'length: mm cm m km in yd ft-us ft mi; weight: mcg mg g kg mt oz lb t; temperature: C K F R; ' +
  'volume: mm3 cm3 ml cl dl l kl m3 km3 krm tsk msk kkp glas kanna tsp Tbs in3 fl-oz cup pnt qt gal ft3 yd3; ' +
  'data: b Kb Mb Gb Tb B KB MB GB TB (binary, 1 KB = 1024 B); speed: m/s km/h m/h (miles per hour) knot ft/s';
const Unit = z.enum(UNIT_ABBREVIATIONS);
export const ConvertUnitsInput = z
  .strictObject({
    from: Unit.describe(`Unit to convert from, case-sensitive. ${UNIT_LIST}`),
    to: Unit.describe('Unit to convert to, in the same category as from'),
    value: z.number().min(-1e15).max(1e15).describe('Amount in the from unit'),
  })
  .superRefine(({ from, to }, ctx) => {
    const [a, b] = [UNITS.get(from), UNITS.get(to)];
    if (a && b && a.measure !== b.measure)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `cannot convert ${CATEGORIES[a.measure]} (${from}) to ${CATEGORIES[b.measure]} (${to})`,
      });
  })
  .meta({ examples: [{ from: 'km', to: 'mi', value: 42.195 }] });
export type ConvertUnitsInput = z.infer<typeof ConvertUnitsInput>;
const UnitName = z.object({ unit: z.string(), name: z.string() });
export const ConvertUnitsOutput = z.object({
  category: z.enum(['length', 'weight', 'temperature', 'volume', 'data', 'speed']),
  value: z.number(),
  from: UnitName,
  to: UnitName,
  result: z.number().describe('Rounded to 10 significant digits'),
  note: z.string().nullable(),
});
export type ConvertUnitsOutput = z.infer<typeof ConvertUnitsOutput>;

const NUMBER = String.raw`\s*\d{1,3}(?:\.\d+)?`;
export const ConvertColorInput = z
  .strictObject({
    hex: z
      .string()
      .max(9)
      .regex(/^#?(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/)
      .optional()
      .describe('Hex colour, "#" optional (encode it as %23 in a query): RGB, RGBA, RRGGBB or RRGGBBAA'),
    rgb: z
      .string()
      .max(32)
      .regex(/^\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*$/, { abort: true })
      .refine(rgbInRange, 'must be "r,g,b" with integers 0-255')
      .optional()
      .describe('"r,g,b" with integers 0-255'),
    hsl: z
      .string()
      .max(48)
      .regex(new RegExp(`^${NUMBER}\\s*,${NUMBER}%?\\s*,${NUMBER}%?\\s*$`), { abort: true })
      .refine(hslInRange, 'must be "h,s,l" with h 0-360 and s, l 0-100')
      .optional()
      .describe('"h,s,l" with h 0-360 and s, l 0-100 (a "%" suffix is allowed)'),
  })
  .superRefine((input, ctx) => {
    const given = (['hex', 'rgb', 'hsl'] as const).filter((k) => input[k] !== undefined);
    if (given.length > 1)
      ctx.addIssue({ code: 'custom', message: `give at most one of hex, rgb or hsl (got ${given.join(', ')})` });
  })
  .meta({ examples: [{ hex: 'ff6347' }] });
export type ConvertColorInput = z.infer<typeof ConvertColorInput>;
export const ConvertColorOutput = z.object({
  hex: z.string(),
  rgb: z.object({ r: z.number().int(), g: z.number().int(), b: z.number().int(), string: z.string() }),
  hsl: z.object({ h: z.number(), s: z.number(), l: z.number(), string: z.string() }),
  alpha: z.number().min(0).max(1),
  source: z
    .enum(['hex', 'rgb', 'hsl', 'random'])
    .describe('Which input was converted; "random" when none was given (a random opaque colour)'),
});
export type ConvertColorOutput = z.infer<typeof ConvertColorOutput>;

export const ParseCronInput = z
  .strictObject({
    expr: z
      .string()
      .min(1)
      .max(256)
      .describe('Cron expression: 5 fields, or 6 with seconds first; @daily-style aliases allowed'),
    tz: ianaZone('Zone the schedule runs in').default('UTC'),
  })
  .superRefine(({ expr, tz }, ctx) => {
    const problem = isIanaZone(tz) ? cronProblem(expr, tz) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['expr'], message: problem });
  })
  .meta({ examples: [{ expr: '0 9 * * 1-5', tz: 'Europe/Berlin' }] });
export type ParseCronInput = z.infer<typeof ParseCronInput>;
export const ParseCronOutput = z.object({
  expr: z.string(),
  timezone: z.string(),
  description: z.string().describe('English description (24-hour clock)'),
  next: z.array(z.string()).describe('The next 5 runs, ISO 8601 in UTC'),
  next_local: z.array(z.string()).describe('The same runs as local times in the schedule zone'),
});
export type ParseCronOutput = z.infer<typeof ParseCronOutput>;

export const FormatJsonInput = z
  .strictObject({
    text: z
      .string()
      .max(MAX_TEXT)
      .superRefine((text, ctx) => {
        const problem = jsonProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe('JSON document to pretty-print'),
    indent: z.number().int().min(0).max(8).default(2).describe('Spaces per level; 0 gives compact output'),
  })
  .meta({ examples: [{ text: '{"name":"toll","tags":["x402","solana"]}', indent: 2 }] });
export type FormatJsonInput = z.infer<typeof FormatJsonInput>;
export const FormatJsonOutput = z.object({
  formatted: z.string().describe('Numbers are re-serialized as IEEE 754 doubles; of duplicate keys the last wins'),
  root_type: JsonRootType,
});
export type FormatJsonOutput = z.infer<typeof FormatJsonOutput>;

export const ValidateJsonInput = z
  .strictObject({
    text: z.string().max(MAX_TEXT).describe('JSON document to check'),
  })
  .meta({ examples: [{ text: '{"ok":true}' }] });
export type ValidateJsonInput = z.infer<typeof ValidateJsonInput>;
export const ValidateJsonOutput = z.object({
  valid: z.boolean(),
  root_type: JsonRootType.optional().describe('Type of the top-level value when valid'),
  error: z
    .object({
      message: z.string(),
      line: z.number().int().describe('1-based'),
      column: z.number().int().describe('1-based, in UTF-16 code units'),
      position: z.number().int().describe('0-based offset in UTF-16 code units'),
    })
    .optional()
    .describe('Where parsing failed when invalid'),
});
export type ValidateJsonOutput = z.infer<typeof ValidateJsonOutput>;
