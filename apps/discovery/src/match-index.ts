import MiniSearch, { type SearchResult } from 'minisearch';
import type { RankedTool, SearchOutput } from './discovery.schemas';
import { SemanticIndex, type SemanticScore } from './semantic-index';
import { analyze, expandSynonyms, normalize, words, type AnalyzedTerm } from './text-analysis';
import { ownListingGroup, type ToolDocument, type ToolText } from './tool-documents';
import { wordVectors, type WordVectors } from './word-vectors';

type Field = keyof ToolText;
const FIELDS: Field[] = ['summary', 'name', 'tags', 'path', 'description', 'inputs'];

// BM25+ per field, then field boosts: what a tool says it does counts most, long print counts least.
export const FIELD_BOOSTS: Record<Field, number> = { summary: 3, name: 2.5, tags: 2, path: 1.5, inputs: 1, description: 0.75 };
// A word reached through a synonym counts less than the word the task used.
export const SYNONYM_WEIGHT = 0.5;
// How far a semantic match counts for the tools of Field (0-1), for the semantic signal.
export const SEMANTIC_FIELD_WEIGHTS: Record<Field, number> = { summary: 1, name: 1, tags: 0.9, path: 0.9, description: 0.8, inputs: 0.6 };
// Hybrid score: lexical (BM25, divided by the best BM25 of the answer) plus semantic (0-1), times the tool's prior.
// Both are divided by their best value in the answer, so each signal's top tool scores its weight. A task that asks
// whether a service is up ("is the weather service running?") wants the group's status route: it speaks for its
// whole group (scores as the group's best operation) and its prior rises from 0.5 to statusIntentPrior.
// Chosen on the tuning half only (tools/bench/tune-match.js).
export const HYBRID = { lexical: 1, semantic: 0.3, statusIntentPrior: 1.5 };
const STATUS_WORDS = new Set(
  'up down running working work works online offline operational available availability responding responsive healthy health alive uptime outage functioning operating reachable'.split(' '),
);

export const METHOD =
  'hybrid ranking: BM25+ (MiniSearch) over summary, name, tags, path, input fields and description with field boosts, Porter2 stems, ' +
  'stop words, prefix and fuzzy terms and a small generic synonym list at half weight; plus a semantic score from offline word vectors ' +
  '(each task word against the closest word of each tool); our own registry listings are folded into their groups\' operations';
const MIN_PREFIX = 4; // shorter stems would prefix-match too much ("sol" → "solut")
const FUZZY = 0.2; // edit distance = 20 % of the term's length (1 for 5-7 letters, 2 from 8)
const MIN_FUZZY = 5;
const SCORE_DECIMALS = 3;

export interface MatchOptions {
  maxPrice?: number;
  limit: number;
}

