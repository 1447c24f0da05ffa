// Exact decimal strings. An upstream number becomes a string once, at the edge; every sum, ratio,
// shift and rounding after that runs on bigints, so no price passes through float arithmetic.
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
const EXPONENT = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i;

interface Scaled {
  units: bigint; // value × 10^scale
  scale: number;
}

function parse(dec: string): Scaled {
  const m = PLAIN.exec(dec);
  if (!m) throw new RangeError(`not a decimal string: ${dec}`);
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac);
  return { units: m[1] ? -units : units, scale: frac.length };
}

function format({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = `${int}${frac ? `.${frac}` : ''}`;
  return negative && text !== '0' ? `-${text}` : text;
}

const pow10 = (n: number) => 10n ** BigInt(n);

// Multiplies by 10^places (negative places divide); exact, since only the decimal point moves.
function shifted({ units, scale }: Scaled, places: number): Scaled {
  const next = scale - places;
  return next >= 0 ? { units, scale: next } : { units: units * pow10(-next), scale: 0 };
}

// Rounds half away from zero to at most `places` decimals.
function rounded({ units, scale }: Scaled, places: number): Scaled {
  if (scale <= places) return { units, scale };
  const divisor = pow10(scale - places);
  const magnitude = units < 0n ? -units : units;
  const q = (magnitude * 2n + divisor) / (divisor * 2n);
  return { units: units < 0n ? -q : q, scale: places };
}

const align = (a: Scaled, b: Scaled): [bigint, bigint, number] => {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
};

// A JSON number as the decimal string it was written as. String() gives the shortest text that reads
// back as the same double, which is the upstream's own literal for every realistic price (≤ 15 digits).
export function decimalFromNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const text = String(n);
  const m = EXPONENT.exec(text);
  if (!m) return format(parse(text));
  return format(shifted(parse(`${m[1]}${m[2]}${m[3] ? `.${m[3]}` : ''}`), Number(m[4])));
}

// "$1,234.50" → "1234.5"; anything else that is not a plain decimal ("N/A", "--") is refused.
export function decimalFromText(text: string): string {
  return format(parse(text.trim().replace(/^\$/, '').replace(/,/g, '')));
}

// An integer with a power-of-ten exponent (Pyth: price × 10^expo) as a decimal string.
export const decimalFromScaled = (integer: string, exponent: number): string =>
  format(shifted(parse(integer), exponent));

export const shiftDecimal = (dec: string, places: number): string => format(shifted(parse(dec), places));

export const roundDecimal = (dec: string, places: number): string => format(rounded(parse(dec), places));

export const sumDecimals = (values: readonly string[]): string =>
  format(
    values.map(parse).reduce(
      (acc, v) => {
        const [a, b, scale] = align(acc, v);
        return { units: a + b, scale };
      },
      { units: 0n, scale: 0 },
    ),
  );

export const multiplyDecimal = (dec: string, factor: number): string => {
  const { units, scale } = parse(dec);
  return format({ units: units * BigInt(factor), scale });
};

// numerator ÷ denominator × 100, rounded half away from zero to `places` decimals, from the exact ratio.
export function percentOf(numerator: string, denominator: string, places: number): string {
  const [num, den] = align(parse(numerator), parse(denominator));
  if (den === 0n) throw new RangeError('division by zero');
  const negative = num < 0n !== den < 0n;
  const [n, d] = [num < 0n ? -num : num, den < 0n ? -den : den];
  const q = (n * 200n * pow10(places) + d) / (d * 2n);
  return format({ units: negative ? -q : q, scale: places });
}

// Orders two decimal strings exactly: negative, zero or positive like a comparator.
export function compareDecimals(a: string, b: string): number {
  const [x, y] = align(parse(a), parse(b));
  return x === y ? 0 : x < y ? -1 : 1;
}
