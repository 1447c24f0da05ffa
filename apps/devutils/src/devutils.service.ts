import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { colord, type Colord } from 'colord';
import convert from 'convert-units';
import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
import { DateTime, IANAZone } from 'luxon';
import { isUtf8 } from 'node:buffer';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from './clock';
import type * as S from './devutils.schemas';
import { parseJson } from './json-text';

const invalid = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new TollError('INVALID_INPUT', message, { issues: [{ field, message }], ...extra });

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
// Printable ASCII punctuation minus quotes, backslash and backtick, the ones that most often need escaping.
export const SYMBOLS = '!#$%&()*+,-./:;<=>?@[]^_{|}~';
const PASSWORD_CLASSES = [LOWER, UPPER, DIGITS, SYMBOLS];
const PASSWORD_ALPHABET = PASSWORD_CLASSES.join('');

// convert-units measure → the category name the spec uses.
const CATEGORIES = { length: 'length', mass: 'weight', temperature: 'temperature', volume: 'volume', digital: 'data', speed: 'speed' } as const;
type Measure = keyof typeof CATEGORIES;
const UNITS = new Map(
  (Object.keys(CATEGORIES) as Measure[]).flatMap((m) => convert().list(m).map((u) => [u.abbr as string, { ...u, measure: m }] as const)),
);
const SUPPORTED_UNITS = (Object.keys(CATEGORIES) as Measure[]).map((m) => `${CATEGORIES[m]}: ${convert().possibilities(m).join(' ')}`).join('; ');
const CATEGORY_NOTES: Partial<Record<Measure, string>> = {
  digital: 'binary multiples: 1 KB = 1024 B, 1 MB = 1024 KB, 1 GB = 1024 MB (lower-case b units are bits)',
  volume: 'gal, qt, pnt, cup, fl-oz are US customary units',
  speed: 'm/h is miles per hour',
};
// convert-units bridges metric and US units with rounded factors; say so whenever a result crosses one.
const BRIDGE_NOTES: Partial<Record<Measure, string>> = {
  length: 'metric to US conversion uses 1 m = 3.28084 ft (exactly 3.280839895), about 3e-8 relative error',
  mass: 'metric to US conversion uses 1 lb = 453.592 g (exactly 453.59237), about 8e-7 relative error',
  volume: 'metric to US conversion uses 1 l = 33.8140226 fl-oz (exactly 33.814022702), about 3e-9 relative error',
};

const BASE64_STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_URL = /^[A-Za-z0-9_-]*={0,2}$/;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]*$/;
const WALL_CLOCK = "yyyy-LL-dd'T'HH:mm:ss.SSS";

@Injectable()
export class DevutilsService {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  genUuid(): S.GenUuidOutput {
    return { uuid: randomUUID(), version: 4 };
  }

  // randomInt draws without modulo bias (it rejection-samples internally). Whole passwords missing a
  // character class are redrawn rather than patched, so every valid password is equally likely.
  genPassword({ length }: S.GenPasswordInput): S.GenPasswordOutput {
    for (;;) {
      let password = '';
      for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
      if (PASSWORD_CLASSES.every((set) => [...password].some((c) => set.includes(c)))) return { password, length, symbols: SYMBOLS };
    }
  }

  genToken({ bytes }: S.GenTokenInput): S.GenTokenOutput {
    return { token: randomBytes(bytes).toString('hex'), bytes, encoding: 'hex' };
  }

  encodeBase64({ text }: S.EncodeBase64Input): S.EncodeBase64Output {
    const data = Buffer.from(text, 'utf8');
    return { base64: data.toString('base64'), bytes: data.length };
  }

  // Accepts the standard or the URL-safe alphabet, padded or not, with line breaks (as in MIME) ignored.
  decodeBase64({ text }: S.DecodeBase64Input): S.DecodeBase64Output {
    const compact = text.replace(/[\t\n\r ]/g, '');
    const padded = compact.endsWith('=');
    const wellFormed =
      (BASE64_STANDARD.test(compact) || BASE64_URL.test(compact)) && (padded ? compact.length % 4 === 0 : compact.length % 4 !== 1);
    if (!wellFormed) throw invalid('text', 'text is not valid base64');
    const data = Buffer.from(compact, 'base64');
    const validUtf8 = isUtf8(data);
    return { text: data.toString('utf8'), validUtf8, bytes: data.length, hex: validUtf8 ? null : data.toString('hex') };
  }

  hashSha256({ text }: S.HashInput): S.HashOutput {
    return this.hash('sha256', text);
  }

  hashMd5({ text }: S.HashInput): S.HashOutput {
    return this.hash('md5', text);
  }

