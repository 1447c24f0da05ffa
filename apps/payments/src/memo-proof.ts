import { feePayerOf, lamportDelta, memosOf, solTransfersOf, tokenDelta, tokenTransfersOf, type ParsedTransaction, type UiTokenBalance } from '@toll/solana';
import { readMemo, type MemoQuote } from '@toll/x402';
import type { PaymentTerms } from './terms';

export type MemoProofResult = { ok: true; asset: 'SOL' | 'USDC'; amountAtomic: bigint; payer: string; quote: MemoQuote } | { ok: false; reason: string };

const receivedOfOtherMints = (tx: ParsedTransaction, owner: string, usdcMint: string) => {
  const byIndex = (list: UiTokenBalance[] | undefined, b: UiTokenBalance) => BigInt(list?.find((x) => x.accountIndex === b.accountIndex)?.uiTokenAmount.amount ?? '0');
  return (tx.meta?.postTokenBalances ?? []).some((b) => b.owner === owner && b.mint !== usdcMint && BigInt(b.uiTokenAmount.amount) > byIndex(tx.meta?.preTokenBalances, b));
};

// Checks a memo-flow payment (spec §5) against the fetched transaction. Pure: no I/O, one reason per refusal.
export function checkMemoPayment(tx: ParsedTransaction | null, memo: string, operationId: string, terms: PaymentTerms, nowUnix: number): MemoProofResult {
  if (!tx) return { ok: false, reason: 'transaction_not_found' };
  if (!tx.meta || tx.meta.err !== null) return { ok: false, reason: 'transaction_failed' };
  const memos = memosOf(tx);
  if (memos.length === 0) return { ok: false, reason: 'memo_missing' };
  if (!memos.includes(memo)) return { ok: false, reason: 'memo_mismatch' };
  // Paid in time is what counts: the memo must be unexpired when the transaction landed.
  const read = readMemo(terms.memoSecret, memo, tx.blockTime ?? nowUnix);
  if (!read.ok) return read;
  if (read.quote.operationId !== operationId) return { ok: false, reason: 'memo_wrong_route' };

  const usdc = tokenDelta(tx, terms.usdcTokenAccount, terms.usdcMint);
  const sol = lamportDelta(tx, terms.recipient);
  const payer = feePayerOf(tx);
  if (usdc > 0n) return usdc >= read.quote.usdcAtomic ? { ok: true, asset: 'USDC', amountAtomic: usdc, payer, quote: read.quote } : { ok: false, reason: 'amount_too_low' };
  if (sol > 0n) {
    if (read.quote.lamports === null) return { ok: false, reason: 'sol_not_quoted' };
    return sol >= read.quote.lamports ? { ok: true, asset: 'SOL', amountAtomic: sol, payer, quote: read.quote } : { ok: false, reason: 'amount_too_low' };
  }
  if (receivedOfOtherMints(tx, terms.recipient, terms.usdcMint)) return { ok: false, reason: 'wrong_mint' };
  return { ok: false, reason: solTransfersOf(tx).length + tokenTransfersOf(tx).length > 0 ? 'wrong_recipient' : 'no_payment_transfer' };
}
