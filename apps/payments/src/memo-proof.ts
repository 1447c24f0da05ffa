import {
  feePayerOf,
  lamportDelta,
  memosOf,
  solTransfersOf,
  tokenDelta,
  tokenTransfersOf,
  type ParsedTransaction,
  type UiTokenBalance,
} from '@toll/solana';
import { openMemo, type MemoQuote } from '@toll/x402';
import type { PaymentTerms } from './terms';

export type MemoProofResult =
  | { ok: true; asset: 'SOL' | 'USDC'; amountAtomic: bigint; payer: string; quote: MemoQuote }
  | { ok: false; reason: string };

// What a memo-flow transaction carries and paid us, before any rule about what it may buy: it succeeded, it carries
// `memo`, the memo is ours, and how much reached our USDC token account and our recipient (balance deltas).
export type MemoPaymentRead =
  | { ok: true; quote: MemoQuote; payer: string; usdc: bigint; sol: bigint; landedAt: number }
  | { ok: false; reason: string };

const receivedOfOtherMints = (tx: ParsedTransaction, owner: string, usdcMint: string) => {
  const byIndex = (list: UiTokenBalance[] | undefined, b: UiTokenBalance) =>
    BigInt(list?.find((x) => x.accountIndex === b.accountIndex)?.uiTokenAmount.amount ?? '0');
  return (tx.meta?.postTokenBalances ?? []).some(
    (b) =>
      b.owner === owner &&
      b.mint !== usdcMint &&
      BigInt(b.uiTokenAmount.amount) > byIndex(tx.meta?.preTokenBalances, b),
  );
};

// Why a transaction that carries our memo paid us nothing.
export const notPaidReason = (tx: ParsedTransaction, terms: PaymentTerms): string =>
  receivedOfOtherMints(tx, terms.recipient, terms.usdcMint)
    ? 'wrong_mint'
    : solTransfersOf(tx).length + tokenTransfersOf(tx).length > 0
      ? 'wrong_recipient'
      : 'no_payment_transfer';

// The memos of ours a transaction carries (well formed, our HMAC), whatever their age.
export const ourMemosOf = (tx: ParsedTransaction, terms: PaymentTerms): string[] =>
  memosOf(tx).filter((m) => openMemo(terms.memoSecret, m).ok);

export function readMemoPayment(
  tx: ParsedTransaction | null,
  memo: string,
  terms: PaymentTerms,
  nowUnix: number,
): MemoPaymentRead {
  if (!tx) return { ok: false, reason: 'transaction_not_found' };
  if (!tx.meta || tx.meta.err !== null) return { ok: false, reason: 'transaction_failed' };
  const memos = memosOf(tx);
  if (memos.length === 0) return { ok: false, reason: 'memo_missing' };
  if (!memos.includes(memo)) return { ok: false, reason: 'memo_mismatch' };
  const opened = openMemo(terms.memoSecret, memo);
  if (!opened.ok) return opened;
  return {
    ok: true,
    quote: opened.quote,
    payer: feePayerOf(tx),
    usdc: tokenDelta(tx, terms.usdcTokenAccount, terms.usdcMint),
    sol: lamportDelta(tx, terms.recipient),
    landedAt: tx.blockTime ?? nowUnix,
  };
}

// Checks a memo-flow payment (spec §5) against the fetched transaction. Pure: no I/O, one reason per refusal.
export function checkMemoPayment(
  tx: ParsedTransaction | null,
  memo: string,
  operationId: string,
  terms: PaymentTerms,
  nowUnix: number,
): MemoProofResult {
  const read = readMemoPayment(tx, memo, terms, nowUnix);
  if (!read.ok) return read;
  const { quote, payer, usdc, sol } = read;
  // Paid in time is what counts: the memo must be unexpired when the transaction landed.
  if (quote.expiresAt <= read.landedAt) return { ok: false, reason: 'memo_expired' };
  if (quote.operationId !== operationId) return { ok: false, reason: 'memo_wrong_route' };
  if (usdc > 0n)
    return usdc >= quote.usdcAtomic
      ? { ok: true, asset: 'USDC', amountAtomic: usdc, payer, quote }
      : { ok: false, reason: 'amount_too_low' };
  if (sol > 0n) {
    if (quote.lamports === null) return { ok: false, reason: 'sol_not_quoted' };
    return sol >= quote.lamports
      ? { ok: true, asset: 'SOL', amountAtomic: sol, payer, quote }
      : { ok: false, reason: 'amount_too_low' };
  }
  return { ok: false, reason: notPaidReason(tx!, terms) };
}