  // Decodes only: the signature is never checked, so nothing in the token can be trusted from this alone.
  decodeJwt({ token }: S.DecodeJwtInput): S.DecodeJwtOutput {
    const parts = token.trim().split('.');
    if (parts.length === 5) throw invalid('token', 'token is an encrypted JWT (JWE), which cannot be decoded without its key');
    if (parts.length !== 3) throw invalid('token', 'token must have three dot-separated parts: header.payload.signature');
    const [headerPart, payloadPart, signature] = parts;
    const header = jwtSegment(headerPart, 'header');
    const payload = jwtSegment(payloadPart, 'payload');
    if (!BASE64URL_SEGMENT.test(signature)) throw invalid('token', 'the JWT signature is not base64url');
    const exp = claimTime(payload.exp);
    return {
      header,
      payload,
      signature,
      signatureVerified: false,
      note: 'Decoded without verifying the signature; do not trust these claims until the token is verified with the issuer key.',
      claims: { issuedAt: claimTime(payload.iat), notBefore: claimTime(payload.nbf), expiresAt: exp },
      expired: exp === null ? null : Date.parse(exp) <= this.clock().getTime(),
    };
  }

  getTimeNow({ tz }: S.GetTimeNowInput): S.GetTimeNowOutput {
    const now = DateTime.fromJSDate(this.clock(), { zone: zoneOf('tz', tz) });
    return { ...zoned(now), utc: now.toUTC().toISO()!, epochMs: now.toMillis(), epochSeconds: Math.floor(now.toSeconds()) };
  }

  // Times without an offset are wall-clock times in from_tz; DST gaps and overlaps are reported in `note`.
  convertTime({ time, from_tz, to_tz }: S.ConvertTimeInput): S.ConvertTimeOutput {
    const fromZone = zoneOf('from_tz', from_tz);
    const toZone = zoneOf('to_tz', to_tz);
    const from = readTime(time, fromZone);
    return { from: zoned(from), to: zoned(from.setZone(toZone)), utc: from.toUTC().toISO()!, epochMs: from.toMillis(), note: timeNote(time, from, fromZone) };
  }

  convertUnits({ from, to, value }: S.ConvertUnitsInput): S.ConvertUnitsOutput {
    const a = unitOf('from', from);
    const b = unitOf('to', to);
    if (a.measure !== b.measure) throw invalid('to', `cannot convert ${CATEGORIES[a.measure]} (${from}) to ${CATEGORIES[b.measure]} (${to})`);
    // convert-units chains float factors; 10 significant digits drops the binary noise (0.1 km is 100 m, not 100.00000000000001).
    const result = Number(convert(value).from(a.abbr).to(b.abbr).toPrecision(10));
    return {
      category: CATEGORIES[a.measure],
      value,
      from: { unit: a.abbr, name: a.singular },
      to: { unit: b.abbr, name: b.singular },
      result,
      note: [CATEGORY_NOTES[a.measure], a.system !== b.system && BRIDGE_NOTES[a.measure]].filter(Boolean).join('; ') || null,
    };
  }

  convertColor(input: S.ConvertColorInput): S.ConvertColorOutput {
    const given = (['hex', 'rgb', 'hsl'] as const).filter((k) => input[k] !== undefined);
    if (given.length !== 1) throw invalid('(root)', 'give exactly one of hex, rgb or hsl');
    const color = colorOf(input);
    const { r, g, b, a } = color.toRgb();
    const hsl = color.toHsl();
    return {
      hex: color.toHex(),
      rgb: { r, g, b, string: color.toRgbString() },
      hsl: { h: hsl.h, s: hsl.s, l: hsl.l, string: color.toHslString() },
      alpha: a,
    };
  }

  // cron-parser computes the runs; cronstrue describes them and also rejects the too-short
  // expressions ("* * *", "") that cron-parser quietly pads.
  parseCron({ expr, tz }: S.ParseCronInput): S.ParseCronOutput {
    const zone = zoneOf('tz', tz);
    let runs: Date[];
    let description: string;
    try {
      runs = CronExpressionParser.parse(expr, { currentDate: this.clock(), tz: zone })
        .take(5)
        .map((d) => d.toDate());
      description = cronstrue.toString(expr, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
    } catch (err) {
      throw invalid('expr', `invalid cron expression: ${String(err instanceof Error ? err.message : err).replace(/^Error: /, '')}`);
    }
    return {
      expr,
      timezone: zone,
      description,
      next: runs.map((d) => d.toISOString()),
      nextLocal: runs.map((d) => DateTime.fromJSDate(d, { zone }).toISO()!),
    };
  }

  formatJson({ text, indent }: S.FormatJsonInput): S.FormatJsonOutput {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const { message, line, column, position } = parsed.error;
      throw invalid('text', `invalid JSON: ${message} at line ${line}, column ${column}`, { line, column, position });
    }
    try {
      return { formatted: JSON.stringify(parsed.value, null, indent), rootType: parsed.rootType };
    } catch (err) {
      if (err instanceof RangeError) throw invalid('text', 'JSON is nested too deeply to format');
      throw err;
    }
  }

