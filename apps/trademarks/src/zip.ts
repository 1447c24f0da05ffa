import { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';

// The office ships each daily file as a ZIP holding one XML document. This reads the first entry named *.xml
// straight from the archive's central directory and streams it out inflated, so a 100 MB document never sits in
// memory as one string. Anything that is not such an archive throws (and the file is rejected).
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface ZipEntry {
  name: string;
  size: number;
  crc: number;
  open(): Readable;
}

export function xmlEntry(zip: Buffer): ZipEntry {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a ZIP archive (no end-of-central-directory record)');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new Error('corrupt ZIP central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    at = next;
    if (!/\.xml$/i.test(name)) continue;
    if (method !== 0 && method !== 8) throw new Error(`ZIP entry ${name} uses compression method ${method}`);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw new Error('corrupt ZIP local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) throw new Error(`ZIP entry ${name} is truncated`);
    const data = zip.subarray(start, start + compressed);
    return {
      name,
      size,
      crc,
      open: () => (method === 0 ? Readable.from([data]) : Readable.from([data]).pipe(createInflateRaw())),
    };
  }
  throw new Error('the ZIP archive holds no XML document');
}

// Streams the entry's text, checking its length and CRC-32 at the end (a damaged download fails here at the latest).
export async function* entryText(entry: ZipEntry): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let crc = 0;
  let length = 0;
  for await (const chunk of entry.open() as AsyncIterable<Buffer>) {
    crc = crc32(chunk, crc);
    length += chunk.length;
    yield decoder.decode(chunk, { stream: true });
  }
  yield decoder.decode();
  if (length !== entry.size || crc !== entry.crc)
    throw new Error(`ZIP entry ${entry.name} is damaged (size or CRC-32 mismatch)`);
}
