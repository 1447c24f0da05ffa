import type { Account, TransactionMetadata } from 'litesvm/dist/internal.js';
import { bytesToAddress } from '@toll/solana';
import type { TokenBalance } from './token-balances';
import { isMintData, isTokenAccountData } from './token-layout';
import { isTokenProgram } from './programs';

export interface InnerInstructionRecord {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number;
}

export interface ReturnDataRecord {
  programId: string;
  data: Uint8Array;
}

export interface MetaSummary {
  logs: string[];
  computeUnits: bigint;
  // One list per top-level instruction, as LiteSVM reports them.
  innerInstructions: InnerInstructionRecord[][];
  returnData: ReturnDataRecord | null;
  // undefined when LiteSVM's text form did not carry it; the caller recomputes.
  fee: bigint | undefined;
}

// TransactionMetadata has no fee getter; its Debug text ends with "fee: 5206 })" (docs/local-chain.md §2.4.2).
const FEE_PATTERN = /fee: (\d+) \}\)$/;

export function summarizeMeta(meta: TransactionMetadata): MetaSummary {
  const returned = meta.returnData();
  const returnBytes = returned.data();
  const fee = FEE_PATTERN.exec(meta.toString());
  return {
    logs: meta.logs(),
    computeUnits: meta.computeUnitsConsumed(),
    innerInstructions: meta.innerInstructions().map((list) =>
      list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: Array.from(ix.accounts()),
          data: ix.data(),
          stackHeight: inner.stackHeight(),
        };
      }),
    ),
    returnData: returnBytes.length ? { programId: bytesToAddress(returned.programId()), data: returnBytes } : null,
    fee: fee ? BigInt(fee[1]) : undefined,
  };
}

export interface BalanceSnapshot {
  lamports: bigint[];
  tokens: TokenBalance[];
}

export type AccountLookup = (address: string) => Account | null;

// Lamports and token balances of every key, as agave records them around execution. With `only`, keys not
// flagged are copied from `previous` (read-only accounts cannot change).
export function snapshotBalances(
  read: AccountLookup,
  keys: string[],
  only?: boolean[],
  previous?: BalanceSnapshot,
): BalanceSnapshot {
  const lamports: bigint[] = [];
  const tokens: TokenBalance[] = [];
  const previousTokens = new Map(previous?.tokens.map((t) => [t.accountIndex, t]));
  const decimals = new Map<string, number | undefined>();
  const decimalsOf = (mint: string): number | undefined => {
    if (!decimals.has(mint)) {
      const account = read(mint);
      const data = account?.data();
      decimals.set(mint, account && data && isMintData(bytesToAddress(account.owner()), data) ? data[44] : undefined);
    }
    return decimals.get(mint);
  };
  keys.forEach((key, i) => {
    if (only && previous && !only[i]) {
      lamports.push(previous.lamports[i]);
      const token = previousTokens.get(i);
      if (token) tokens.push(token);
      return;
    }
    const account = read(key);
    lamports.push(account?.lamports() ?? 0n);
    if (!account) return;
    const programId = bytesToAddress(account.owner());
    if (!isTokenProgram(programId)) return;
    const data = account.data();
    if (!isTokenAccountData(programId, data)) return;
    const mint = bytesToAddress(data.subarray(0, 32));
    const mintDecimals = decimalsOf(mint);
    if (mintDecimals === undefined) return;
    const amount = Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(64);
    tokens.push({
      accountIndex: i,
      mint,
      owner: bytesToAddress(data.subarray(32, 64)),
      programId,
      amount,
      decimals: mintDecimals,
    });
  });
  return { lamports, tokens };
}
