import { computeUnitLimit, feeParts, marginBps, priorityFeeLamports } from './fee-math';

describe('fee arithmetic', () => {
  it('charges ceil(units × price / 10⁶) lamports of priority', () => {
    expect(priorityFeeLamports(450, 1001n)).toBe(1n); // 0.45045 → 1
    expect(priorityFeeLamports(300_000, 7_013n)).toBe(2_104n); // 2,103.9 → 2,104
    expect(priorityFeeLamports(200_000, 5n)).toBe(1n); // exactly 1
    expect(priorityFeeLamports(150, 0n)).toBe(0n);
  });

  it('stays exact where doubles do not: 1.4M units at a u64-sized price', () => {
    // 1,400,000 × 3,000,000,000,000,001 = 4,200,000,000,000,001,400,000 → / 10⁶ = 4,200,000,000,000,001.4 → ceil
    expect(priorityFeeLamports(1_400_000, 3_000_000_000_000_001n)).toBe(4_200_000_000_000_002n);
    // u64::MAX × 1.4 = 25,825,441,703,193,372,261 exactly; a double cannot even hold the product
    expect(priorityFeeLamports(1_400_000, 18_446_744_073_709_551_615n)).toBe(25_825_441_703_193_372_261n);
    expect(priorityFeeLamports(1_400_001, 18_446_744_073_709_551_615n)).toBe(25_825_460_149_937_445_971n);
  });

  it('adds 5,000 lamports per signature and reports integer strings', () => {
    expect(feeParts(2, 300_000, 7_013n)).toEqual({
      base_fee_lamports: '10000',
      priority_fee_lamports: '2104',
      total_fee_lamports: '12104',
    });
  });

  it('reads the margin as exact basis points and applies floor and cap', () => {
    expect([marginBps('1'), marginBps('1.1'), marginBps('1.25'), marginBps('2.0001')]).toEqual([
      10_000n,
      11_000n,
      12_500n,
      20_001n,
    ]);
    expect(computeUnitLimit(450, '1.1', 1_000)).toBe(1_000); // 495 is under the floor
    expect(computeUnitLimit(1_276, '1.1', 1_000)).toBe(1_404); // 1,403.6 rounded up
    expect(computeUnitLimit(100_000, '1.1', 1_000)).toBe(110_000);
    expect(computeUnitLimit(1_300_000, '1.2', 1_000)).toBe(1_400_000); // capped
  });
});
