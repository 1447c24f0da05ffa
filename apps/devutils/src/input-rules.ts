import convert from 'convert-units';
import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
import { DateTime, IANAZone } from 'luxon';
import { parseJson } from './json-text';

// Pure readers of the operations' inputs. The schemas refine with them, so every rule is judged before payment
// (the gateway asks the group's input check), and the service reads the same values without judging them again.

// convert-units measure → the category name the spec uses.
export const CATEGORIES = {
  length: 'length',
  mass: 'weight',
  temperature: 'temperature',
  volume: 'volume',
  digital: 'data',
  speed: 'speed',
} as const;
export type Measure = keyof typeof CATEGORIES;
export const UNITS = new Map(
  (Object.keys(CATEGORIES) as Measure[]).flatMap((m) =>
    convert()
      .list(m)
      .map((u) => [u.abbr as string, { ...u, measure: m }] as const),
  ),
);
export const UNIT_ABBREVIATIONS = [...UNITS.keys()] as [string, ...string[]];

const BASE64_STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_URL = /^[A-Za-z0-9_-]*={0,2}$/;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]*$/;

// Standard or URL-safe alphabet, padded or not, with line breaks (as in MIME) ignored.
export const compactBase64 = (text: string) => text.replace(/[\t\n\r ]/g, '');
export function isBase64(text: string): boolean {
  const compact = compactBase64(text);
  const padded = compact.endsWith('=');
  return (
    (BASE64_STANDARD.test(compact) || BASE64_URL.test(compact)) &&
    (padded ? compact.length % 4 === 0 : compact.length % 4 !== 1)
  );
}

export type Jwt =
  | { ok: true; header: Record<string, unknown>; payload: Record<string, unknown>; signature: string }
  | { ok: false; problem: string };

export function readJwt(token: string): Jwt {
  const parts = token.trim().split('.');
  if (parts.length === 5)
    return { ok: false, problem: 'is an encrypted JWT (JWE), which cannot be decoded without its key' };
  if (parts.length !== 3)
    return { ok: false, problem: 'must have three dot-separated parts: header.payload.signature' };
  const [headerPart, payloadPart, signature] = parts;
  const header = jwtSegment(headerPart, 'header');
  if (typeof header === 'string') return { ok: false, problem: header };
  const payload = jwtSegment(payloadPart, 'payload');
  if (typeof payload === 'string') return { ok: false, problem: payload };
  if (!BASE64URL_SEGMENT.test(signature)) return { ok: false, problem: 'has a signature that is not base64url' };
  return { ok: true, header, payload, signature };
}

// The decoded JSON object, or what is wrong with the segment.
function jwtSegment(segment: string, name: 'header' | 'payload'): Record<string, unknown> | string {
  if (!segment || !BASE64URL_SEGMENT.test(segment)) return `has a ${name} that is not base64url`;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return `has a ${name} that is not JSON`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `has a ${name} that is not a JSON object`;
  return value as Record<string, unknown>;
}

// Only IANA names (luxon would also take "local", "UTC+3"...).
export const isIanaZone = (name: string) => IANAZone.isValidZone(name);

export function readTime(time: string, zone: string): DateTime {
  const iso = DateTime.fromISO(time, { zone });
  return iso.isValid ? iso : DateTime.fromSQL(time, { zone });
}

// cron-parser computes the runs; cronstrue describes them and also rejects the too-short expressions ("* * *",
// "") that cron-parser quietly pads. Returns what is wrong, or undefined.
export function cronProblem(expr: string, tz: string): string | undefined {
  try {
    CronExpressionParser.parse(expr, { tz });
    cronstrue.toString(expr, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
    return undefined;
  } catch (err) {
    return `invalid cron expression: ${String(err instanceof Error ? err.message : err).replace(/^Error: /, '')}`;
  }
}

export function jsonProblem(text: string): string | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok)
    return `invalid JSON: ${parsed.error.message} at line ${parsed.error.line}, column ${parsed.error.column}`;
  try {
    JSON.stringify(parsed.value);
    return undefined;
  } catch (err) {
    if (err instanceof RangeError) return 'JSON is nested too deeply to format';
    throw err;
  }
}

export const rgbParts = (rgb: string) => rgb.split(',').map((part) => Number(part.trim()));
export const hslParts = (hsl: string) => hsl.split(',').map((part) => Number(part.trim().replace(/%$/, '')));
export const rgbInRange = (rgb: string) => rgbParts(rgb).every((v) => Number.isInteger(v) && v >= 0 && v <= 255);
export function hslInRange(hsl: string) {
  const [h, s, l] = hslParts(hsl);
  return h >= 0 && h <= 360 && s >= 0 && s <= 100 && l >= 0 && l <= 100;
}
