import MiniSearch, { type SearchResult } from 'minisearch';
import type { RankedTool } from './discovery.schemas';
import { analyze, expandSynonyms, normalize, words, type AnalyzedTerm } from './text-analysis';
import type { ToolDocument, ToolText } from './tool-documents';

type Field = keyof ToolText;
const FIELDS: Field[] = ['summary', 'name', 'tags', 'path', 'description', 'inputs'];

// BM25+ per field, then field boosts: what a tool says it does counts most, long print counts least.
export const FIELD_BOOSTS: Record<Field, number> = { summary: 3, name: 2.5, tags: 2, path: 1.5, inputs: 1, description: 0.75 };
// A word reached through a synonym counts less than the word the task used.
export const SYNONYM_WEIGHT = 0.5;
const MIN_PREFIX = 4; // shorter stems would prefix-match too much ("sol" → "solut")
const FUZZY = 0.2; // edit distance = 20 % of the term's length (1 for 5-7 letters, 2 from 8)
const MIN_FUZZY = 5;
const SCORE_DECIMALS = 3;

export interface MatchOptions {
  maxPrice?: number;
  limit: number;
}

export interface MatchOutcome {
  results: RankedTool[];
  considered: number;
  excludedByPrice: number;
}

const priceText = (usd: number) => (usd === 0 ? 'free' : `$${+usd.toFixed(9)} per call`);
const round = (n: number) => Number(n.toFixed(SCORE_DECIMALS));

// An in-memory MiniSearch index over every known tool, rebuilt whenever one of its sources changes.
export class MatchIndex {
  private readonly search = new MiniSearch<ToolDocument>({
    fields: FIELDS,
    idField: 'id',
    extractField: (doc, field) => (field === 'id' ? doc.id : doc.text[field as Field]),
    tokenize: words,
    processTerm: (word) => this.remember(word),
    searchOptions: { tokenize: (q) => q.split(' '), processTerm: (t) => t }, // queries arrive already analysed
  });
  private readonly docs = new Map<string, ToolDocument>();
  private readonly surface = new Map<string, string>(); // stem → the first word it was indexed from, for reasons

  constructor(documents: ToolDocument[]) {
    for (const d of documents) this.docs.set(d.id, d);
    this.search.addAll([...this.docs.values()]);
  }

  get size() {
    return this.docs.size;
  }

  countBySource() {
    const counts = { 'toll-catalog': 0, index: 0, registry: 0 };
    for (const d of this.docs.values()) counts[d.source]++;
    return counts;
  }

  // Ranked tools for a plain-language task; the price ceiling is applied inside the search, never after.
  match(task: string, { maxPrice, limit }: MatchOptions): MatchOutcome {
    const own = analyze(task);
    const synonyms = expandSynonyms(own);
    const fromSynonym = new Set(synonyms.map((s) => s.term));
    const queryTerms = [...own, ...synonyms];
    if (!queryTerms.length) return { results: [], considered: 0, excludedByPrice: 0 };
    let excludedByPrice = 0;
    const hits = this.search.search([...new Set(queryTerms.map((t) => t.term))].join(' '), {
      boost: FIELD_BOOSTS,
      boostTerm: (term) => (fromSynonym.has(term) ? SYNONYM_WEIGHT : 1),
      // Synonyms match exactly: a prefix of one ("wind") would reach unrelated words ("window").
      prefix: (term) => !fromSynonym.has(term) && term.length >= MIN_PREFIX,
      fuzzy: (term) => (!fromSynonym.has(term) && term.length >= MIN_FUZZY ? FUZZY : false),
      boostDocument: (id) => this.docs.get(id)!.prior,
      filter: (hit) => {
        const doc = this.docs.get(hit.id)!;
        const allowed = maxPrice === undefined || (doc.priceUsd !== null && doc.priceUsd <= maxPrice + 1e-12);
        if (!allowed) excludedByPrice++;
        return allowed;
      },
    });
    const results = hits.slice(0, limit).map((hit, i) => this.rank(hit, i + 1, queryTerms, fromSynonym, maxPrice));
    return { results, considered: hits.length + excludedByPrice, excludedByPrice };
  }

  // The free teaser: keyword search (stems and prefixes, no synonyms or fuzziness), names and one line each.
  teaser(q: string, limit: number) {
    const terms = [...new Set(analyze(q).map((t) => t.term))];
    if (!terms.length) return [];
    return this.search
      .search(terms.join(' '), { boost: FIELD_BOOSTS, prefix: (term) => term.length >= MIN_PREFIX, boostDocument: (id) => this.docs.get(id)!.prior })
      .slice(0, limit)
      .map((hit) => {
        const doc = this.docs.get(hit.id)!;
        return { name: doc.name, summary: oneLine(doc.summary), source: doc.source };
      });
  }

  private remember(word: string) {
    const term = normalize(word);
    if (term && !this.surface.has(term)) this.surface.set(term, word);
    return term;
  }

  private rank(hit: SearchResult, rank: number, queryTerms: AnalyzedTerm[], fromSynonym: Set<string>, maxPrice?: number): RankedTool {
    const doc = this.docs.get(hit.id)!;
    const matched = Object.entries(hit.match).map(([indexed, fields]) => {
      const { query, how } = explainTerm(indexed, queryTerms, fromSynonym);
      return { term: this.surface.get(indexed) ?? indexed, query: query.word, how, fields: [...fields].sort((a, b) => FIELD_BOOSTS[b as Field] - FIELD_BOOSTS[a as Field]) };
    });
    const reasons = matched.map((m) => `"${m.query}" matched ${m.how === 'exact' ? '' : `${m.how} `}"${m.term}" in ${m.fields.join(', ')}`);
    if (doc.priceUsd === null) reasons.push('price not stated by the source');
    else reasons.push(maxPrice === undefined ? priceText(doc.priceUsd) : `${priceText(doc.priceUsd)}, within max_price $${maxPrice}`);
    reasons.push(SOURCE_TEXT[doc.source]);
    const { source, name, summary, call } = doc;
    return { rank, score: round(hit.score), source, name, summary, price_usd: doc.priceUsd, matched, reasons, call } as RankedTool;
  }
}

const SOURCE_TEXT = {
  'toll-catalog': 'Toll route, announced live by its group (callable through the gateway)',
  index: 'registered in the discovery index (not verified by Toll)',
  registry: 'registry listing',
} as const;

const oneLine = (text: string, max = 140) => {
  const line = text.split(/\r?\n/)[0].trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};

// Which task word an indexed term answered, and how: the same stem, a synonym, a prefix or a near spelling.
function explainTerm(indexed: string, queryTerms: AnalyzedTerm[], fromSynonym: Set<string>): { query: AnalyzedTerm; how: 'exact' | 'synonym' | 'prefix' | 'fuzzy' } {
  const same = queryTerms.find((q) => q.term === indexed);
  if (same) return { query: same, how: fromSynonym.has(same.term) ? 'synonym' : 'exact' };
  const prefix = queryTerms.find((q) => q.term.length >= MIN_PREFIX && indexed.startsWith(q.term));
  if (prefix) return { query: prefix, how: fromSynonym.has(prefix.term) ? 'synonym' : 'prefix' };
  const nearest = [...queryTerms].sort((a, b) => distance(a.term, indexed) - distance(b.term, indexed))[0];
  return { query: nearest, how: fromSynonym.has(nearest.term) ? 'synonym' : 'fuzzy' };
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j];
      row[j] = next;
    }
  }
  return row[b.length];
}
