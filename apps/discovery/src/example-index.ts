import MiniSearch, { type SearchOptions } from 'minisearch';
import { Spelling } from './spelling';
import { normalize, words } from './text-analysis';
import { dotRange, type WordVectors } from './word-vectors';

// Labelled examples: the ways users ask for each operation (its route's `asks`). A task is compared with every
// example, by its words (BM25 over the single example) and by its meaning (cosine of sentence vectors: the mean of
// the word vectors, rarer words weighing more, as SIF does); an operation scores its closest example. A task worded
// like one of them finds the operation even when it shares no word with the summary.

export interface Example {
  tool: string; // id of the tool document it is an example of
  text: string;
}

export interface ExampleScore {
  lexical: number; // best BM25 of one of the tool's examples (raw)
  // best cosine of the task's sentence vector with one of the tool's examples, above the threshold, 0-1
  semantic: number;
  closest: string; // the example that scored best by the two, for reasons
}

export const EXAMPLES = {
  // A word's weight in a sentence vector: log(base + its frequency row / 1000), as in the semantic index.
  rarityBase: 3,
  // The commonest words sit close to everything: below this row they do not enter a sentence vector.
  minRow: 300,
  // Sentence cosines at or below this say nothing (any two requests share some direction); above it the gain is linear.
  threshold: 0.5,
};

export class ExampleIndex {
  private readonly search = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    idField: 'id',
    tokenize: words,
    processTerm: normalize,
    searchOptions: { tokenize: (q) => q.split(' '), processTerm: (t) => t }, // queries arrive already analysed
  });
  private readonly examples: Example[];
  private readonly spelling: Spelling; // a task's misspelt word counts as the examples' word it stands for
  private readonly embeddings: Float32Array; // one unit sentence vector per example (zero when no word is known)

  constructor(
    private readonly vectors: WordVectors,
    examples: Example[],
  ) {
    this.examples = examples;
    this.spelling = new Spelling(
      vectors,
      examples.flatMap((e) => words(e.text)),
    );
    this.search.addAll(examples.map((e, id) => ({ id, text: e.text })));
    this.embeddings = new Float32Array(examples.length * vectors.dims);
    examples.forEach((e, i) => this.embed(e.text, this.embeddings.subarray(i * vectors.dims, (i + 1) * vectors.dims)));
  }

  get size() {
    return this.examples.length;
  }

  // Each tool with an example that shares a term with the task or is close in meaning.
  // terms: the task's own stems, not their synonyms (the examples are paraphrases already); options: the tool index's
  // prefix and fuzzy rules.
  score(task: string, terms: string[], options: SearchOptions): Map<string, ExampleScore> {
    const out = new Map<string, ExampleScore>();
    if (!this.examples.length) return out;
    const hits = terms.length ? this.search.search([...new Set(terms)].join(' '), options) : [];
    const lexical = new Float32Array(this.examples.length);
    for (const h of hits) lexical[h.id as number] = h.score;
    const dims = this.vectors.dims;
    const query = new Float32Array(dims);
    const known = this.embed(task, query, true);
    const exact = Float64Array.from(query);
    const bestLexical = hits.reduce((m, h) => Math.max(m, h.score), 0) || 1;
    const closestScore = new Map<string, number>(); // each tool's best example by both signals together
    this.examples.forEach((e, i) => {
      const cosine = known ? dotRange(exact, this.embeddings, i * dims, 0, dims) : 0;
      const semantic = Math.max(0, (cosine - EXAMPLES.threshold) / (1 - EXAMPLES.threshold));
      if (!lexical[i] && !semantic) return;
      const s = out.get(e.tool) ?? { lexical: 0, semantic: 0, closest: e.text };
      const both = lexical[i] / bestLexical + semantic;
      if (both > (closestScore.get(e.tool) ?? -1)) {
        closestScore.set(e.tool, both);
        s.closest = e.text;
      }
      s.lexical = Math.max(s.lexical, lexical[i]);
      s.semantic = Math.max(s.semantic, semantic);
      out.set(e.tool, s);
    });
    return out;
  }

  // The weighted mean of a text's word vectors, unit length, into out; false when no word of it has a vector.
  // A task's misspelt words count as their nearest spelling; examples are taken as written.
  private embed(text: string, out: Float32Array, task = false): boolean {
    const seen = new Set<string>();
    let any = false;
    for (const word of words(text)) {
      if (seen.has(word) || normalize(word) === null) continue;
      seen.add(word);
      const row = task ? this.spelling.row(word) : this.vectors.id(word);
      if (row === undefined || row < EXAMPLES.minRow) continue;
      const weight = Math.log(EXAMPLES.rarityBase + row / 1000);
      const v = this.vectors.vector(row);
      for (let d = 0; d < out.length; d++) out[d] += weight * v[d];
      any = true;
    }
    if (!any) return false;
    const norm = Math.hypot(...out);
    for (let d = 0; d < out.length; d++) out[d] /= norm;
    return true;
  }
}
