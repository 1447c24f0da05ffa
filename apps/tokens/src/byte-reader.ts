import { PublicKey } from '@solana/web3.js';

export class MalformedAccountError extends Error {}

// Sequential little-endian (Borsh-style) reads over account bytes; any read past the end throws
// MalformedAccountError, so a truncated or foreign account can never yield half-parsed values.
export class ByteReader {
  private readonly buf: Buffer;

  constructor(
    data: Uint8Array,
    private offset = 0,
  ) {
    this.buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.buf.length - this.offset;
  }

  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }

  bool(): boolean {
    return this.u8() !== 0;
  }

  u16(): number {
    return this.buf.readUInt16LE(this.take(2));
  }

  i16(): number {
    return this.buf.readInt16LE(this.take(2));
  }

  u32(): number {
    return this.buf.readUInt32LE(this.take(4));
  }

  u64(): bigint {
    return this.buf.readBigUInt64LE(this.take(8));
  }

  i64(): bigint {
    return this.buf.readBigInt64LE(this.take(8));
  }

  f64(): number {
    return this.buf.readDoubleLE(this.take(8));
  }

  bytes(length: number): Buffer {
    const at = this.take(length);
    return this.buf.subarray(at, at + length);
  }

  pubkey(): string {
    return new PublicKey(this.bytes(32)).toBase58();
  }

  // Token-2022's OptionalNonZeroPubkey: 32 bytes, all zero meaning "none".
  optionalPubkey(): string | null {
    const key = this.bytes(32);
    return key.every((b) => b === 0) ? null : new PublicKey(key).toBase58();
  }

  // SPL Token's COption<Pubkey>: a u32 tag (1 = some) then 32 bytes, present either way.
  coptionPubkey(): string | null {
    const tag = this.u32();
    const key = this.pubkey();
    return tag === 1 ? key : null;
  }

  // Borsh String: u32 byte length, then UTF-8. NUL padding (Metaplex pads names to fixed sizes) is dropped.
  string(): string {
    const length = this.u32();
    return this.bytes(length).toString('utf8').replace(/\0/g, '');
  }

  private take(length: number): number {
    if (length < 0 || this.offset + length > this.buf.length)
      throw new MalformedAccountError(`read of ${length} bytes at ${this.offset} passes the end (${this.buf.length})`);
    const at = this.offset;
    this.offset += length;
    return at;
  }
}
