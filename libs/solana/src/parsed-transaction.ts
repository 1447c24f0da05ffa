import { PROGRAMS } from './constants';

// The subset of a jsonParsed `getTransaction` result that payment checks read (decodeTransaction in
// wire-transaction.ts builds it from a base64 answer).
export interface ParsedInstruction {
  program?: string;
  programId: string;
  parsed?: unknown;
}

export interface UiTokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

export interface ParsedTransaction {
  slot: number;
  blockTime: number | null;
  meta: {
    err: unknown;
    fee: number;
    preBalances: number[];
    postBalances: number[];
    preTokenBalances?: UiTokenBalance[];
    postTokenBalances?: UiTokenBalance[];
  } | null;
  transaction: {
    message: {
      accountKeys: Array<{ pubkey: string; signer: boolean; writable: boolean }>;
      instructions: ParsedInstruction[];
    };
  };
}

export interface TokenTransfer {
  source: string;
  destination: string;
  mint?: string; // present on transferChecked
  amount: bigint;
  authority?: string;
}

export interface SolTransfer {
  source: string;
  destination: string;
  lamports: bigint;
}

const MEMO_PROGRAMS = new Set([PROGRAMS.memo.toBase58(), PROGRAMS.memoV1.toBase58()]);
const TOKEN_PROGRAMS = new Set([PROGRAMS.token.toBase58(), PROGRAMS.token2022.toBase58()]);

const info = (ix: ParsedInstruction) =>
  (ix.parsed as { type?: string; info?: Record<string, unknown> } | undefined) ?? {};

// Memo texts of top-level Memo-program instructions (read from instruction data, never from logs).
export const memosOf = (tx: ParsedTransaction): string[] =>
  tx.transaction.message.instructions
    .filter((ix) => MEMO_PROGRAMS.has(ix.programId) && typeof ix.parsed === 'string')
    .map((ix) => ix.parsed as string);

export const solTransfersOf = (tx: ParsedTransaction): SolTransfer[] =>
  tx.transaction.message.instructions
    .filter((ix) => ix.programId === PROGRAMS.system.toBase58() && info(ix).type === 'transfer')
    .map((ix) => {
      const i = info(ix).info as { source: string; destination: string; lamports: number | string };
      return { source: i.source, destination: i.destination, lamports: BigInt(i.lamports) };
    });

export const tokenTransfersOf = (tx: ParsedTransaction): TokenTransfer[] =>
  tx.transaction.message.instructions
    .filter((ix) => TOKEN_PROGRAMS.has(ix.programId) && ['transfer', 'transferChecked'].includes(info(ix).type ?? ''))
    .map((ix) => {
      const i = info(ix).info as {
        source: string;
        destination: string;
        mint?: string;
        amount?: string;
        tokenAmount?: { amount: string };
        authority?: string;
      };
      return {
        source: i.source,
        destination: i.destination,
        mint: i.mint,
        amount: BigInt(i.tokenAmount?.amount ?? i.amount ?? '0'),
        authority: i.authority,
      };
    });

const indexOf = (tx: ParsedTransaction, account: string) =>
  tx.transaction.message.accountKeys.findIndex((k) => k.pubkey === account);

// What an account actually received in lamports (post − pre), whatever instructions moved it.
export function lamportDelta(tx: ParsedTransaction, account: string): bigint {
  const i = indexOf(tx, account);
  if (i < 0 || !tx.meta) return 0n;
  return BigInt(tx.meta.postBalances[i] ?? 0) - BigInt(tx.meta.preBalances[i] ?? 0);
}

// What a token account actually received of one mint (post − pre); covers transfer-fee mints too.
export function tokenDelta(tx: ParsedTransaction, account: string, mint: string): bigint {
  const i = indexOf(tx, account);
  if (i < 0 || !tx.meta) return 0n;
  const amount = (list?: UiTokenBalance[]) =>
    BigInt(list?.find((b) => b.accountIndex === i && b.mint === mint)?.uiTokenAmount.amount ?? '0');
  return amount(tx.meta.postTokenBalances) - amount(tx.meta.preTokenBalances);
}

export const feePayerOf = (tx: ParsedTransaction): string => tx.transaction.message.accountKeys[0]?.pubkey ?? '';
