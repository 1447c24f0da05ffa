import { fromAtomic, toAtomic } from '@toll/x402';

// A USDT transfer's energy depends on whether the recipient already holds USDT (its balance slot exists) or not
// (a new slot is written): measured 2026-09-30 at 64,285 and 130,285 energy (docs/peers.md §4.1).
export const ENERGY_TO_HOLDER = 64_285;
export const ENERGY_TO_EMPTY = 130_285;
// A signed TRC-20 transfer transaction is 345-350 bytes; the larger end, so the estimate never falls short.
export const TRANSFER_BYTES = 350;
const SUN_PER_TRX = 6;

export const bandOf = (holdsUsdt: boolean) =>
  holdsUsdt
    ? { energy: ENERGY_TO_HOLDER, band: 'recipient holds USDT: about 64,285 energy' }
    : { energy: ENERGY_TO_EMPTY, band: 'recipient holds no USDT: about 130,285 energy' };

export const sunToTrx = (sun: bigint) => fromAtomic(sun, SUN_PER_TRX);

// USD value of `sun` at `trxUsd` dollars per TRX, rounded half up to the cent, exactly.
export function sunToUsd(sun: bigint, trxUsd: string): string {
  const price = toAtomic(trxUsd, 12); // dollars × 10^12
  const scale = 10n ** BigInt(SUN_PER_TRX + 12 - 2); // → cents
  const cents = (sun * price * 2n + scale) / (scale * 2n);
  return fromAtomic(cents, 2);
}

export const usdtToAtomic = (amount: number) => toAtomic(String(amount), 6);
export const atomicToUsdt = (atomic: bigint) => fromAtomic(atomic, 6);
