import type { WordVectors } from './word-vectors';

// Spelling correction of task words for the meaning signals: a word the vectors lack ("pasword") counts as the word
// one edit away (a letter dropped, added, changed or two swapped) among the words of the texts the task is compared
// with ("password"), so a typo does not lose its meaning. Corrections land only on those words: over the whole
// vocabulary they reached unrelated ones ("batched" → "watched", "params" → "pyrams" on the tuning half).
export const SPELLING = {
  // Shorter words, codes and ids are taken as typed: one edit away from them lies almost any word.
  minLength: 5,
  // The first letters are kept as typed: a changed first letter reaches other words too easily.
  keep: 2,
};

export class Spelling {
  // Targets by length and first letters (those a correction keeps), so a word is compared with its few candidates only.
  private readonly byStart = new Map<string, { word: string; row: number }[]>();

  constructor(
    private readonly vectors: WordVectors,
    targets: Iterable<string>,
  ) {
    for (const word of new Set(targets)) {
      const row = vectors.id(word);
      if (row === undefined) continue;
      const key = bucketKey(word, word.length);
      this.byStart.set(key, [...(this.byStart.get(key) ?? []), { word, row }]);
    }
  }

  // Row of a task word's vector, or of its correction (the commonest target one edit away); undefined if neither.
  row(word: string): number | undefined {
    return this.vectors.id(word) ?? this.correction(word)?.row;
  }

  // The target a word the vectors lack stands for (the commonest one edit away), if any.
  correction(word: string): { word: string; row: number } | undefined {
    if (word.length < SPELLING.minLength || !/^\p{Ll}+$/u.test(word) || this.vectors.id(word) !== undefined)
      return undefined;
    let best: { word: string; row: number } | undefined;
    for (let length = word.length - 1; length <= word.length + 1; length++) {
      for (const t of this.byStart.get(bucketKey(word, length)) ?? [])
        if ((best === undefined || t.row < best.row) && oneEdit(word, t.word)) best = t;
    }
    return best;
  }
}

const bucketKey = (word: string, length: number) => `${length}:${word.slice(0, SPELLING.keep)}`;

// Whether b is one deletion, insertion, substitution or swap of two neighbours away from a (a !== b).
function oneEdit(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
