// Funding rates as exact decimal strings: a venue's rate is per funding interval (1, 2, 4 or 8 h), so every
// comparison goes through the hourly rate and its annualized form (rate × 8760 ÷ interval hours).
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const SCALE = 18; // venues quote at most 16 decimals, so parsing never rounds
const OUT_PLACES = 12;
const HOURS_PER_YEAR = 8760n;

function parse(text: string): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal rate: ${text}`);
  const frac = (m[3] ?? '').padEnd(SCALE, '0');
  if (frac.length > SCALE) throw new RangeError(`more than ${SCALE} decimals: ${text}`);
  const units = BigInt(m[2] + frac);
  return m[1] ? -units : units;
}

// units at SCALE, rounded half away from zero to OUT_PLACES, without trailing zeros.
function format(units: bigint): string {
  const divisor = 10n ** BigInt(SCALE - OUT_PLACES);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  const digits = rounded.toString().padStart(OUT_PLACES + 1, '0');
  const int = digits.slice(0, -OUT_PLACES);
  const frac = digits.slice(-OUT_PLACES).replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : int;
  return units < 0n && text !== '0' ? `-${text}` : text;
}

const divide = (units: bigint, by: bigint) => {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const q = (magnitude * 2n + by) / (by * 2n);
  return negative ? -q : q;
};

export interface Normalised {
  rate: string; // per interval, as the venue quotes it
  interval_hours: number;
  hourly: string;
  annualized: string; // simple, not compounded
}

export function normalise(rate: string, intervalHours: number): Normalised {
  if (!Number.isInteger(intervalHours) || intervalHours < 1 || intervalHours > 24)
    throw new RangeError(`funding interval out of range: ${intervalHours}`);
  const units = parse(rate);
  const hours = BigInt(intervalHours);
  return {
    rate: format(units),
    interval_hours: intervalHours,
    hourly: format(divide(units, hours)),
    annualized: format(divide(units * HOURS_PER_YEAR, hours)),
  };
}

export const compareRates = (a: string, b: string): number => {
  const [x, y] = [parse(a), parse(b)];
  return x === y ? 0 : x < y ? -1 : 1;
};

export const subtractRates = (a: string, b: string): string => format(parse(a) - parse(b));
