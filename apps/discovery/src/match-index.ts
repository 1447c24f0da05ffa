import { readFileSync } from 'node:fs';
import path from 'node:path';
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type { PriceSpec } from '@toll/contracts';
import type { Availability, RankedTool, SearchOutput } from './discovery.schemas';
import { ExampleIndex, type ExampleScore } from './example-index';
import { englishMeaning, FOREIGN_BEING, FOREIGN_UP, type Reading } from './foreign-words';
import { InputValues, type InputValueMatch } from './input-values';
import { SemanticIndex, type SemanticScore } from './semantic-index';
import { Spelling } from './spelling';
import {
  analyze,
  expandSynonyms,
  impliedWords,
  normalize,
  SHARED_STEMS,
  withoutContrast,
  words,
  type AnalyzedTerm,
} from './text-analysis';
import { ownListingGroup, smallestPaymentMicros, type ToolDocument, type ToolText } from './tool-documents';
import { wordVectors, type WordVectors } from './word-vectors';

type Field = keyof ToolText;
const FIELDS: Field[] = ['summary', 'name', 'tags', 'path', 'description', 'inputs', 'asks'];

// BM25+ per field, then field boosts: what a tool says it does counts most, long print counts least.
export const FIELD_BOOSTS: Record<Field, number> = {
  summary: 3,
  name: 2.5,
  tags: 2,
  path: 1.5,
  inputs: 1,
  description: 0.75,
  asks: 2,
};
// A word reached through a synonym counts less than the word the task used.
export const SYNONYM_WEIGHT = 0.5;
// How far a semantic match counts for the tools of Field (0-1), for the semantic signal.
export const SEMANTIC_FIELD_WEIGHTS: Record<Field, number> = {
  summary: 1,
  name: 1,
  tags: 0.9,
  path: 0.9,
  description: 0.8,
  inputs: 0.6,
  asks: 0.8,
};
// Hybrid score: a weighted sum of signals, each 0-1. The tool's own text gives lexical (BM25, divided by the best BM25
// of the answer), semantic (word meaning, divided by its best; semanticStrength undivided), inputValue (the task quotes
// a value of the form one of its inputs takes, input-values.ts) and codeValue (a market code for a ticker or symbol
// input); these are times the tool's prior. Its examples (how users ask for it, example-index.ts) give exampleLexical
// and exampleSemantic (the closest example by words and by sentence meaning, each divided by its best) and
// exampleCloseness (that meaning undivided). The weights are learned, not chosen: tools/bench/train-match.js fits a
// conditional logistic model (each task's right tool against the others the signals found) on the labelled development
// tasks, cross-validated by group, and writes them to data/match-weights.json, read here. A task that asks whether a
// service is up ("is the weather service running?") wants the group's status route: it speaks for its whole group
// (scores as the group's best operation) and its prior rises from 0.5 to statusIntentPrior.
export const SIGNALS = [
  'lexical',
  'semantic',
  'semanticStrength',
  'inputValue',
  'codeValue',
  'exampleLexical',
  'exampleSemantic',
  'exampleCloseness',
] as const;
export type Signal = (typeof SIGNALS)[number];
const OWN_SIGNALS = 5; // the first five read the tool's own text and are weighed by its prior
export const MATCH_WEIGHTS_FILE = path.join(__dirname, '..', 'data', 'match-weights.json');
export const readWeights = (file: string): Record<Signal, number> => {
  const { signals, weights } = JSON.parse(readFileSync(file, 'utf8')) as { signals: string[]; weights: number[] };
  if (signals.join() !== SIGNALS.join())
    throw new Error(`${file}: weights for ${signals.join()}, the matcher reads ${SIGNALS.join()}`);
  return Object.fromEntries(SIGNALS.map((k, i) => [k, weights[i]])) as Record<Signal, number>;
};
export const HYBRID: Record<Signal, number> & { statusIntentPrior: number } = {
  ...readWeights(MATCH_WEIGHTS_FILE),
  statusIntentPrior: 1.5,
};
// The everyday words an input pattern is tried on before it counts as evidence.
const COMMON_WORDS = 5000;
// Trust and relevance:
// - a tool below minRelevance × the answer's best score is left out: it would only fill the list (0.3, the highest
//   value that lost no expected operation from the top 5 of the tuning half);
// - an administrative route (status, root-path service files and forms) appears only when its own evidence, before
//   its prior, is at least adminAsked × the best: the task is about it. A status question keeps the status route.
//   0.6 was read off the tuning half (administrative routes in other tasks' top 5: 32 → 10, no expected one lost);
// - an operation its group says it cannot serve now keeps unavailableFactor of its score;
// - an unverified tool whose words (Jaccard over the stems of its summary) overlap an older unverified one's, or a
//   verified one's, by duplicateJaccard or more is a near-duplicate and left out;
// - the answer says no_good_match when the first result's evidence is weak in absolute terms: its BM25 per task word
//   below weakLexical, its semantic score below weakSemantic and its closest example's sentence score below
//   weakExample. All three were read off the tuning half of the eval and its out-of-scope tasks
//   (eval/out-of-scope.json), never off the held-out half.
export const TRUST = {
  minRelevance: 0.3,
  adminAsked: 0.6,
  unavailableFactor: 0.5,
  duplicateJaccard: 0.8,
  weakLexical: 14,
  weakSemantic: 0.2,
  weakExample: 0.35,
};
const STATUS_WORDS = new Set(
  (
    'up down running working work works online offline operational available availability responding responsive ' +
    'healthy health alive uptime outage functioning operating reachable liveness healthcheck heartbeat ping'
  ).split(' '),
);

