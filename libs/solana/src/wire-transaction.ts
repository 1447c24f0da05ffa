import { PublicKey } from '@solana/web3.js';
import { PROGRAMS } from './constants';
import type { ParsedInstruction, ParsedTransaction, UiTokenBalance } from './parsed-transaction';

// getTransaction with encoding "base64": the meta as JSON, the transaction as its wire bytes.
export interface EncodedTransaction {
  slot: number;
  blockTime: number | null;
  meta:
    | (NonNullable<ParsedTransaction['meta']> & { preTokenBalances?: UiTokenBalance[]; loadedAddresses?: { writable: string[]; readonly: string[] } })
    | null;
  transaction: [string, 'base64'];
}

const SYSTEM = PROGRAMS.system.toBase58();
const MEMOS = new Set([PROGRAMS.memo.toBase58(), PROGRAMS.memoV1.toBase58()]);
const TOKENS = new Set([PROGRAMS.token.toBase58(), PROGRAMS.token2022.toBase58()]);
const SYSTEM_TRANSFER = 2;
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;

class Reader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}

  u8(): number {
    if (this.at >= this.bytes.length) throw new Error('transaction bytes end early');
    return this.bytes[this.at++];
  }

  // Solana's compact-u16 length prefix.
  shortVec(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.u8();
      value |= (b & 0x7f) << shift;
      if (!(b & 0x80)) return value;
    }
    throw new Error('bad compact-u16');
  }

  take(n: number): Buffer {
    if (this.at + n > this.bytes.length) throw new Error('transaction bytes end early');
    return this.bytes.subarray(this.at, (this.at += n));
  }
}

// The instructions payment checks read, in the shape jsonParsed gives them: a memo's text, a system transfer, a token
// transfer or transferChecked. Anything else keeps its program id only.
function parseInstruction(programId: string, accounts: string[], data: Buffer): ParsedInstruction {
  if (MEMOS.has(programId)) return { programId, parsed: data.toString('utf8') };
  if (programId === SYSTEM && data.length >= 12 && data.readUInt32LE(0) === SYSTEM_TRANSFER) {
    return { programId, parsed: { type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: data.readBigUInt64LE(4).toString() } } };
  }
  if (TOKENS.has(programId) && data[0] === TOKEN_TRANSFER && data.length >= 9) {
    return { programId, parsed: { type: 'transfer', info: { source: accounts[0], destination: accounts[1], authority: accounts[2], amount: data.readBigUInt64LE(1).toString() } } };
  }
  if (TOKENS.has(programId) && data[0] === TOKEN_TRANSFER_CHECKED && data.length >= 10) {
    const info = { source: accounts[0], mint: accounts[1], destination: accounts[2], authority: accounts[3], tokenAmount: { amount: data.readBigUInt64LE(1).toString(), decimals: data[9] } };
    return { programId, parsed: { type: 'transferChecked', info } };
  }
  return { programId };
}

// Decodes a base64 getTransaction answer into the subset of the jsonParsed shape that payment checks read
// (parsed-transaction.ts): asking the node for base64 and parsing these few fields ourselves is cheaper on both
// sides than jsonParsed. Legacy and v0 messages; v0's looked-up accounts come from meta.loadedAddresses.
export function decodeTransaction(encoded: EncodedTransaction): ParsedTransaction {
  const r = new Reader(Buffer.from(encoded.transaction[0], 'base64'));
  r.take(64 * r.shortVec()); // signatures: no check reads them (the proof names the transaction)
  const first = r.u8();
  const versioned = (first & 0x80) !== 0;
  if (versioned && (first & 0x7f) !== 0) throw new Error(`unsupported transaction version ${first & 0x7f}`);
  const [signed, readonlySigned, readonlyUnsigned] = versioned ? [r.u8(), r.u8(), r.u8()] : [first, r.u8(), r.u8()];
  const keyCount = r.shortVec();
  const static_ = Array.from({ length: keyCount }, (_, i) => ({
    pubkey: new PublicKey(r.take(32)).toBase58(),
    signer: i < signed,
    writable: i < signed ? i < signed - readonlySigned : i < keyCount - readonlyUnsigned,
  }));
  r.take(32); // recent blockhash
  const raw = Array.from({ length: r.shortVec() }, () => {
    const program = r.u8();
    const accounts = [...r.take(r.shortVec())];
    return { program, accounts, data: Buffer.from(r.take(r.shortVec())) };
  });
  const loaded = encoded.meta?.loadedAddresses;
  const accountKeys = [
    ...static_,
    ...(loaded?.writable ?? []).map((pubkey) => ({ pubkey, signer: false, writable: true })),
    ...(loaded?.readonly ?? []).map((pubkey) => ({ pubkey, signer: false, writable: false })),
  ];
  const key = (i: number) => {
    const k = accountKeys[i];
    if (!k) throw new Error(`account index ${i} out of range`);
    return k.pubkey;
  };
  const instructions = raw.map((ix) => parseInstruction(key(ix.program), ix.accounts.map(key), ix.data));
  return { slot: encoded.slot, blockTime: encoded.blockTime, meta: encoded.meta, transaction: { message: { accountKeys, instructions } } };
}
