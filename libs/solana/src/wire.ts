import { addressToBytes, bytesToAddress, toBase58 } from './address';

// Solana wire format, decoded by hand: it is small, and it keeps every key as cached base58 (kit's decoder
// re-encodes each key on every call, which dominated the local chain's profile). The local chain and payments'
// base64 transaction read (wire-transaction.ts) share it.

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export interface AddressTableLookup {
  accountKey: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface DecodedMessage {
  version: 'legacy' | 0;
  header: MessageHeader;
  staticKeys: string[];
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  lookups: AddressTableLookup[];
}

export interface DecodedTransaction {
  signature: string;
  signatures: Uint8Array[];
  messageBytes: Uint8Array;
  message: DecodedMessage;
}

export class WireError extends Error {}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  u8(): number {
    if (this.offset >= this.bytes.length) throw new WireError('io error: failed to fill whole buffer');
    return this.bytes[this.offset++];
  }

  // compact-u16 ("shortvec"): 7 bits per byte, at most 3 bytes.
  length(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.u8();
      value |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
    throw new WireError('invalid compact-u16');
  }

  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new WireError('io error: failed to fill whole buffer');
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  list<T>(item: () => T): T[] {
    const n = this.length();
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(item());
    return out;
  }

  done(): boolean {
    return this.offset === this.bytes.length;
  }
}

export function decodeWireTransaction(bytes: Uint8Array): DecodedTransaction {
  const reader = new Reader(bytes);
  const signatures = reader.list(() => reader.take(64));
  const messageBytes = bytes.subarray(reader.offset);
  const message = decodeMessage(messageBytes);
  if (signatures.length === 0 || signatures.length !== message.header.numRequiredSignatures) {
    throw new WireError('Transaction failed to sanitize accounts offsets correctly');
  }
  return { signature: toBase58(signatures[0]), signatures, messageBytes, message };
}

export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  const reader = new Reader(bytes);
  let version: 'legacy' | 0 = 'legacy';
  if (bytes.length > 0 && bytes[0] & 0x80) {
    if ((reader.u8() & 0x7f) !== 0) throw new WireError('unsupported transaction version');
    version = 0;
  }
  const header = {
    numRequiredSignatures: reader.u8(),
    numReadonlySignedAccounts: reader.u8(),
    numReadonlyUnsignedAccounts: reader.u8(),
  };
  const staticKeys = reader.list(() => bytesToAddress(reader.take(32)));
  const recentBlockhash = toBase58(reader.take(32));
  const instructions = reader.list(() => ({
    programIdIndex: reader.u8(),
    accounts: Array.from(reader.take(reader.length())),
    data: reader.take(reader.length()).slice(),
  }));
  const lookups =
    version === 0
      ? reader.list(() => ({
          accountKey: bytesToAddress(reader.take(32)),
          writableIndexes: Array.from(reader.take(reader.length())),
          readonlyIndexes: Array.from(reader.take(reader.length())),
        }))
      : [];
  if (!reader.done()) throw new WireError('trailing bytes after message');
  const total =
    staticKeys.length + lookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  const sane =
    header.numRequiredSignatures > 0 &&
    header.numRequiredSignatures <= staticKeys.length &&
    header.numReadonlySignedAccounts < header.numRequiredSignatures &&
    header.numReadonlyUnsignedAccounts <= staticKeys.length - header.numRequiredSignatures &&
    instructions.every(
      (ix) => ix.programIdIndex > 0 && ix.programIdIndex < staticKeys.length && ix.accounts.every((a) => a < total),
    );
  if (!sane) throw new WireError('Transaction failed to sanitize accounts offsets correctly');
  return { version, header, staticKeys, recentBlockhash, instructions, lookups };
}

// Whether static key i is writable according to the message header.
export function isStaticWritable(header: MessageHeader, staticCount: number, i: number): boolean {
  if (i < header.numRequiredSignatures) return i < header.numRequiredSignatures - header.numReadonlySignedAccounts;
  return i < staticCount - header.numReadonlyUnsignedAccounts;
}

const compactU16 = (n: number): number[] =>
  n < 0x80 ? [n] : n < 0x4000 ? [(n & 0x7f) | 0x80, n >> 7] : [(n & 0x7f) | 0x80, ((n >> 7) & 0x7f) | 0x80, n >> 14];

// A legacy one-instruction system transfer, the faucet's transaction. Returns the message to sign.
export function encodeTransferMessage(
  from: string,
  to: string,
  lamports: bigint,
  recentBlockhash: Uint8Array,
): Uint8Array {
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0);
  data.writeBigUInt64LE(lamports, 4);
  return Uint8Array.from([
    1,
    0,
    1,
    ...compactU16(3),
    ...addressToBytes(from),
    ...addressToBytes(to),
    ...new Uint8Array(32),
    ...recentBlockhash,
    ...compactU16(1),
    2,
    ...compactU16(2),
    0,
    1,
    ...compactU16(data.length),
    ...data,
  ]);
}

export const encodeTransaction = (signatures: Uint8Array[], message: Uint8Array): Uint8Array =>
  Uint8Array.from([...compactU16(signatures.length), ...signatures.flatMap((s) => Array.from(s)), ...message]);