  validateJson({ text }: S.ValidateJsonInput): S.ValidateJsonOutput {
    const parsed = parseJson(text);
    return parsed.ok ? { valid: true, rootType: parsed.rootType } : { valid: false, error: parsed.error };
  }

  private hash(algorithm: 'sha256' | 'md5', text: string): S.HashOutput {
    const data = Buffer.from(text, 'utf8');
    return { algorithm, digest: createHash(algorithm).update(data).digest('hex'), bytes: data.length };
  }
}

function jwtSegment(segment: string, name: 'header' | 'payload'): Record<string, unknown> {
  if (!segment || !BASE64URL_SEGMENT.test(segment)) throw invalid('token', `the JWT ${name} is not base64url`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw invalid('token', `the JWT ${name} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('token', `the JWT ${name} is not a JSON object`);
  return value as Record<string, unknown>;
}

// NumericDate claims are seconds since the epoch; anything else (or out of Date's range) is left out.
function claimTime(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 8.64e12) return null;
  return new Date(value * 1000).toISOString();
}

// Only IANA names (luxon would also take "local", "UTC+3"...). Intl fixes the letter case ("utc" → "UTC"),
// but its other rewrites are ICU's legacy ids (Asia/Kolkata → Asia/Calcutta), so those are not taken.
function zoneOf(field: string, name: string): string {
  if (!IANAZone.isValidZone(name)) throw invalid(field, `${field} is not a known IANA time zone: ${name}`);
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return canonical.toLowerCase() === name.toLowerCase() ? canonical : name;
}

function zoned(dt: DateTime) {
  return { timezone: dt.zoneName!, iso: dt.toISO()!, offset: dt.toFormat('ZZ'), isDst: dt.isInDST };
}

function readTime(time: string, zone: string): DateTime {
  const iso = DateTime.fromISO(time, { zone });
  const dt = iso.isValid ? iso : DateTime.fromSQL(time, { zone });
  if (!dt.isValid) throw invalid('time', `time must be ISO 8601 or "YYYY-MM-DD HH:mm[:ss]" (${iso.invalidExplanation ?? iso.invalidReason})`);
  return dt;
}

// Says when the time was not read as a plain wall-clock time in its zone.
function timeNote(time: string, from: DateTime, zone: string): string | null {
  const asUtc = readTime(time, 'UTC');
  // A time with its own offset names the same instant whichever zone it is read in.
  if (asUtc.toMillis() === readTime(time, 'UTC+1').toMillis()) return 'time carries its own UTC offset, which fixes the instant; from_tz only sets how "from" is shown';
  if (from.toFormat(WALL_CLOCK) !== asUtc.toFormat(WALL_CLOCK)) return `${time} does not exist in ${zone} (skipped by a DST change); moved forward to ${from.toFormat('HH:mm:ss')}`;
  const offsets = from.getPossibleOffsets();
  if (offsets.length < 2) return null;
  return `${time} occurs twice in ${zone} (DST overlap); used offset ${from.toFormat('ZZ')} of ${offsets.map((o) => o.toFormat('ZZ')).join(' and ')}`;
}

function unitOf(field: 'from' | 'to', unit: string) {
  const found = UNITS.get(unit);
  if (!found) throw invalid(field, `unknown unit "${unit}" (units are case-sensitive; ${SUPPORTED_UNITS})`);
  return found;
}

function colorOf(input: S.ConvertColorInput): Colord {
  if (input.hex !== undefined) return colord(`#${input.hex.replace(/^#/, '')}`);
  if (input.rgb !== undefined) {
    const [r, g, b] = input.rgb.split(',').map((part) => Number(part.trim()));
    if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) throw invalid('rgb', 'rgb must be "r,g,b" with integers 0-255');
    return colord({ r, g, b });
  }
  const [h, s, l] = (input.hsl ?? '').split(',').map((part) => Number(part.trim().replace(/%$/, '')));
  if (!(h >= 0 && h <= 360 && s >= 0 && s <= 100 && l >= 0 && l <= 100)) throw invalid('hsl', 'hsl must be "h,s,l" with h 0-360 and s, l 0-100');
  return colord({ h, s, l });
}
