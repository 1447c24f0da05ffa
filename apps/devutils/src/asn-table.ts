import { readFileSync } from 'node:fs';

export interface AsnRecord {
  number: number;
  org: string;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

// One ip-location-db "-num" CSV (ip_start,ip_end,asn,org; rows sorted by ip_start) held in typed arrays.
// Addresses are stored as `width` 32-bit words each (1 for IPv4, 4 for IPv6); organisation names are
// interned because a few thousand organisations own most of the ranges.
export class AsnTable {
  private constructor(
    private readonly width: number,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly asns: Uint32Array,
    private readonly orgIds: Uint32Array,
    private readonly orgs: string[],
  ) {}

  get size() {
    return this.asns.length;
  }

  static load(file: string, width: 1 | 4): AsnTable {
    const buf = readFileSync(file);
    let rows = 0;
    for (let i = buf.indexOf(NEWLINE); i !== -1; i = buf.indexOf(NEWLINE, i + 1)) rows++;
    if (buf.length && buf[buf.length - 1] !== NEWLINE) rows++;
    const starts = new Uint32Array(rows * width);
    const ends = new Uint32Array(rows * width);
    const asns = new Uint32Array(rows);
    const orgIds = new Uint32Array(rows);
    const orgs: string[] = [];
    const orgIndex = new Map<string, number>();
    let row = 0;
    let orgFrom = 0;
    let orgTo = 0;
    for (let pos = 0; pos < buf.length;) {
      const newline = buf.indexOf(NEWLINE, pos);
      const eol = newline === -1 ? buf.length : newline;
      const c1 = buf.indexOf(COMMA, pos);
      const c2 = buf.indexOf(COMMA, c1 + 1);
      const c3 = buf.indexOf(COMMA, c2 + 1);
      if (c3 === -1 || c3 > eol) throw new Error(`${file}: malformed row ${row + 1}`);
      putWords(starts, row, width, buf, pos, c1);
      putWords(ends, row, width, buf, c1 + 1, c2);
      asns[row] = decimal(buf, c2 + 1, c3);
      // Neighbouring ranges usually share an organisation: reuse its id without decoding the text again.
      if (row > 0 && buf.compare(buf, c3 + 1, eol, orgFrom, orgTo) === 0) orgIds[row] = orgIds[row - 1];
      else {
        const org = unquote(buf.toString('utf8', c3 + 1, eol).trimEnd());
        let id = orgIndex.get(org);
        if (id === undefined) {
          id = orgs.push(org) - 1;
          orgIndex.set(org, id);
        }
        orgIds[row] = id;
      }
      orgFrom = c3 + 1;
      orgTo = eol;
      row++;
      pos = eol + 1;
    }
    return new AsnTable(width, starts, ends, asns, orgIds, orgs);
  }

  // The last range starting at or before the address, if it also ends at or after it.
  lookup(words: number[]): AsnRecord | null {
    let lo = 0;
    let hi = this.size - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.starts, mid, words) <= 0) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found === -1 || this.compare(this.ends, found, words) < 0) return null;
    return { number: this.asns[found], org: this.orgs[this.orgIds[found]] };
  }

  private compare(column: Uint32Array, row: number, words: number[]): number {
    for (let i = 0; i < this.width; i++) {
      const diff = column[row * this.width + i] - words[i];
      if (diff !== 0) return diff;
    }
    return 0;
  }
}

// Decimal address → 32-bit words, most significant first (128-bit IPv6 values go through BigInt).
function putWords(target: Uint32Array, row: number, width: number, buf: Buffer, from: number, to: number) {
  if (width === 1) {
    target[row] = decimal(buf, from, to);
    return;
  }
  let value = BigInt(buf.toString('latin1', from, to));
  for (let i = width - 1; i >= 0; i--) {
    target[row * width + i] = Number(value & 0xffffffffn);
    value >>= 32n;
  }
}

// Digits straight from the bytes; exact for the 32-bit IPv4 and ASN columns.
function decimal(buf: Buffer, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = buf[i] - 0x30;
    if (digit < 0 || digit > 9) throw new Error(`not a decimal number at byte ${i}`);
    value = value * 10 + digit;
  }
  return value;
}

// The org column is the only one that can be quoted (CSV style, "" inside for a quote).
const unquote = (field: string) =>
  field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
