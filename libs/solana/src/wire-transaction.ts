import { PROGRAMS } from './constants';
import type { ParsedInstruction, ParsedTransaction, UiTokenBalance } from './parsed-transaction';
import { decodeWireTransaction, isStaticWritable } from './wire';

// getTransaction with encoding "base64": the meta as JSON, the transaction as its wire bytes.
export interface EncodedTransaction {
  slot: number;
  blockTime: number | null;
  meta:
    | (NonNullable<ParsedTransaction['meta']> & {
        preTokenBalances?: UiTokenBalance[];
        loadedAddresses?: { writable: string[]; readonly: string[] };
      })
    | null;
  transaction: [string, 'base64'];
}

const SYSTEM = PROGRAMS.system.toBase58();
const MEMOS = new Set([PROGRAMS.memo.toBase58(), PROGRAMS.memoV1.toBase58()]);
const TOKENS = new Set([PROGRAMS.token.toBase58(), PROGRAMS.token2022.toBase58()]);
const SYSTEM_TRANSFER = 2;
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;

// The instructions payment checks read, in the shape jsonParsed gives them: a memo's text, a system transfer, a token
// transfer or transferChecked. Anything else keeps its program id only.
function parseInstruction(programId: string, accounts: string[], data: Buffer): ParsedInstruction {
  if (MEMOS.has(programId)) return { programId, parsed: data.toString('utf8') };
  if (programId === SYSTEM && data.length >= 12 && data.readUInt32LE(0) === SYSTEM_TRANSFER) {
    return {
      programId,
      parsed: {
        type: 'transfer',
        info: { source: accounts[0], destination: accounts[1], lamports: data.readBigUInt64LE(4).toString() },
      },
    };
  }
  if (TOKENS.has(programId) && data[0] === TOKEN_TRANSFER && data.length >= 9) {
    return {
      programId,
      parsed: {
        type: 'transfer',
        info: {
          source: accounts[0],
          destination: accounts[1],
          authority: accounts[2],
          amount: data.readBigUInt64LE(1).toString(),
        },
      },
    };
  }
  if (TOKENS.has(programId) && data[0] === TOKEN_TRANSFER_CHECKED && data.length >= 10) {
    const info = {
      source: accounts[0],
      mint: accounts[1],
      destination: accounts[2],
      authority: accounts[3],
      tokenAmount: { amount: data.readBigUInt64LE(1).toString(), decimals: data[9] },
    };
    return { programId, parsed: { type: 'transferChecked', info } };
  }
  return { programId };
}

// Decodes a base64 getTransaction answer into the subset of the jsonParsed shape that payment checks read
// (parsed-transaction.ts): asking the node for base64 and parsing these few fields ourselves is cheaper on both
// sides than jsonParsed. Legacy and v0 messages; v0's looked-up accounts come from meta.loadedAddresses.
export function decodeTransaction(encoded: EncodedTransaction): ParsedTransaction {
  const { header, staticKeys, instructions } = decodeWireTransaction(
    Buffer.from(encoded.transaction[0], 'base64'),
  ).message;
  const signed = header.numRequiredSignatures;
  const static_ = staticKeys.map((pubkey, i) => ({
    pubkey,
    signer: i < signed,
    writable: isStaticWritable(header, staticKeys.length, i),
  }));
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
  const parsed = instructions.map((ix) =>
    parseInstruction(key(ix.programIdIndex), ix.accounts.map(key), Buffer.from(ix.data)),
  );
  return {
    slot: encoded.slot,
    blockTime: encoded.blockTime,
    meta: encoded.meta,
    transaction: { message: { accountKeys, instructions: parsed } },
  };
}