type Scored = { doc: ToolDocument; score: number; lexical?: SearchResult; semantic?: SemanticScore };

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
  private readonly semantic: SemanticIndex;
  private readonly listedAs = new Map<string, string[]>(); // group → names of our own registry listings folded into it
  private folded = 0;
  private readonly statusRoutes: ToolDocument[] = [];

  constructor(documents: ToolDocument[], vectors: WordVectors = wordVectors()) {
    // Our own registry listings describe a whole group behind one endpoint: rank the group's operations instead.
    const livePaths = new Map(documents.flatMap((d) => (d.source === 'toll-catalog' ? [[d.call.path, d.group] as const] : [])));
    for (const d of documents) {
      const group = ownListingGroup(d, livePaths);
      if (group) {
        this.listedAs.set(group, [...(this.listedAs.get(group) ?? []), d.name]);
        this.folded++;
      } else this.docs.set(d.id, d);
    }
    this.search.addAll([...this.docs.values()]);
    this.statusRoutes.push(...[...this.docs.values()].filter((d) => d.status && d.group));
    this.semantic = new SemanticIndex(
      vectors,
      [...this.docs.values()].map((d) => ({ id: d.id, fields: FIELDS.map((field) => ({ field, text: d.text[field], weight: SEMANTIC_FIELD_WEIGHTS[field] })) })),
    );
  }

  get size() {
    return this.docs.size;
  }

  countBySource() {
    const counts = { 'toll-catalog': 0, index: 0, registry: this.folded };
    for (const d of this.docs.values()) counts[d.source]++;
    return counts;
  }

  // Registry listings folded into the operations of our own groups.
  get foldedListings() {
    return this.folded;
  }

  // Ranked tools for a plain-language task; the price ceiling is applied inside the search, never after.
  match(task: string, { maxPrice, limit }: MatchOptions): MatchOutcome {
    const own = analyze(task);
    const synonyms = expandSynonyms(own);
    const fromSynonym = new Set(synonyms.map((s) => s.term));
    const queryTerms = [...own, ...synonyms];
    const scored = this.score(task, queryTerms, fromSynonym);
    let excludedByPrice = 0;
    const allowed = scored.filter(({ doc }) => {
      const ok = maxPrice === undefined || (doc.priceUsd !== null && doc.priceUsd <= maxPrice + 1e-12);
      if (!ok) excludedByPrice++;
      return ok;
    });
    const results = allowed.slice(0, limit).map((s, i) => this.rank(s, i + 1, task, queryTerms, fromSynonym, maxPrice));
    return { results, considered: scored.length, excludedByPrice };
  }

  // The free teaser: the same ranking, with each tool's name, one line and where to call it (no scores or reasons).
  teaser(q: string, limit: number): SearchOutput['results'] {
    const own = analyze(q);
    const synonyms = expandSynonyms(own);
    return this.score(q, [...own, ...synonyms], new Set(synonyms.map((s) => s.term)))
      .slice(0, limit)
      .map(({ doc }) => ({
        name: doc.name,
        summary: oneLine(doc.summary),
        source: doc.source,
        method: doc.source === 'toll-catalog' ? doc.call.method : null,
        path: doc.source === 'toll-catalog' ? doc.call.path : doc.call.endpoint,
      }));
  }

  // Every tool either signal found, best first: BM25 relative to the best BM25 here, plus the semantic score, times the prior.
  private score(task: string, queryTerms: AnalyzedTerm[], fromSynonym: Set<string>): Scored[] {
    const lexical = queryTerms.length
      ? this.search.search([...new Set(queryTerms.map((t) => t.term))].join(' '), {
          boost: FIELD_BOOSTS,
          boostTerm: (term) => (fromSynonym.has(term) ? SYNONYM_WEIGHT : 1),
          // Synonyms match exactly: a prefix of one ("wind") would reach unrelated words ("window").
          prefix: (term) => !fromSynonym.has(term) && term.length >= MIN_PREFIX,
          fuzzy: (term) => (!fromSynonym.has(term) && term.length >= MIN_FUZZY ? FUZZY : false),
        })
      : [];
    const semantic = this.semantic.score(task);
    const bestLexical = lexical.reduce((m, h) => Math.max(m, h.score), 0) || 1;
    const bestSemantic = [...semantic.values()].reduce((m, s) => Math.max(m, s.score), 0) || 1;
    const statusIntent = statusWord(task) !== undefined;
    const byId = new Map<string, Scored>();
    for (const hit of lexical) byId.set(hit.id, { doc: this.docs.get(hit.id)!, score: 0, lexical: hit });
    for (const [id, s] of semantic) byId.set(id, { ...(byId.get(id) ?? { doc: this.docs.get(id)!, score: 0 }), semantic: s });
    const groupBest = new Map<string, number>(); // the best evidence for each group, which its status route speaks for
    for (const s of byId.values()) {
      s.score = HYBRID.lexical * ((s.lexical?.score ?? 0) / bestLexical) + HYBRID.semantic * ((s.semantic?.score ?? 0) / bestSemantic);
      if (s.doc.group) groupBest.set(s.doc.group, Math.max(groupBest.get(s.doc.group) ?? 0, s.score));
    }
    if (statusIntent) {
      for (const d of this.statusRoutes) {
        const best = groupBest.get(d.group!);
        if (best !== undefined && !byId.has(d.id)) byId.set(d.id, { doc: d, score: best });
      }
    }
    for (const s of byId.values()) {
      if (s.doc.status && statusIntent) s.score = Math.max(s.score, groupBest.get(s.doc.group!) ?? 0) * HYBRID.statusIntentPrior;
      else s.score *= s.doc.prior;
    }
    return [...byId.values()].sort((a, b) => b.score - a.score || a.doc.name.localeCompare(b.doc.name));
  }

  private remember(word: string) {
    const term = normalize(word);
    if (term && !this.surface.has(term)) this.surface.set(term, word);
    return term;
  }

  private rank({ doc, score, lexical, semantic }: Scored, rank: number, task: string, queryTerms: AnalyzedTerm[], fromSynonym: Set<string>, maxPrice?: number): RankedTool {
    const matched: RankedTool['matched'] = Object.entries(lexical?.match ?? {}).map(([indexed, fields]) => {
      const { query, how } = explainTerm(indexed, queryTerms, fromSynonym);
      return { term: this.surface.get(indexed) ?? indexed, query: query.word, how, fields: [...fields].sort((a, b) => FIELD_BOOSTS[b as Field] - FIELD_BOOSTS[a as Field]) };
    });
    const reasons = matched.map((m) => `"${m.query}" matched ${m.how === 'exact' ? '' : `${m.how} `}"${m.term}" in ${m.fields.join(', ')}`);
    // Meaning explains the task words that found nothing by their letters in this tool.
    const explained = new Set(matched.map((m) => m.query));
    for (const p of semantic?.pairs ?? []) {
      if (explained.has(p.query) || normalize(p.query) === normalize(p.term)) continue;
      matched.push({ term: p.term, query: p.query, how: 'semantic', fields: [p.field], similarity: round(p.similarity) });
      reasons.push(`"${p.query}" ≈ "${p.term}" (meaning, cosine ${p.similarity.toFixed(2)}) in ${p.field}`);
    }
    if (doc.priceUsd === null) reasons.push('price not stated by the source');
    else reasons.push(maxPrice === undefined ? priceText(doc.priceUsd) : `${priceText(doc.priceUsd)}, within max_price $${maxPrice}`);
    reasons.push(SOURCE_TEXT[doc.source]);
    const asked = doc.status ? statusWord(task) : undefined;
    if (asked) reasons.push(`the task asks whether a service is up ("${asked}"): this is the group's status route`);
    const listed = doc.group ? this.listedAs.get(doc.group) : undefined;
    if (listed) reasons.push(`its group is also listed in the registry as ${listed.map((n) => `"${n}"`).join(', ')} (operator-verified; ranked here per operation)`);
    const { source, name, summary, call } = doc;
    return { rank, score: round(score), source, name, summary, price_usd: doc.priceUsd, matched, reasons, call } as RankedTool;
  }
}

const SOURCE_TEXT = {
  'toll-catalog': 'Toll route, announced live by its group (callable through the gateway)',
  index: 'registered in the discovery index (not verified by Toll)',
  registry: 'registry listing',
} as const;

// "up" after a phrasal verb ("set up a bot", "look up a payer") is not a question about a service.
const PHRASAL_UP = /\b(set|setting|spin|spinning|look|looking|sign|signing|pick|back|clean|show|make|bring|start|open|speed|hook|line|fill|top|call|follow)\s+(\S+\s+)?up\b/g;
const statusWord = (task: string) => words(task.toLowerCase().replace(PHRASAL_UP, ' ')).find((w) => STATUS_WORDS.has(w));

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

// Size and load cost of the semantic data, for the benchmark and the health route.
export function semanticStats(vectors: WordVectors = wordVectors()) {
  return `word vectors ${vectors.source}: ${vectors.size} words × ${vectors.dims} dims, ${(vectors.bytes / 2 ** 20).toFixed(1)} MiB in memory, loaded in ${vectors.loadMs.toFixed(0)} ms`;
}
