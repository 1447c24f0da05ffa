import { editDistance, judge, normalise, phoneticKey } from './similarity';

const q = (s: string) => ({ norm: normalise(s), key: phoneticKey(s) });

describe('similarity', () => {
  it('normalises case, accents, spacing and punctuation away', () => {
    expect(normalise('Py-Thon!')).toBe('python');
    expect(normalise('Café  Olé')).toBe('cafeole');
  });

  it('gives sound-alike spellings the same key', () => {
    expect(phoneticKey('PYTHON')).toBe(phoneticKey('Pithon'));
    expect(phoneticKey('Photon')).toBe(phoneticKey('FOTON'));
    expect(phoneticKey('Quick Clean')).toBe(phoneticKey('KWIK KLEEN'));
    expect(phoneticKey('Knight')).toBe(phoneticKey('Nite'));
    expect(phoneticKey('Python')).not.toBe(phoneticKey('Button'));
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('python', 'pyhton')).toBe(1);
    expect(editDistance('python', 'pyton')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('says which of exact, phonetic and fuzzy hold, strongest first, with reasons', () => {
    expect(judge(q('python'), q('PYTHON'), 0.75)).toEqual({
      similarity: 1,
      kinds: [
        {
          type: 'exact',
          reason: 'same letters and digits as the query once case, spacing, accents and punctuation are ignored',
        },
        { type: 'phonetic', reason: 'sounds alike: both reduce to the sound key "p0n"' },
      ],
    });
    expect(judge(q('python'), q('PYTON'), 0.75)).toEqual({
      similarity: 0.83,
      kinds: [
        { type: 'fuzzy', reason: '1 edit (letter added, removed, changed or swapped) from the query: similarity 0.83' },
      ],
    });
    expect(judge(q('python'), q('PYTON'), 0.9)).toBeNull();
    expect(judge(q('python'), q('BUTTON'), 0.75)).toBeNull();
  });
});
