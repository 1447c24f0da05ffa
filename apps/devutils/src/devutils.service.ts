import { Inject, Injectable } from '@nestjs/common';
import { colord, type Colord } from 'colord';
import convert from 'convert-units';
import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
import { DateTime } from 'luxon';
import { isUtf8 } from 'node:buffer';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from './clock';
import type * as S from './devutils.schemas';
import { CATEGORIES, UNITS, compactBase64, hslParts, readJwt, readTime, rgbParts, type Measure } from './input-rules';
import { parseJson } from './json-text';

// Inputs arrive judged by their schemas (devutils.schemas.ts): the service only reads them.

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
// Printable ASCII punctuation minus quotes, backslash and backtick, the ones that most often need escaping.
export const SYMBOLS = '!#$%&()*+,-./:;<=>?@[]^_{|}~';
const PASSWORD_CLASSES = [LOWER, UPPER, DIGITS, SYMBOLS];
const PASSWORD_ALPHABET = PASSWORD_CLASSES.join('');

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
      if (PASSWORD_CLASSES.every((set) => [...password].some((c) => set.includes(c))))
        return { password, length, symbols: SYMBOLS };
    }
  }

  genToken({ bytes }: S.GenTokenInput): S.GenTokenOutput {
    return { token: randomBytes(bytes).toString('hex'), bytes, encoding: 'hex' };
  }

  encodeBase64({ text }: S.EncodeBase64Input): S.EncodeBase64Output {
    const data = Buffer.from(text, 'utf8');
    return { base64: data.toString('base64'), bytes: data.length };
  }

  decodeBase64({ text }: S.DecodeBase64Input): S.DecodeBase64Output {
    const data = Buffer.from(compactBase64(text), 'base64');
    const validUtf8 = isUtf8(data);
    return {
      text: data.toString('utf8'),
      valid_utf8: validUtf8,
      bytes: data.length,
      hex: validUtf8 ? null : data.toString('hex'),
    };
  }

  hashSha256({ text }: S.HashInput): S.HashOutput {
    return this.hash('sha256', text);
  }

  hashMd5({ text }: S.HashInput): S.HashOutput {
    return this.hash('md5', text);
  }

  // Decodes only: the signature is never checked, so nothing in the token can be trusted from this alone.
  decodeJwt({ token }: S.DecodeJwtInput): S.DecodeJwtOutput {
    const { header, payload, signature } = readJwt(token) as Extract<ReturnType<typeof readJwt>, { ok: true }>;
    const exp = claimTime(payload.exp);
    return {
      header,
      payload,
      signature,
      signature_verified: false,
      note:
        'Decoded without verifying the signature; do not trust these claims until the token is verified with the ' +
        'issuer key.',
      claims: { issued_at: claimTime(payload.iat), not_before: claimTime(payload.nbf), expires_at: exp },
      expired: exp === null ? null : Date.parse(exp) <= this.clock().getTime(),
    };
  }

  getTimeNow({ tz }: S.GetTimeNowInput): S.GetTimeNowOutput {
    const now = DateTime.fromJSDate(this.clock(), { zone: zoneOf(tz) });
    return {
      ...zoned(now),
      utc: now.toUTC().toISO()!,
      epoch_ms: now.toMillis(),
      epoch_seconds: Math.floor(now.toSeconds()),
    };
  }

  // Times without an offset are wall-clock times in from_tz; DST gaps and overlaps are reported in `note`.
  convertTime({ time, from_tz, to_tz }: S.ConvertTimeInput): S.ConvertTimeOutput {
    const fromZone = zoneOf(from_tz);
    const toZone = zoneOf(to_tz);
    const from = readTime(time, fromZone);
    return {
      from: zoned(from),
      to: zoned(from.setZone(toZone)),
      utc: from.toUTC().toISO()!,
      epoch_ms: from.toMillis(),
      note: timeNote(time, from, fromZone),
    };
  }

  convertUnits({ from, to, value }: S.ConvertUnitsInput): S.ConvertUnitsOutput {
    const [a, b] = [UNITS.get(from)!, UNITS.get(to)!];
    // convert-units chains float factors; 10 significant digits drops the binary noise (0.1 km is 100 m, not
    // 100.00000000000001).
    const result = Number(convert(value).from(a.abbr).to(b.abbr).toPrecision(10));
    return {
      category: CATEGORIES[a.measure],
      value,
      from: { unit: a.abbr, name: a.singular },
      to: { unit: b.abbr, name: b.singular },
      result,
      note:
        [CATEGORY_NOTES[a.measure], a.system !== b.system && BRIDGE_NOTES[a.measure]].filter(Boolean).join('; ') ||
        null,
    };
  }

  // With no input at all the answer is a random opaque colour in every form (the spec makes hex optional).
  convertColor(input: S.ConvertColorInput): S.ConvertColorOutput {
    const source = (['hex', 'rgb', 'hsl'] as const).find((k) => input[k] !== undefined) ?? 'random';
    const color = colorOf(input, source);
    const { r, g, b, a } = color.toRgb();
    const hsl = color.toHsl();
    return {
      hex: color.toHex(),
      rgb: { r, g, b, string: color.toRgbString() },
      hsl: { h: hsl.h, s: hsl.s, l: hsl.l, string: color.toHslString() },
      alpha: a,
      source,
    };
  }

  parseCron({ expr, tz }: S.ParseCronInput): S.ParseCronOutput {
    const zone = zoneOf(tz);
    const runs = CronExpressionParser.parse(expr, { currentDate: this.clock(), tz: zone })
      .take(5)
      .map((d) => d.toDate());
    const description = cronstrue.toString(expr, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
    return {
      expr,
      timezone: zone,
      description,
      next: runs.map((d) => d.toISOString()),
      next_local: runs.map((d) => DateTime.fromJSDate(d, { zone }).toISO()!),
    };
  }

  formatJson({ text, indent }: S.FormatJsonInput): S.FormatJsonOutput {
    const parsed = parseJson(text) as Extract<ReturnType<typeof parseJson>, { ok: true }>;
    return { formatted: JSON.stringify(parsed.value, null, indent), root_type: parsed.rootType };
  }

  validateJson({ text }: S.ValidateJsonInput): S.ValidateJsonOutput {
    const parsed = parseJson(text);
    return parsed.ok ? { valid: true, root_type: parsed.rootType } : { valid: false, error: parsed.error };
  }

  private hash(algorithm: 'sha256' | 'md5', text: string): S.HashOutput {
    const data = Buffer.from(text, 'utf8');
    return { algorithm, digest: createHash(algorithm).update(data).digest('hex'), bytes: data.length };
  }
}