export const METHOD =
  'hybrid ranking: BM25+ (MiniSearch) over summary, name, tags, path, input fields and description with field ' +
  'boosts, Porter2 stems, ' +
  'stop words, prefix and fuzzy terms and a small generic synonym list at half weight; plus a semantic score ' +
  'from offline word vectors ' +
  '(each task word against the closest word of each tool); plus the closest of the ways users ask for each ' +
  "operation (its route's " +
  "asks), by BM25 and by the cosine of rarity-weighted mean word vectors; plus a task's quoted value of the form " +
  "of an operation's " +
  'input (its schema\'s specific patterns), an input set by its name ("include=stats") or a market code for a ' +
  "ticker or symbol input; a task's Spanish, Portuguese, French, " +
  "Italian, German, Dutch, Swedish or romanised Japanese words read with their English meaning; what a task's " +
  'form implies read as its word (a base64 value, "to base64", ' +
  'an arrow as "convert"); what a task sets its need against ("not a forecast") left out; a question about the ' +
  'world whose words ' +
  "are mostly of no tool's domain keeps the general-knowledge operation second (first when none is); a long " +
  "task's last sentence, after " +
  'sentences that only set the scene, scored alone as well; a UUID or an IP address read as its kind; our own ' +
  "registry listings are folded into their groups' operations";
const MIN_PREFIX = 4; // shorter stems would prefix-match too much ("sol" → "solut")
const FUZZY = 0.2; // edit distance = 20 % of the term's length (1 for 5-7 letters, 2 from 8)
const MIN_FUZZY = 5;
const SCORE_DECIMALS = 3;

// What a group said about one of its operations now; tools that are not Toll routes are unknown.
export type AvailabilityOf = (doc: ToolDocument) => Availability;
const AVAILABLE: Availability = { state: 'available', retry_after_seconds: null, reason: null };
const UNKNOWN: Availability = { state: 'unknown', retry_after_seconds: null, reason: null };
export const assumeAvailable: AvailabilityOf = (doc) => (doc.source === 'toll-catalog' ? AVAILABLE : UNKNOWN);

export interface MatchOptions {
  maxPrice?: number;
  limit: number;
  availability?: AvailabilityOf;
}

// task: the text every signal reads (the task, plus the English meaning of its foreign words, read).
type Query = {
  task: string;
  own: AnalyzedTerm[];
  terms: AnalyzedTerm[];
  fromSynonym: Set<string>;
  read: (Reading & { implied?: boolean; slip?: boolean })[];
};
// evidence: for a status route answering a status question, the group operation whose evidence it speaks for.
// asked: the part of the score that comes from the tool's examples; beforePrior: the score before its prior.
type Scored = {
  doc: ToolDocument;
  score: number;
  asked: number;
  beforePrior: number;
  lexical?: SearchResult;
  semantic?: SemanticScore;
  example?: ExampleScore;
  value?: InputValueMatch;
  availability: Availability;
  evidence?: Scored;
  signals?: number[]; // SIGNALS, before the prior
  generalQuestion?: boolean; // placed as the general-knowledge answer to a question no tool's words cover
};

export interface MatchOutcome {
  results: RankedTool[];
  noGoodMatch: boolean;
  considered: number;
  excludedByPrice: number;
  leftOut: { weak: number; administrative: number; duplicates: number };
}

const priceText = (p: PriceSpec) =>
  p.usd === '0'
    ? 'free'
    : p.per === 'block'
      ? `$${p.usd} per block of ${p.requests} calls (one payment, reused for each call)`
      : `$${p.usd} per ${p.per}`;
