import { Spelling } from './spelling';
import { wordVectors } from './word-vectors';

describe('Spelling', () => {
  const vectors = wordVectors();
  const spelling = new Spelling(vectors, ['password', 'trademark', 'batches', 'perpetual']);

  it('counts a misspelt task word as the target word one edit away', () => {
    expect(spelling.row('pasword')).toBe(vectors.id('password')); // a letter dropped
    expect(spelling.row('trademrk')).toBe(vectors.id('trademark'));
    expect(spelling.row('perpetuals')).toBe(vectors.id('perpetual')); // a letter added
    expect(spelling.row('passwrod')).toBe(vectors.id('password')); // two letters swapped
  });

  it('keeps a known word, and corrects only to the targets, never a short word, a code or a changed first letter', () => {
    expect(spelling.row('batched')).toBe(vectors.id('batches')); // one edit from a target; "watched" is not one
    expect(spelling.row('watched')).toBe(vectors.id('watched'));
    expect(spelling.row('pasport')).toBeUndefined(); // two edits from password
    expect(spelling.row('qassword')).toBeUndefined(); // the first letter changed
    expect(spelling.row('perpetua')).toBe(vectors.id('perpetual'));
    expect(spelling.row('pswd')).toBeUndefined();
    expect(spelling.row('pas3word')).toBeUndefined();
  });

  it('names the correction of a word the vectors lack, and none for a known word', () => {
    expect(spelling.correction('trademrk')?.word).toBe('trademark');
    expect(spelling.correction('watched')).toBeUndefined();
  });
});