// NumericDate claims are seconds since the epoch; anything else (or out of Date's range) is left out.
function claimTime(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 8.64e12) return null;
  return new Date(value * 1000).toISOString();
}

// Intl fixes the letter case ("utc" → "UTC"), but its other rewrites are ICU's legacy ids
// (Asia/Kolkata → Asia/Calcutta), so those are not taken.
function zoneOf(name: string): string {
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return canonical.toLowerCase() === name.toLowerCase() ? canonical : name;
}

function zoned(dt: DateTime) {
  return { timezone: dt.zoneName!, iso: dt.toISO()!, offset: dt.toFormat('ZZ'), is_dst: dt.isInDST };
}

// Says when the time was not read as a plain wall-clock time in its zone.
function timeNote(time: string, from: DateTime, zone: string): string | null {
  const asUtc = readTime(time, 'UTC');
  // A time with its own offset names the same instant whichever zone it is read in.
  if (asUtc.toMillis() === readTime(time, 'UTC+1').toMillis())
    return 'time carries its own UTC offset, which fixes the instant; from_tz only sets how "from" is shown';
  if (from.toFormat(WALL_CLOCK) !== asUtc.toFormat(WALL_CLOCK))
    return `${time} does not exist in ${zone} (skipped by a DST change); moved forward to ${from.toFormat('HH:mm:ss')}`;
  const offsets = from.getPossibleOffsets();
  if (offsets.length < 2) return null;
  return (
    `${time} occurs twice in ${zone} (DST overlap); used offset ${from.toFormat('ZZ')} of ` +
    `${offsets.map((o) => o.toFormat('ZZ')).join(' and ')}`
  );
}

function colorOf(input: S.ConvertColorInput, source: S.ConvertColorOutput['source']): Colord {
  if (source === 'hex') return colord(`#${input.hex!.replace(/^#/, '')}`);
  if (source === 'rgb') {
    const [r, g, b] = rgbParts(input.rgb!);
    return colord({ r, g, b });
  }
  if (source === 'hsl') {
    const [h, s, l] = hslParts(input.hsl!);
    return colord({ h, s, l });
  }
  return colord({ r: randomInt(256), g: randomInt(256), b: randomInt(256) });
}
