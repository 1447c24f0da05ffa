import { bytesToAddress } from '@toll/solana';

export class InstructionDataError extends Error {}

// Little-endian reader over instruction data; any overrun means "not parseable" (agave falls back to raw).
export class InstructionData {
  private offset = 0;
  private readonly buf: Buffer;

  constructor(data: Uint8Array) {
    this.buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  private need(n: number): number {
    if (this.offset + n > this.buf.length) throw new InstructionDataError('instruction data too short');
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.buf[this.need(1)];
  }

  u32(): number {
    return this.buf.readUInt32LE(this.need(4));
  }

  u64(): bigint {
    return this.buf.readBigUInt64LE(this.need(8));
  }

  pubkey(): string {
    const at = this.need(32);
    return bytesToAddress(this.buf.subarray(at, at + 32));
  }

  // Instruction-encoded COption<Pubkey>: one tag byte, then the key when the tag is 1.
  optionalPubkey(): string | null {
    return this.u8() === 1 ? this.pubkey() : null;
  }

  // bincode String: u64 length, then UTF-8 bytes.
  string(): string {
    const len = Number(this.u64());
    const at = this.need(len);
    return this.buf.subarray(at, at + len).toString('utf8');
  }

  rest(): Buffer {
    return this.buf.subarray(this.need(0));
  }
}

export interface RawInstruction {
  programId: string;
  accounts: string[];
  data: Uint8Array;
}

export interface ParsedInfo {
  type: string;
  info: Record<string, unknown>;
}

export function requireAccounts(ix: RawInstruction, n: number): void {
  if (ix.accounts.length < n) throw new InstructionDataError(`expected at least ${n} accounts`);
}
