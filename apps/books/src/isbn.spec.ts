import { ISBN_PATTERN, isbnProblem, toIsbn10, toIsbn13 } from './isbn';

describe('ISBN', () => {
  it.each([
    '0143130722',
    '0-14-313072-2',
    '9780143130727',
    '978-0-14-313072-7',
    '054792822X',
    '054792822x',
    '9791032305690',
  ])('accepts %s', (isbn) => {
    expect(ISBN_PATTERN.test(isbn)).toBe(true);
    expect(isbnProblem(isbn)).toBeNull();
  });

  it('names the failed check digit', () => {
    expect(isbnProblem('0143130723')).toBe('ISBN-10 check digit does not match');
    expect(isbnProblem('9780143130728')).toBe('ISBN-13 must start with 978 or 979 and its check digit must match');
    expect(isbnProblem('978014313072X')).toBe('ISBN-13 must start with 978 or 979 and its check digit must match');
  });

  it('refuses shapes that are not ISBNs before any checksum', () => {
    for (const bad of ['', '12345', '97801431307270', 'abcdefghij', '0143130722-', '9770143130727'])
      expect(ISBN_PATTERN.test(bad) && isbnProblem(bad) === null).toBe(false);
  });

  it('converts ISBN-10 to ISBN-13 and back', () => {
    expect(toIsbn13('0-553-56261-4')).toBe('9780553562613');
    expect(toIsbn13('054792822X')).toBe('9780547928227');
    expect(toIsbn10('9780547928227')).toBe('054792822X');
    expect(toIsbn10('9780143130727')).toBe('0143130722');
    expect(toIsbn10('9791032305690')).toBeNull();
  });
});
