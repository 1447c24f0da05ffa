import { Spelling } from './spelling';
import { normalize, words } from './text-analysis';
import type { WordVectors } from './word-vectors';

// The semantic signal: each task word is compared, by word-vector cosine, with every word a tool's text uses; the
// tool scores the weighted mean over task words of the best match (MaxSim), so "snowing" finds "weather" and
// "bearer token" finds "jwt" without sharing a stem. Words that mean little (frequent ones) weigh less.

export interface SemanticField {
  field: string;
  text: string;
  weight: number; // how much a match in this field counts, 0-1
}

export interface SemanticPair {
  query: string; // the task word
  term: string; // the tool's word it is closest to
  similarity: number; // cosine, 0-1
  field: string;
}

export interface SemanticScore {
  score: number; // 0-1
  pairs: SemanticPair[]; // the task words that found a close word in this tool, best first
}

export const SEMANTIC = {
  // Cosines at or below this say nothing (unrelated words still share some direction); above it the gain is linear.
  threshold: 0.5,
  // A task word's weight: log(base + its frequency row / 1000), so rare words ("jwt") outweigh common ones ("check").
  rarityBase: 3,
  // A tool's word used by many tools says little about any one: its matches count (idf / max idf) ^ this.
  idfPower: 2,
  // The commonest words ("now", "still", "right") sit close to everything frequent: below this row they are not compared.
  minRow: 300,
};

interface DocSlots {
  id: string;
  slots: Int32Array; // rows of the packed matrix this tool uses
  weights: Float32Array; // the best field weight of each
  fields: string[];
}

export class SemanticIndex {
  private readonly slotWords: string[] = [];
  private readonly spelling: Spelling;
  private readonly matrix: Int8Array;
  private readonly docs: DocSlots[] = [];

  constructor(
    private readonly vectors: WordVectors,
    documents: { id: string; fields: SemanticField[] }[],
  ) {
    const slotOf = new Map<string, number>();
    const rows: number[] = [];
    for (const doc of documents) {
      const best = new Map<number, { weight: number; field: string }>();
      for (const { field, text, weight } of doc.fields) {
        for (const word of words(text)) {
          if (normalize(word) === null) continue;
          const row = vectors.id(word);
          if (row === undefined || row < SEMANTIC.minRow) continue;
          let slot = slotOf.get(word);
          if (slot === undefined) {
            slot = rows.push(row) - 1;
            slotOf.set(word, slot);
            this.slotWords.push(word);
          }
          if ((best.get(slot)?.weight ?? -1) < weight) best.set(slot, { weight, field });
        }
      }
      const entries = [...best.entries()];
      this.docs.push({ id: doc.id, slots: Int32Array.from(entries.map(([s]) => s)), weights: Float32Array.from(entries.map(([, b]) => b.weight)), fields: entries.map(([, b]) => b.field) });
    }
    // Document frequency of each word, then each tool's weights scaled by how specific its words are.
    const df = new Int32Array(rows.length);
    for (const d of this.docs) for (const slot of d.slots) df[slot]++;
    const maxIdf = Math.log(1 + this.docs.length);
    for (const d of this.docs) d.slots.forEach((slot, i) => (d.weights[i] *= (Math.log(1 + this.docs.length / df[slot]) / maxIdf) ** SEMANTIC.idfPower));
    this.spelling = new Spelling(vectors, this.slotWords);
    const dims = vectors.dims;
    this.matrix = new Int8Array(rows.length * dims);
    rows.forEach((row, slot) => this.matrix.set(vectors.vector(row), slot * dims));
  }

  get vocabulary() {
    return this.slotWords.length;
  }

  // Score of every tool with at least one task word above the threshold.
  score(task: string): Map<string, SemanticScore> {
    const out = new Map<string, SemanticScore>();
    const seen = new Set<string>();
    const query: { word: string; weight: number; sims: Float32Array }[] = [];
    for (const word of words(task)) {
      if (seen.has(word) || normalize(word) === null) continue;
      seen.add(word);
      const row = this.spelling.row(word);
      if (row === undefined || row < SEMANTIC.minRow) continue;
      const sims = this.vectors.similarities(row, this.matrix, new Float32Array(this.slotWords.length));
      query.push({ word, weight: Math.log(SEMANTIC.rarityBase + row / 1000), sims });
    }
    if (!query.length) return out;
    const total = query.reduce((s, q) => s + q.weight, 0);
    const { threshold } = SEMANTIC;
    for (const doc of this.docs) {
      let score = 0;
      const pairs: SemanticPair[] = [];
      for (const q of query) {
        let best = threshold;
        let at = -1;
        for (let i = 0; i < doc.slots.length; i++) {
          const s = q.sims[doc.slots[i]] * doc.weights[i];
          if (s > best) {
            best = s;
            at = i;
          }
        }
        if (at < 0) continue;
        score += (q.weight * (best - threshold)) / (1 - threshold);
        pairs.push({ query: q.word, term: this.slotWords[doc.slots[at]], similarity: Math.min(1, q.sims[doc.slots[at]]), field: doc.fields[at] });
      }
      if (pairs.length) out.set(doc.id, { score: score / total, pairs: pairs.sort((a, b) => b.similarity - a.similarity) });
    }
    return out;
  }
}
