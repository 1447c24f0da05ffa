// Fuzzy matching of company names, the same on SEC's conformed names ("APPLE INC", "Apple Inc.") and GLEIF's
// legal names: case, punctuation and the legal-form suffix are ignored; the rest is compared word by word,
// then by character trigrams for typos.
const SUFFIXES = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'llc',
  'lp',
  'llp',
  'sa',
  'ag',
  'nv',
  'se',
  'the',
  'de',
  'del',
]);

export const words = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !SUFFIXES.has(w));

export const normalizedName = (name: string) => words(name).join(' ');

const trigrams = (s: string) => {
  const padded = `  ${s} `;
  const set = new Set<string>();
  for (let i = 0; i < padded.length - 2; i++) set.add(padded.slice(i, i + 3));
  return set;
};

// Dice coefficient over trigrams, 0..1.
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let common = 0;
  for (const t of x) if (y.has(t)) common++;
  return x.size + y.size === 0 ? 0 : (2 * common) / (x.size + y.size);
}

export interface NameMatch {
  score: number; // 0..1
  reason: string;
}

// How well `name` matches the query, with the reason, or null when it does not match at all.
export function matchName(query: string, name: string): NameMatch | null {
  const q = normalizedName(query);
  const n = normalizedName(name);
  if (!q || !n) return null;
  if (q === n)
    return { score: 0.95, reason: 'legal name equals the query (ignoring case, punctuation and legal form)' };
  if (n.startsWith(`${q} `)) return { score: 0.85, reason: 'legal name starts with the query' };
  const qw = q.split(' ');
  const nw = new Set(n.split(' '));
  if (qw.every((w) => nw.has(w))) return { score: 0.75, reason: 'every word of the query is in the legal name' };
  const sim = similarity(q, n);
  if (sim >= 0.5)
    return { score: Math.round(sim * 70) / 100, reason: `similar legal name (trigram similarity ${sim.toFixed(2)})` };
  return null;
}
