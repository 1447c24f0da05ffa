// How a mark is compared with a query: exact on the normalised text, phonetic on a sound-alike key of the words,
// fuzzy on the edit distance between the normalised texts. Each match says which of these hold and why.

export type MatchType = 'exact' | 'phonetic' | 'fuzzy';
export const MATCH_TYPES: readonly MatchType[] = ['exact', 'phonetic', 'fuzzy'];

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ');

const words = (s: string) =>
  fold(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

// Letters and digits only: "Py-Thon!" and "PYTHON" are the same text.
export const normalise = (s: string) => words(s).join('');

// Spelling rules that change letters but not the sound, applied in order (a Metaphone-style reduction).
const SOUND_RULES: Array<[RegExp, string]> = [
  [/^(?:k|g|p)(?=n)|^w(?=r)|^p(?=s)/, ''], // silent first letter: knot, gnome, pneu, write, psyche
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/qu?/g, 'kw'],
  [/x/g, 'ks'],
  [/c(?=[eiy])/g, 's'],
  [/c/g, 'k'],
  [/z/g, 's'],
  [/dg(?=[eiy])/g, 'j'],
  [/gh(?![aeiou])/g, ''],
  [/th/g, '0'],
  [/sch/g, 'sk'],
  [/sh/g, 'x'],
  [/v/g, 'f'],
  [/w(?![aeiouy])/g, ''],
  [/y(?![aeiou])/g, 'i'],
];

// One word's key: first letter kept (vowel or not), then consonants only, doubled letters once.
function wordKey(word: string): string {
  let w = word;
  for (const [re, to] of SOUND_RULES) w = w.replace(re, to);
  w = w.replace(/(.)\1+/g, '$1');
  const head = /^[aeiouy]/.test(w) ? 'a' : (w[0] ?? '');
  return head + w.slice(1).replace(/[aeiouyh]/g, '');
}

// Digits are spelled as they are written; words are keyed one by one and joined.
export const phoneticKey = (s: string) => words(s).map(wordKey).join(' ');

// Damerau-Levenshtein (optimal string alignment): a swap of two neighbours is one edit, as in a typo.
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

export interface Verdict {
  kinds: Array<{ type: MatchType; reason: string }>; // strongest first
  similarity: number; // 1 - edits / longer length, 0..1, two decimals
}

// Compares one indexed mark with the query; null when it is none of exact, phonetic or fuzzy.
export function judge(
  query: { norm: string; key: string },
  mark: { norm: string; key: string },
  minSimilarity: number,
): Verdict | null {
  const edits = editDistance(query.norm, mark.norm);
  const similarity = Math.floor((1 - edits / Math.max(query.norm.length, mark.norm.length, 1)) * 100) / 100;
  const kinds: Verdict['kinds'] = [];
  if (edits === 0)
    kinds.push({
      type: 'exact',
      reason: 'same letters and digits as the query once case, spacing, accents and punctuation are ignored',
    });
  if (query.key && query.key === mark.key)
    kinds.push({ type: 'phonetic', reason: `sounds alike: both reduce to the sound key "${mark.key}"` });
  if (edits > 0 && similarity >= minSimilarity) {
    kinds.push({
      type: 'fuzzy',
      reason:
        `${edits} edit${edits === 1 ? '' : 's'} (letter added, removed, changed or swapped) from the query: ` +
        `similarity ${similarity.toFixed(2)}`,
    });
  }
  return kinds.length ? { kinds, similarity } : null;
}
