// ISBN rules (ISO 2108): ISBN-10 check digit is mod 11 with weights 10..1 ('X' = 10); ISBN-13 is mod 10 with
// weights 1,3,1,3…; an ISBN-10 becomes an ISBN-13 by prefixing 978 and recomputing the check digit.

// Hyphens and spaces between digits are allowed, as printed on books.
export const ISBN_PATTERN = /^(?:97[89][- ]?)?(?:\d[- ]?){9}[\dXx]$/;

export const compact = (isbn: string) => isbn.replace(/[- ]/g, '').toUpperCase();

const isbn10Valid = (s: string) => {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (10 - i) * (s[i] === 'X' ? 10 : Number(s[i]));
  return /^\d{9}[\dX]$/.test(s) && sum % 11 === 0;
};

const isbn13CheckDigit = (first12: string) => {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
};

const isbn13Valid = (s: string) => /^97[89]\d{10}$/.test(s) && isbn13CheckDigit(s.slice(0, 12)) === s[12];

// Null when valid, else why not (the schema shows it as the field's message).
export function isbnProblem(raw: string): string | null {
  const s = compact(raw);
  if (s.length === 10) return isbn10Valid(s) ? null : 'ISBN-10 check digit does not match';
  if (s.length === 13)
    return isbn13Valid(s) ? null : 'ISBN-13 must start with 978 or 979 and its check digit must match';
  return 'an ISBN has 10 or 13 digits';
}

// The ISBN-13 of a valid ISBN (10 or 13, any hyphenation).
export function toIsbn13(raw: string): string {
  const s = compact(raw);
  if (s.length === 13) return s;
  const first12 = `978${s.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

// The ISBN-10 of a 978 ISBN-13 (979 numbers have none).
export function toIsbn10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const core = isbn13.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(core[i]);
  const check = (11 - (sum % 11)) % 11;
  return core + (check === 10 ? 'X' : String(check));
}
