// VIN rules (49 CFR 565, ISO 3779): 17 characters without I, O or Q; position 9 is a check digit computed from
// the others (transliterated letters, weights 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2, sum mod 11, 10 written X).
// Every vehicle sold in the US carries one, and NHTSA recalls cover only those.

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const VALUE: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    sum += (/\d/.test(c) ? Number(c) : VALUE[c]) * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export const vinCheckDigitValid = (vin: string) => vinCheckDigit(vin) === vin[8];