// max_price in micro-USD, rounded down: a ceiling is never raised by rounding.
const micros = (usd: number) => BigInt(Math.floor(usd * 1e6 + 1e-6));
export const usdText = (m: bigint) =>
  `${m / 1_000_000n}${m % 1_000_000n ? `.${(m % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}` : ''}`;
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
  private readonly examples: ExampleIndex;
  private readonly values: InputValues;
  private readonly listedAs = new Map<string, string[]>(); // group → names of our own registry listings folded into it
  private folded = 0;
  private readonly statusRoutes: ToolDocument[] = [];
  private readonly stemCache = new Map<string, Set<string>>();
  private readonly vectors: WordVectors;
  // a task's misspelt word → the tools' word it stands for, for the word signals too
  private readonly spelling: Spelling;
  // The general-knowledge operations (a summary that opens on answering a question) and the stems of what every other
  // tool says it does and how users ask for it: the words of the tools' domains.
  private readonly generalKnowledge: ToolDocument[];
  private readonly domain = new Set<string>();

  constructor(documents: ToolDocument[], vectors: WordVectors = wordVectors()) {
    // Our own registry listings describe a whole group behind one endpoint: rank the group's operations instead.
    const livePaths = new Map(
      documents.flatMap((d) => (d.source === 'toll-catalog' ? [[d.call.path, d.group] as const] : [])),
    );
    for (const d of documents) {
      const group = ownListingGroup(d, livePaths);
      if (group) {
        this.listedAs.set(group, [...(this.listedAs.get(group) ?? []), d.name]);
        this.folded++;
      } else this.docs.set(d.id, d);
    }
    this.search.addAll([...this.docs.values()]);
    this.vectors = vectors;
    this.spelling = new Spelling(
      vectors,
      [...this.docs.values()].flatMap((d) => words(Object.values(d.text).join(' '))),
    );
    this.generalKnowledge = [...this.docs.values()].filter(answersQuestions);
    for (const d of this.docs.values()) {
      if (!answersQuestions(d))
        for (const t of analyze([d.text.summary, d.text.name, d.text.tags, d.text.asks].join(' ')))
          this.domain.add(t.term);
    }
    this.statusRoutes.push(...[...this.docs.values()].filter((d) => d.status && d.group));
    this.semantic = new SemanticIndex(
      vectors,
      [...this.docs.values()].map((d) => ({
        id: d.id,
        fields: FIELDS.map((field) => ({ field, text: d.text[field], weight: SEMANTIC_FIELD_WEIGHTS[field] })),
      })),
    );
    // A tool that says nothing of how users ask for it (a third-party listing, an index entry) is its own example: its
    // summary, so the example signals never rank it down for lacking them.
    this.examples = new ExampleIndex(
      vectors,
      [...this.docs.values()].flatMap((d) =>
        (d.asks.length ? d.asks : [d.summary]).map((text) => ({ tool: d.id, text })),
      ),
    );
    this.values = new InputValues(
      [...this.docs.values()].flatMap((d) =>
        d.source === 'toll-catalog' ? [{ id: d.id, schema: d.call.input.schema }] : [],
      ),
      vectors.commonWords(COMMON_WORDS),
      // What the tools say of themselves, not their inputs' examples ("a ticker, e.g. GME"): a code named there is
      // still a code.
      [...this.docs.values()].flatMap((d) => words([d.text.summary, d.text.name, d.text.tags, d.text.path].join(' '))),
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
  match(task: string, { maxPrice, limit, availability = assumeAvailable }: MatchOptions): MatchOutcome {
    const ceiling = maxPrice === undefined ? undefined : micros(maxPrice);
    const { allowed, query, considered, leftOut, excludedByPrice } = this.select(task, ceiling, availability);
    const results = allowed.slice(0, limit).map((s, i) => this.rank(s, i + 1, query, ceiling));
    return { results, noGoodMatch: weak(allowed[0], query), considered, excludedByPrice, leftOut };
  }

  // The free teaser: the same ranking, with each tool's name, one line and where to call it (no scores or reasons).
  teaser(
    q: string,
    limit: number,
    availability: AvailabilityOf = assumeAvailable,
  ): { results: SearchOutput['results']; noGoodMatch: boolean } {
    const { allowed, query } = this.select(q, undefined, availability);
    return {
      noGoodMatch: weak(allowed[0], query),
      results: allowed.slice(0, limit).map(({ doc, availability: a }) => ({
        name: doc.name,
        summary: oneLine(doc.summary),
        source: doc.source,
        verified: doc.verified,
        availability: a.state,
        method: doc.source === 'toll-catalog' ? doc.call.method : null,
        path: doc.source === 'toll-catalog' ? doc.call.path : doc.call.endpoint,
      })),
    };
  }

  // A task's foreign words are read with their English meaning beside them (foreign-words.ts), for every signal.
  // What the task sets its need against is left out of it (text-analysis.ts, withoutContrast).
  private select(text: string, ceiling: bigint | undefined, availability: AvailabilityOf) {
    const asked = withoutContrast(text);
    // What a form implies is read as its word, not word by word as well ("a tiempo completo" is a job, not the
    // weather).
    const implied = impliedWords(asked);
    const rest = implied.reduce((text, { form }) => text.replace(form, ' '), asked);
    // A misspelt word ("liquidatons") whose stem finds nothing, not even by prefix or a near spelling, is read as the
    // tools' word it stands for, as the meaning signals already read it.
    const foreign = englishMeaning(words(rest));
    const slips = words(rest).flatMap((word) => {
      const fixed = foreign.some((r) => r.word === word) ? undefined : this.spelling.correction(word);
      return fixed && !this.finds(normalize(word)) ? [{ word, english: fixed.word, slip: true }] : [];
    });
    const read = [
      ...foreign,
      ...implied.map(({ form, word }) => ({ word: form, english: word, implied: true })),
      ...slips,
    ];
    const task = read.length ? `${asked} ${read.map((r) => r.english).join(' ')}` : asked;
    const own = analyze(task);
    const synonyms = expandSynonyms(own);
    const query: Query = {
      task,
      own,
      terms: [...own, ...synonyms],
      fromSynonym: new Set(synonyms.map((s) => s.term)),
      read,
    };
    const scored = this.score(task, query.terms, query.fromSynonym, availability);
    // A task of several sentences whose first ones set the scene ("I track SEC filings … If the market opens at 9:30,
    // what time is that in India?") makes its request in the last: that sentence is scored alone as well and counts as
    // much as the whole task, each scaled to the best score of the whole.
    const request = lastSentence(asked);
    if (request) this.addRequest(scored, request, availability);
    const { shown, considered, leftOut } = this.trusted(task, scored);
    const place =
      this.generalQuestion(asked, own) ??
      (request === undefined ? undefined : this.generalQuestion(afterColon(request), analyze(afterColon(request))));
    if (place && !scored.some((s) => s.value)) this.keepGeneralKnowledge(shown, scored, availability, place);
    let excludedByPrice = 0;
    const allowed = shown.filter(({ doc }) => {
      const ok = ceiling === undefined || (doc.price !== null && smallestPaymentMicros(doc.price) <= ceiling);
      if (!ok) excludedByPrice++;
      return ok;
    });
    return { allowed, query, considered, leftOut, excludedByPrice };
  }

  // A question about the world ("who was …", "what year did …") whose words are mostly not of any tool's domain (at
  // most half of the task's real words, values left aside, are words some other tool's text or asks use) may be one
  // only a general-knowledge operation answers: each keeps the second place, or the first when none of those words is
  // of a tool's domain ("what is the capital of …"), at its own rank when higher. A task quoting a value an operation
  // takes (a mint, an ISBN) names a thing of that tool's domain: it is no such question.
  private generalQuestion(asked: string, own: AnalyzedTerm[]): number | undefined {
    if (!this.generalKnowledge.length) return undefined;
    if (
      !QUESTION.test(asked) &&
      !(
        FOREIGN_QUESTION.test(asked) &&
        !englishMeaning(words(asked)).some((r) => analyze(r.english).some((t) => this.domain.has(t.term)))
      )
    )
      return undefined;
    const real = own.filter((t) => this.vectors.id(t.word) !== undefined);
    const ofDomain = real.filter((t) => this.domain.has(t.term)).length;
    if (!real.length || ofDomain > real.length / 2) return undefined;
    return ofDomain ? GENERAL_KNOWLEDGE_PLACE : 1;
  }

  private addRequest(scored: Scored[], request: string, availability: AvailabilityOf) {
    const own = analyze(request);
    const synonyms = expandSynonyms(own);
    const alone = this.score(request, [...own, ...synonyms], new Set(synonyms.map((t) => t.term)), availability);
    if (!alone.length || !scored.length) return;
    const scale = scored[0].score / (alone[0].score || 1);
    const byId = new Map(scored.map((s) => [s.doc.id, s]));
    for (const a of alone) {
      const s = byId.get(a.doc.id);
      if (s) {
        s.score += a.score * scale;
        s.beforePrior += a.beforePrior * scale;
      } else scored.push({ ...a, score: a.score * scale, beforePrior: a.beforePrior * scale });
    }
    scored.sort((a, b) => b.score - a.score || a.doc.name.localeCompare(b.doc.name));
  }

  private keepGeneralKnowledge(shown: Scored[], scored: Scored[], availability: AvailabilityOf, keep: number) {
    for (const doc of this.generalKnowledge) {
      const at = shown.findIndex((s) => s.doc === doc);
      if (at >= 0 && at < keep) continue;
      const s =
        at >= 0
          ? shown.splice(at, 1)[0]
          : (scored.find((x) => x.doc === doc) ?? {
              doc,
              score: 0,
              asked: 0,
              beforePrior: 0,
              availability: availability(doc),
            });
      const place = Math.min(keep - 1, shown.length);
      s.generalQuestion = true;
      s.score = Math.max(s.score, shown[place]?.score ?? 0);
      shown.splice(place, 0, s);
    }
  }

  // What an agent can trust, in order: weak matches and administrative routes the task did not ask for are left out;
  // verified tools come before every unverified one; unverified near-duplicates are left out.
  private trusted(task: string, scored: Scored[]) {
    const best = scored[0]?.score ?? 0;
    const statusIntent = statusWord(task) !== undefined;
    const leftOut = { weak: 0, administrative: 0, duplicates: 0 };
    const kept: Scored[] = [];
    for (const s of scored) {
      if (s.doc.admin && !(s.doc.status && statusIntent) && s.beforePrior < TRUST.adminAsked * best)
        leftOut.administrative++;
      else if (s.score < TRUST.minRelevance * best) leftOut.weak++;
      else kept.push(s);
    }
    const verified = kept.filter((s) => s.doc.verified);
    const seen = verified.map((s) => this.stems(s.doc));
    const unverified: Scored[] = [];
    // Oldest registration first among unverified tools, so a copy never displaces what it copied.
    const byAge = kept.filter((s) => !s.doc.verified).map((s, order) => ({ s, order }));
    byAge.sort((a, b) => (a.s.doc.registeredAt ?? '').localeCompare(b.s.doc.registeredAt ?? '') || a.order - b.order);
    const accepted = new Set<Scored>();
    for (const { s } of byAge) {
      const stems = this.stems(s.doc);
      if (seen.some((other) => jaccard(stems, other) >= TRUST.duplicateJaccard)) leftOut.duplicates++;
      else {
        seen.push(stems);
        accepted.add(s);
      }
    }
    for (const s of kept) if (!s.doc.verified && accepted.has(s)) unverified.push(s);
    return { shown: [...verified, ...unverified], considered: scored.length, leftOut };
  }

  // Stems of what a tool says it does (names are free-form and operationIds are not prose), for near-duplicate
  // detection; computed once per index.
  private stems(doc: ToolDocument): Set<string> {
    let stems = this.stemCache.get(doc.id);
    if (!stems) this.stemCache.set(doc.id, (stems = new Set(analyze(doc.summary).map((t) => t.term))));
    return stems;
  }

  // Every tool either signal found, best first: BM25 relative to the best BM25 here, plus the semantic score, times the
  // prior.
  private score(
    task: string,
    queryTerms: AnalyzedTerm[],
    fromSynonym: Set<string>,
    availability: AvailabilityOf,
  ): Scored[] {
    const options: SearchOptions = {
      boostTerm: (term) => (fromSynonym.has(term) ? SYNONYM_WEIGHT : 1),
      // Synonyms match exactly: a prefix of one ("wind") would reach unrelated words ("window").
      prefix: (term) => !fromSynonym.has(term) && term.length >= MIN_PREFIX && !SHARED_STEMS.has(term),
      fuzzy: (term) => (!fromSynonym.has(term) && term.length >= MIN_FUZZY ? FUZZY : false),
    };
    const terms = queryTerms.map((t) => t.term);
    const lexical = terms.length
      ? this.search.search([...new Set(terms)].join(' '), { ...options, boost: FIELD_BOOSTS })
      : [];
    const semantic = this.semantic.score(task);
    const examples = this.examples.score(
      task,
      terms.filter((t) => !fromSynonym.has(t)),
      options,
    );
    const best = (values: number[]) => values.reduce((m, v) => Math.max(m, v), 0) || 1;
    const bestLexical = best(lexical.map((h) => h.score));
    const bestSemantic = best([...semantic.values()].map((s) => s.score));
    const bestExampleLexical = best([...examples.values()].map((e) => e.lexical));
    const bestExampleSemantic = best([...examples.values()].map((e) => e.semantic));
    const statusIntent = statusWord(task) !== undefined;
    const byId = new Map<string, Scored>();
    const scoredDoc = (id: string): Scored => ({
      doc: this.docs.get(id)!,
      score: 0,
      asked: 0,
      beforePrior: 0,
      availability: UNKNOWN,
    });
    for (const hit of lexical) byId.set(hit.id, { ...scoredDoc(hit.id), lexical: hit });
    for (const [id, s] of semantic) byId.set(id, { ...(byId.get(id) ?? scoredDoc(id)), semantic: s });
    for (const [id, e] of examples) byId.set(id, { ...(byId.get(id) ?? scoredDoc(id)), example: e });
    // A quoted value of a specific input form ranks up its tool; a task that names a thing only by its value (a bare
    // ISBN, a VIN) finds the tool by it alone, and the relevance cut keeps it out wherever the words found something
    // far better. A market code alone does not: a capitalised word is too often something else.
    for (const [id, value] of this.values.match(task)) {
      const s = byId.get(id) ?? (value.code ? undefined : scoredDoc(id));
      if (s) byId.set(id, { ...s, value });
    }
    const groupBest = new Map<string, Scored>(); // the best evidence for each group, which its status route speaks for
    for (const s of byId.values()) {
      const signal = this.signals(s, {
        lexical: bestLexical,
        semantic: bestSemantic,
        exampleLexical: bestExampleLexical,
        exampleSemantic: bestExampleSemantic,
      });
      s.signals = signal;
      s.asked = SIGNALS.reduce((sum, k, i) => (i >= OWN_SIGNALS ? sum + HYBRID[k] * signal[i] : sum), 0);
      s.score = SIGNALS.reduce((sum, k, i) => sum + HYBRID[k] * signal[i], 0);
      if (s.doc.group && s.score > (groupBest.get(s.doc.group)?.score ?? -1)) groupBest.set(s.doc.group, s);
    }
    if (statusIntent) {
      for (const d of this.statusRoutes) {
        const best = groupBest.get(d.group!);
        if (best !== undefined && !byId.has(d.id))
          byId.set(d.id, { doc: d, score: best.score, asked: 0, beforePrior: 0, availability: UNKNOWN });
      }
    }
    for (const s of byId.values()) {
      const best = s.doc.status && statusIntent ? groupBest.get(s.doc.group!) : undefined;
      if (best && best.score >= s.score) s.evidence = best;
      s.beforePrior = s.score;
      if (s.doc.status && statusIntent) s.score = Math.max(s.score, best?.score ?? 0) * HYBRID.statusIntentPrior;
      // The prior weighs what the tool's own text says (a status route's text names every operation of its group), not
      // how close the task is to the ways users ask for it.
      else s.score = (s.score - s.asked) * s.doc.prior + s.asked;
      s.availability = availability(s.doc);
      if (s.availability.state === 'unavailable') {
        s.score *= TRUST.unavailableFactor;
        s.beforePrior *= TRUST.unavailableFactor;
      }
    }
    return [...byId.values()].sort((a, b) => b.score - a.score || a.doc.name.localeCompare(b.doc.name));
  }

  // Whether a task's stem finds any tool by itself, the way the lexical search looks for it.
  // Each signal of SIGNALS for one tool, 0-1, before the prior; bests: each divided signal's best value in this answer.
  private signals(
    s: Scored,
    bests: { lexical: number; semantic: number; exampleLexical: number; exampleSemantic: number },
  ): number[] {
    return [
      (s.lexical?.score ?? 0) / bests.lexical,
      (s.semantic?.score ?? 0) / bests.semantic,
      s.semantic?.score ?? 0,
      s.value && !s.value.code ? 1 : 0,
      s.value?.code ? 1 : 0,
      (s.example?.lexical ?? 0) / bests.exampleLexical,
      (s.example?.semantic ?? 0) / bests.exampleSemantic,
      s.example?.semantic ?? 0,
    ];
  }

  // The signals of every tool the task's own words found and the ranking kept (administrative routes not asked for and
  // weak matches are left out), with its score, for tools/bench/train-match.js. The later steps (a status route's
  // borrowed evidence, a last sentence, general knowledge) are the ranking's, after the weights.
  signalsOf(text: string): { name: string; prior: number; signals: number[]; score: number }[] {
    const { query, allowed } = this.select(text, undefined, assumeAvailable);
    const kept = new Set(allowed.map((s) => s.doc.id));
    return this.score(query.task, query.terms, query.fromSynonym, assumeAvailable)
      .filter((s) => s.signals && kept.has(s.doc.id))
      .map((s) => ({ name: s.doc.name, prior: s.doc.prior, signals: s.signals!, score: s.score }));
  }

  private finds(term: string | null): boolean {
    return (
      term === null ||
      this.search.search(term, {
        prefix: term.length >= MIN_PREFIX && !SHARED_STEMS.has(term),
        fuzzy: term.length >= MIN_FUZZY ? FUZZY : false,
      }).length > 0
    );
  }

  private remember(word: string) {
    const term = normalize(word);
    if (term && !this.surface.has(term)) this.surface.set(term, word);
    return term;
  }

  private rank(
    { doc, score, lexical, semantic, example, value, availability, generalQuestion }: Scored,
    rank: number,
    { task, terms: queryTerms, fromSynonym, read }: Query,
    ceiling?: bigint,
  ): RankedTool {
    const matched: RankedTool['matched'] = Object.entries(lexical?.match ?? {}).map(([indexed, fields]) => {
      const { query, how } = explainTerm(indexed, queryTerms, fromSynonym);
      return {
        term: this.surface.get(indexed) ?? indexed,
        query: query.word,
        how,
        fields: [...fields].sort((a, b) => FIELD_BOOSTS[b as Field] - FIELD_BOOSTS[a as Field]),
      };
    });
    const foreign = read.filter((r) => !r.implied && !r.slip);
    const implied = read.filter((r) => r.implied);
    const slips = read.filter((r) => r.slip);
    const reasons = foreign.length
      ? [`read in English: ${foreign.map((r) => `"${r.word}" as "${r.english}"`).join(', ')}`]
      : [];
    if (implied.length)
      reasons.push(`read from the task's form: ${implied.map((r) => `"${r.word}" as "${r.english}"`).join(', ')}`);
    if (slips.length)
      reasons.push(
        `read as a slip of the tools' words: ${slips.map((r) => `"${r.word}" as "${r.english}"`).join(', ')}`,
      );
    reasons.push(
      ...matched.map(
        (m) => `"${m.query}" matched ${m.how === 'exact' ? '' : `${m.how} `}"${m.term}" in ${m.fields.join(', ')}`,
      ),
    );
    // Meaning explains the task words that found nothing by their letters in this tool.
    const explained = new Set(matched.map((m) => m.query));
    for (const p of semantic?.pairs ?? []) {
      if (explained.has(p.query) || normalize(p.query) === normalize(p.term)) continue;
      matched.push({
        term: p.term,
        query: p.query,
        how: 'semantic',
        fields: [p.field],
        similarity: round(p.similarity),
      });
      reasons.push(`"${p.query}" ≈ "${p.term}" (meaning, cosine ${p.similarity.toFixed(2)}) in ${p.field}`);
    }
    if (example && doc.asks.length) reasons.push(`similar to how users ask for it: "${example.closest}"`);
    if (generalQuestion)
      reasons.push(
        "a question about the world that the other tools' words do not cover: this operation answers " +
          'general-knowledge questions',
      );
    if (value)
      reasons.push(
        value.code
          ? `"${value.value}" reads as a ${value.kind}, what its input ${value.field} takes`
          : value.named
            ? `the task sets its input ${value.field} by name`
            : `"${value.value}" has the form of its input ${value.field}`,
      );
    if (doc.price === null) reasons.push('price not stated by the source');
    else
      reasons.push(
        ceiling === undefined ? priceText(doc.price) : `${priceText(doc.price)}, within max_price $${usdText(ceiling)}`,
      );
    reasons.push(SOURCE_TEXT[doc.source]);
    if (!doc.verified)
      reasons.push('unverified: registered by anyone and not checked by Toll; ranked after every verified tool');
    if (availability.state === 'unavailable')
      reasons.push(
        `its group cannot serve it now (${availability.reason}); retry in ${availability.retry_after_seconds} s; ` +
          `ranked down`,
      );
    const asked = doc.status ? statusWord(task) : undefined;
    if (asked) reasons.push(`the task asks whether a service is up ("${asked}"): this is the group's status route`);
    const listed = doc.group ? this.listedAs.get(doc.group) : undefined;
    if (listed)
      reasons.push(
        `its group is also listed in the registry as ${listed.map((n) => `"${n}"`).join(', ')} ` +
          `(operator-verified; ranked here per operation)`,
      );
    const { source, name, summary, call } = doc;
    return {
      rank,
      score: round(score),
      source,
      name,
      summary,
      price: doc.price,
      verified: doc.verified,
      availability,
      matched,
      reasons,
      call,
    } as RankedTool;
  }
}

// A question in English form, by its first word; and the general-knowledge operations: a summary opening on answering
// a question ("Answer a question or topic from Wikipedia …"). Their place: second, right after the tool the task's
// words found (development sets: second or third lost no task's first place, always first lost several). A question
// word typed short ("wat", "wht", "hw") is still one.
const QUESTION = /^\s*(?:who|whom|whose|what|when|where|why|which|how|wat|wut|wht|whta|hw|wich|whos|whats)\b/i;
// So is one of another language ("wie hoch ist …", "¿quién fue …", "qui a écrit …"), after an opening mark; there, the
// task's other words are seldom English: any of them read as the English word of a tool's domain makes it no question
// about the world.
const FOREIGN_QUESTION =
  /^\s*[¿¡]?\s*(?:qu[eé]|qui[eé]n(?:es)?|cu[aá]l(?:es)?|cu[aá]ndo|d[oó]nde|c[oó]mo|cu[aá]nt[oa]s?|quem|quais?|onde|quant[oaie]s?|qui|quel(?:le)?s?|quand|o[uù]|comment|pourquoi|combien|chi|cosa|quale|quali|quando|dove|perch[eé]|wer|wann|wo|wie|warum|welche[rsn]?|wieviel(?:e)?|wat|wanneer|waar|hoe|waarom|welke)(?![\p{L}\p{N}])/iu;
const GENERAL_KNOWLEDGE_PLACE = 2;
// A sentence ends at a stop, question or exclamation mark after a word (not an abbreviation such as "Mt." or "U.S.") or
// a number, before the capital (or opening mark) of the next. In a long task (REQUEST_AFTER words or more) whose
// earlier sentences ask nothing (no question mark: they set the scene), the last, with two words of its own, is the
// request. A short task, or one that has already asked, says its need first and qualifies it after.
const SENTENCE_END = /(?<=(?:\p{Ll}{2}|\p{N})[.?!]|[?!])\s+(?=[\p{Lu}¿¡"'“‘])/u;
const REQUEST_AFTER = 20;
// What a sentence introduces with a colon ("I need some background: what was …") is what it asks.
const afterColon = (sentence: string) => sentence.slice(sentence.lastIndexOf(':') + 1);
const lastSentence = (text: string): string | undefined => {
  const sentences = text.trim().split(SENTENCE_END);
  const last = sentences[sentences.length - 1];
  const scene = sentences.slice(0, -1);
  return scene.length &&
    !scene.some((s) => s.includes('?')) &&
    words(text).length >= REQUEST_AFTER &&
    analyze(last).length >= 2
    ? last
    : undefined;
};
const answersQuestions = (d: ToolDocument) => {
  const terms = analyze(d.summary).map((t) => t.term);
  return terms[0] === 'answer' && terms.includes('question');
};

const SOURCE_TEXT = {
  'toll-catalog': 'Toll route, announced live by its group (callable through the gateway)',
  index: 'registered in the discovery index (not verified by Toll)',
  registry: 'registry listing',
} as const;

// "up" after a phrasal verb ("set up a bot", "look them all up", "coverage ramped up") or before "to" ("up to 10 hits")
// is not a question about a service. Nor is the "up" of a hyphenated noun ("follow-up questions", "a sign-up form",
// "top-up").
const UP_TO = /\bup\s+to\b|(?<=\p{L})-up\b/gu;
const PHRASAL_UP =
  /\b(set|setting|end|ended|ending|spin|spinning|spun|look|looking|sign|signing|pick|back|clean|show|shows|showed|showing|pull|pulls|pulled|pulling|make|bring|brings|bringing|brought|went|gone|start|open|speed|pay|pays|paid|paying|hook|line|fill|top|call|follow|free|freeing|wrap|clear|mix|sum|add|warm|ramp|ramped|ramping|pile|piled|piling|tick|ticked|ticking|climb|climbed|climbing|jump|jumped|jumping|shoot|shot|shooting|tally|round|heat|heated|heating|trend|trending|move|moved|moving)\s+(\S+\s+){0,2}up\b/g;
// An amount that is up ("egg prices are up", "rents have been way up") has risen: no service is asked about.
const AMOUNT_UP =
  /\b(?:prices?|costs?|rents?|rates?|yields?|fees?|sales|shares|stocks|inflation|numbers|volumes?|values|bills?|premiums|wages|salaries)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\S+\s+)?up\b/g;
// Who works at a place ("my brother works at Nike", "worked at a bank") is employed there: no service is asked about.
const WORKS_AT = /\b(?:works|worked|working)\s+at\b(?!\s+all\b)/g;
// "online"/"offline"/"available"/"operating" ask about a service only after a verb of being or going ("is the API
// online?", "went offline", "back online", "is it available", "is it operating"); otherwise they say how the answer
// will be used ("a copy to mirror offline") or which items ("the available series", "operating margin").
const AFTER_BEING = new Set(['online', 'offline', 'available', 'operating']);
// "which series are available" asks for a list, not whether a service is up.
const WHICH = new Set(['which', 'what']);
const BEING = new Set(
  'is are was were be been being go goes going gone went come comes came back still stay stays remain remains'.split(
    ' ',
  ),
);
// "down" after a verb that acts on something ("tear down the lease", "narrow down the list") is not one either.
const PHRASAL_DOWN =
  /\b(tear|tearing|take|taking|wind|winding|scale|scaling|narrow|narrowing|break|breaking|write|writing|turn|turning|cut|cutting|pin|bring|track|tracking|hunt|boil|put|knock|let|shut|shutting|close|closing|spin|spinning|power|slow|step|water)\s+(\S+\s+)?down\b/g;
// "running" before what it runs ("before running the full screen") or after a preposition ("instead of running md5sum")
// is an action, not a question about a service.
const RUNNING_SOMETHING =
  /\brunning\s+(the|a|an|my|our|your|this|that|these|those|its|their)\b|\b(?:of|by|without|before|after)\s+running\b/g;
// "status" asks about a service beside a word for one or for its check ("service status", "status endpoint", "API
// status", "status ping", "the status of the ETF payout service"); alone it is a field of many things ("trademark
// status", "the status of my order").
const SERVICE_WORDS = new Set(
  'service services api apis endpoint server backend gateway check ping page feed'.split(' '),
);
// A status or service word typed with a letter dropped or two letters swapped ("helthy", "healhty", "servce") is still
// one; words of six letters and more, with their first two kept, so an everyday word never becomes one.
const STATUS_TYPOS = new Map(
  [...STATUS_WORDS, ...SERVICE_WORDS]
    .filter((w) => w.length >= 6)
    .flatMap((w) => [
      ...[...w].map((_, i) => [w.slice(0, i) + w.slice(i + 1), w] as const),
      ...[...w].slice(0, -1).map((_, i) => [w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2), w] as const),
    ])
    .filter(([typo, w]) => typo.slice(0, 2) === w.slice(0, 2) && !STATUS_WORDS.has(typo) && !SERVICE_WORDS.has(typo)),
);
// "work" and "works" ask whether a service is up in a question that opens on "do", "does" or "did" ("does the lookup
// work at the moment?") or right after a verb or a word that says so ("it doesn't work", "still works"); otherwise they
// are the noun ("remote Rust work", "how the works are listed").
const WORK = new Set(['work', 'works']);
const WORK_QUESTION = new Set(['do', 'does', 'did']);
const WORK_AFTER = new Set(
  'do does did doesn don didn will won can cannot could couldn would wouldn should still it that this'.split(' '),
);
// "ok" or "okay" right after a word for a service ("api ok?", "is the backend okay") asks whether it is up; alone it is
// agreement ("ok, now the forecast").
const OK = new Set(['ok', 'okay']);
// What a task quotes as data (a JSON object typed out, a string in double quotes) is a value it passes on: a status
// word in it ('{"uptime_sla": …}', '"health check"') asks nothing of a service.
const QUOTED_DATA = /\{[^{}]*"[^{}]*\}|"[^"\n]*"|“[^”\n]*”/g;
const statusWord = (task: string) => {
  const w = words(
    task
      .toLowerCase()
      .replace(QUOTED_DATA, ' ')
      .replace(PHRASAL_UP, ' ')
      .replace(AMOUNT_UP, ' ')
      .replace(WORKS_AT, ' ')
      .replace(UP_TO, ' ')
      .replace(PHRASAL_DOWN, ' ')
      .replace(RUNNING_SOMETHING, ' '),
  ).map((word) => STATUS_TYPOS.get(word) ?? word);
  return (
    w.find(
      (word, i) =>
        (OK.has(word) && SERVICE_WORDS.has(w[i - 1])) ||
        (WORK.has(word) &&
          (WORK_QUESTION.has(w[0]) || w.slice(Math.max(0, i - 2), i).some((before) => WORK_AFTER.has(before)))) ||
        (STATUS_WORDS.has(word) &&
          !WORK.has(word) &&
          (!AFTER_BEING.has(word) ||
            (w.slice(0, i).some((before) => BEING.has(before)) &&
              !(word === 'available' && w.slice(0, i).some((before) => WHICH.has(before)))))) ||
        (word === 'status' &&
          (SERVICE_WORDS.has(w[i - 1]) ||
            SERVICE_WORDS.has(w[i + 1]) ||
            (w[i + 1] === 'of' && w.slice(i + 2, i + 6).some((after) => SERVICE_WORDS.has(after))))),
    ) ??
    foreignStatusWord(
      task
        .toLowerCase()
        .normalize('NFC')
        .split(/[^\p{L}]+/u),
    )
  );
};
// The same question in another language (see FOREIGN_BEING): a word for up after a verb of being, read from every
// word of the task (a verb of being may be one letter: "è", "é").
const foreignStatusWord = (w: string[]) =>
  w.find((word, i) => FOREIGN_UP.has(word) && w.slice(0, i).some((before) => FOREIGN_BEING.has(before)));

const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared || 1);
};

// The best tool's evidence is weak by both signals, measured absolutely (not relative to the answer): nothing fits.
const weak = (top: Scored | undefined, { own }: Query) => {
  const e = top?.evidence ?? top;
  return (
    !e ||
    ((e.lexical?.score ?? 0) / Math.max(1, own.length) < TRUST.weakLexical &&
      (e.semantic?.score ?? 0) < TRUST.weakSemantic &&
      (e.example?.semantic ?? 0) < TRUST.weakExample)
  );
};

const oneLine = (text: string, max = 140) => {
  const line = text.split(/\r?\n/)[0].trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};

// Which task word an indexed term answered, and how: the same stem, a synonym, a prefix or a near spelling.
function explainTerm(
  indexed: string,
  queryTerms: AnalyzedTerm[],
  fromSynonym: Set<string>,
): { query: AnalyzedTerm; how: 'exact' | 'synonym' | 'prefix' | 'fuzzy' } {
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
  return (
    `word vectors ${vectors.source}: ${vectors.size} words × ${vectors.dims} dims, ` +
    `${(vectors.bytes / 2 ** 20).toFixed(1)} MiB in memory, loaded in ${vectors.loadMs.toFixed(0)} ms`
  );
}
