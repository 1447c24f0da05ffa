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
  // The commonest words ("now", "still", "right") sit close to everything frequent: below this row they are not
  // compared.
  minRow: 300,
};

interface DocSlots {
  id: string;
  slots: Int32Array; // the catalog words (slots) this tool uses
  weights: Float32Array; // the best field weight of each
  fields: string[];
}

// Most vocabulary words can win with no catalog word: they share one memo entry.
const NO_CANDIDATES = { slots: new Int32Array(0), sims: new Float32Array(0) };

export class SemanticIndex {
  private readonly slotWords: string[] = [];
  private readonly spelling: Spelling;
  private readonly docs: DocSlots[] = [];
  // The slots a task word can match, by reach (the slot's largest weight in any tool × its vector's length) from the
  // largest down: a word of length n reaches only the slots with reach × n above the threshold, so the rest are never
  // compared. matrix holds their vectors in this order; order maps a position back to its slot.
  private readonly order: Int32Array;
  private readonly reach: Float64Array;
  private readonly slotWeight: Float64Array;
  private readonly matrix: Float32Array;
  private readonly floor: Float64Array; // the cosine each slot in order must exceed to count in any tool
  private readonly split: number; // matrix dims compared before a slot that cannot reach its floor is dropped
  private readonly tails: Float64Array; // each slot's vector length past split
  // The tools using each slot, as (tool, position in its slots) from postingStart[slot] to postingStart[slot + 1]: a
  // task word is close to few of the catalog's words, so scoring walks only theirs instead of every tool's every word.
  private readonly postingStart: Int32Array;
  private readonly postingDoc: Int32Array;
  private readonly postingAt: Int32Array;
  // Each vocabulary row's candidates, computed on its first use: bounded by the vocabulary (59,161 rows, a few slots
  // each), so a long-running service compares a task word with the catalog once.
  private readonly memo = new Map<number, { slots: Int32Array; sims: Float32Array }>();

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
      this.docs.push({
        id: doc.id,
        slots: Int32Array.from(entries.map(([s]) => s)),
        weights: Float32Array.from(entries.map(([, b]) => b.weight)),
        fields: entries.map(([, b]) => b.field),
      });
    }
    // Document frequency of each word, then each tool's weights scaled by how specific its words are.
    const df = new Int32Array(rows.length);
    for (const d of this.docs) for (const slot of d.slots) df[slot]++;
    const maxIdf = Math.log(1 + this.docs.length);
    for (const d of this.docs)
      d.slots.forEach(
        (slot, i) => (d.weights[i] *= (Math.log(1 + this.docs.length / df[slot]) / maxIdf) ** SEMANTIC.idfPower),
      );
    const start = new Int32Array(rows.length + 1);
    for (const d of this.docs) for (const slot of d.slots) start[slot + 1]++;
    for (let slot = 0; slot < rows.length; slot++) start[slot + 1] += start[slot];
    const fill = start.slice(0, rows.length);
    this.postingDoc = new Int32Array(start[rows.length]);
    this.postingAt = new Int32Array(start[rows.length]);
    this.docs.forEach((d, doc) =>
      d.slots.forEach((slot, at) => {
        this.postingDoc[fill[slot]] = doc;
        this.postingAt[fill[slot]++] = at;
      }),
    );
    this.postingStart = start;
    this.slotWeight = new Float64Array(rows.length);
    for (const d of this.docs)
      d.slots.forEach((slot, i) => (this.slotWeight[slot] = Math.max(this.slotWeight[slot], d.weights[i])));
    const reach = rows.map((row, slot) => this.slotWeight[slot] * vectors.length(row));
    this.order = Int32Array.from(rows.keys()).sort((a, b) => reach[b] - reach[a] || a - b);
    this.reach = Float64Array.from(this.order, (slot) => reach[slot]);
    this.spelling = new Spelling(vectors, this.slotWords);
    const dims = vectors.dims;
    this.matrix = new Float32Array(rows.length * dims);
    this.order.forEach((slot, at) => this.matrix.set(vectors.vector(rows[slot]), at * dims));
    this.floor = Float64Array.from(this.order, (slot) => SEMANTIC.threshold / this.slotWeight[slot]);
    this.split = Math.floor(dims / 8) * 4;
    this.tails = vectors.tailLengths(this.matrix, rows.length, this.split);
  }

  // The slots a vocabulary row can win in some tool (cosine × the slot's largest weight above the threshold), in the
  // order of the slots' reach, with their cosines.
  private candidates(row: number) {
    let found = this.memo.get(row);
    if (found) return found;
    const { threshold } = SEMANTIC;
    const length = this.vectors.length(row);
    let reached = 0;
    while (reached < this.reach.length && this.reach[reached] * length > threshold) reached++;
    const sims = this.vectors.similarities(
      row,
      this.matrix,
      this.split,
      this.tails,
      this.floor,
      new Float32Array(reached),
    );
    const slots: number[] = [];
    const kept: number[] = [];
    for (let r = 0; r < reached; r++) {
      if (!(sims[r] * this.slotWeight[this.order[r]] > threshold)) continue;
      slots.push(this.order[r]);
      kept.push(sims[r]);
    }
    found = slots.length ? { slots: Int32Array.from(slots), sims: Float32Array.from(kept) } : NO_CANDIDATES;
    this.memo.set(row, found);
    return found;
  }

  get vocabulary() {
    return this.slotWords.length;
  }

  // Score of every tool with at least one task word above the threshold.
  score(task: string): Map<string, SemanticScore> {
    const out = new Map<string, SemanticScore>();
    const seen = new Set<string>();
    const query: { word: string; weight: number }[] = [];
    const { threshold } = SEMANTIC;
    const docs = this.docs.length;
    // Each task word's best match in each tool (its weighted cosine and position in the tool's slots). Ties keep the
    // tool's earliest word, as a scan of its words in order would.
    const best: Float64Array[] = [];
    const at: Int32Array[] = [];
    const sim: Float32Array[] = [];
    for (const word of words(task)) {
      if (seen.has(word) || normalize(word) === null) continue;
      seen.add(word);
      const row = this.spelling.row(word);
      if (row === undefined || row < SEMANTIC.minRow) continue;
      const { slots, sims } = this.candidates(row);
      const qBest = new Float64Array(docs).fill(threshold);
      const qAt = new Int32Array(docs).fill(-1);
      const qSim = new Float32Array(docs);
      for (let c = 0; c < slots.length; c++) {
        const slot = slots[c];
        for (let p = this.postingStart[slot]; p < this.postingStart[slot + 1]; p++) {
          const doc = this.postingDoc[p];
          const i = this.postingAt[p];
          const s = sims[c] * this.docs[doc].weights[i];
          if (s > qBest[doc] || (s === qBest[doc] && qAt[doc] > i)) {
            qBest[doc] = s;
            qAt[doc] = i;
            qSim[doc] = sims[c];
          }
        }
      }
      query.push({ word, weight: Math.log(SEMANTIC.rarityBase + row / 1000) });
      best.push(qBest);
      at.push(qAt);
      sim.push(qSim);
    }
    if (!query.length) return out;
    const total = query.reduce((s, q) => s + q.weight, 0);
    this.docs.forEach((doc, d) => {
      let score = 0;
      const pairs: SemanticPair[] = [];
      query.forEach((q, k) => {
        const i = at[k][d];
        if (i < 0) return;
        score += (q.weight * (best[k][d] - threshold)) / (1 - threshold);
        pairs.push({
          query: q.word,
          term: this.slotWords[doc.slots[i]],
          similarity: Math.min(1, sim[k][d]),
          field: doc.fields[i],
        });
      });
      if (pairs.length)
        out.set(doc.id, { score: score / total, pairs: pairs.sort((a, b) => b.similarity - a.similarity) });
    });
    return out;
  }
}
