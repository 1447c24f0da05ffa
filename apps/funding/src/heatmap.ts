import type { HeatCell } from './liquidations.repository';

const TARGET_PRICE_BUCKETS = 20;
const TARGET_TIME_BUCKETS = 24;
const HOUR_MS = 3_600_000;

// "86500.000000" → "86500"; Postgres numeric text keeps the column's scale.
export const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

// Whole hours per time bucket so a window has at most 24 columns: 1 h up to 24 h, 2 h up to 48 h, 3 h up to 72 h.
export const timeBucketHours = (hours: number) => Math.ceil(hours / TARGET_TIME_BUCKETS);

// A round price-bucket width (1, 2, 2.5 or 5 × 10^k) giving about 20 buckets between the lowest and highest price.
// Bucket edges are a presentation choice, not money, so the range is measured in floating point.
export function priceStep(min: string, max: string): string {
  const range = Number(max) - Number(min);
  const raw = (range > 0 ? range : Number(max) * 0.01) / TARGET_PRICE_BUCKETS;
  const exponent = Math.floor(Math.log10(raw));
  const magnitude = 10 ** exponent;
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * magnitude >= raw) ?? 10;
  const decimals = Math.max(0, -exponent + (factor === 2.5 ? 1 : 0));
  return trimDecimal((factor * magnitude).toFixed(decimals));
}

export interface TimeBucket {
  from: string;
  to: string;
  cells: Array<{ price_from: string; price_to: string; long_usd: string; short_usd: string; events: number }>;
}

// Folds the (time × price × side) rows into time buckets, oldest first, each with its non-empty price buckets.
export function assemble(
  cells: readonly HeatCell[],
  windowFrom: number,
  hours: number,
  bucketHours: number,
): TimeBucket[] {
  const count = Math.ceil(hours / bucketHours);
  return Array.from({ length: count }, (_, i) => {
    const mine = cells.filter((c) => c.bucket === i);
    const prices = [...new Set(mine.map((c) => c.priceFrom))];
    return {
      from: new Date(windowFrom + i * bucketHours * HOUR_MS).toISOString(),
      to: new Date(Math.min(windowFrom + (i + 1) * bucketHours * HOUR_MS, windowFrom + hours * HOUR_MS)).toISOString(),
      cells: prices.map((p) => {
        const side = (s: 'long' | 'short') => mine.find((c) => c.priceFrom === p && c.posSide === s);
        const [long, short] = [side('long'), side('short')];
        return {
          price_from: trimDecimal(p),
          price_to: trimDecimal((long ?? short)!.priceTo),
          long_usd: long ? trimDecimal(long.usd) : '0',
          short_usd: short ? trimDecimal(short.usd) : '0',
          events: (long?.events ?? 0) + (short?.events ?? 0),
        };
      }),
    };
  });
}
