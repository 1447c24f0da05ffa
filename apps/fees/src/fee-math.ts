// Exact fee arithmetic in bigint: prices are u64 micro-lamports per compute unit, so units × price overflows
// a double long before it overflows a u64 product.
export const LAMPORTS_PER_SIGNATURE = 5_000n;
// The runtime's ceiling for SetComputeUnitLimit.
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;
const BPS = 10_000n;

export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

// What the runtime charges for priority: ceil(compute-unit limit × price / 10⁶) lamports.
export const priorityFeeLamports = (units: number, microLamportsPerCu: bigint): bigint =>
  ceilDiv(BigInt(units) * microLamportsPerCu, MICRO_LAMPORTS_PER_LAMPORT);

export function feeParts(signatures: number, units: number, microLamportsPerCu: bigint) {
  const base = BigInt(signatures) * LAMPORTS_PER_SIGNATURE;
  const priority = priorityFeeLamports(units, microLamportsPerCu);
  return {
    base_fee_lamports: base.toString(),
    priority_fee_lamports: priority.toString(),
    total_fee_lamports: (base + priority).toString(),
  };
}

// "1.1" → 11,000 basis points, read from the decimal text so no float rounding creeps in.
export function marginBps(margin: string): bigint {
  const [whole, fraction = ''] = margin.split('.');
  return BigInt(whole) * BPS + BigInt(fraction.padEnd(4, '0'));
}

// The limit optimize sets: the simulated units plus the margin (rounded up), at least the floor, at most 1.4M.
export function computeUnitLimit(unitsConsumed: number, margin: string, floor: number): number {
  const withMargin = ceilDiv(BigInt(unitsConsumed) * marginBps(margin), BPS);
  const limit = withMargin > BigInt(floor) ? withMargin : BigInt(floor);
  return Number(limit < MAX_COMPUTE_UNIT_LIMIT ? limit : MAX_COMPUTE_UNIT_LIMIT);
}
