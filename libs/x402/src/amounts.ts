import type { PriceSpec } from '@toll/contracts';

// Exact decimal arithmetic on strings and bigints: money never passes through a JS number.
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export const USDC_DECIMALS = 6;
export const LAMPORTS_PER_SOL = 1_000_000_000n;

// "0.005" → 5000n at 6 decimals; refuses anything that would need rounding.
export function toAtomic(decimal: string, decimals: number): bigint {
  const m = DECIMAL.exec(decimal);
  if (!m) throw new RangeError(`not a decimal amount: ${decimal}`);
  const frac = m[2] ?? '';
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals)))
    throw new RangeError(`${decimal} has more than ${decimals} decimals`);
  return BigInt(m[1] + frac.slice(0, decimals).padEnd(decimals, '0'));
}

// 5000n at 6 decimals → "0.005"
export function fromAtomic(atomic: bigint, decimals: number): string {
  const negative = atomic < 0n;
  const digits = (negative ? -atomic : atomic).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? '.' + frac : ''}`;
}

export const usdToUsdcAtomic = (usd: string): bigint => toAtomic(usd, USDC_DECIMALS);

// Lamports that buy `usd` at `solUsd` dollars per SOL, rounded up so we are never paid less than the price.
export function usdToLamports(usd: string, solUsd: string): bigint {
  const scale = 12;
  const num = toAtomic(usd, scale) * LAMPORTS_PER_SOL;
  const den = toAtomic(solUsd, scale);
  if (den <= 0n) throw new RangeError('SOL/USD rate must be positive');
  return (num + den - 1n) / den;
}

// A balance call costs the operation's price; a block's price is spread over its requests, rounded up to the
// next atomic unit (a balance pays per call, never for a block it does not use).
export function balancePriceAtomic(price: PriceSpec): bigint {
  const atomic = usdToUsdcAtomic(price.usd);
  if (price.per !== 'block') return atomic;
  const n = BigInt(price.requests);
  return (atomic + n - 1n) / n;
}
