import { Inject, Injectable } from '@nestjs/common';
import { TollError, type ErrorCode } from '@toll/contracts';
import { JsonLogger } from '@toll/platform';
import { USDC_DECIMALS, usdToUsdcAtomic, type MemoQuote } from '@toll/x402';
import { BlockLeaseService } from './block-lease.service';
import { paymentsMetrics } from './metrics';
import { ourMemosOf, notPaidReason, readMemoPayment } from './memo-proof';
import { ProofCreditRepository, type CreditRefusal, type RecordedPayment } from './proof-credit.repository';
import { PAYMENT_TERMS, type PaymentTerms } from './terms';
import { VerifyService } from './verify.service';

// Why a credit was refused, in one table: the error code (its HTTP status), the input field at fault, what to do.
// docs/payments.md ("Credit a payment to the balance") lists the same.
type Refusal =
  | CreditRefusal
  | 'transaction_not_found'
  | 'transaction_failed'
  | 'proof_not_ours'
  | 'memo_mismatch'
  | 'memo_ambiguous'
  | 'sol_not_quoted';
const REFUSALS: Record<Refusal, { code: ErrorCode; field: 'transaction' | 'memo' | 'wallet'; message: string }> = {
  not_payer: {
    code: 'FORBIDDEN',
    field: 'wallet',
    message: 'only the wallet that paid (the transaction fee payer, or the x402 payer) may credit this payment',
  },
  transaction_not_found: {
    code: 'NOT_FOUND',
    field: 'transaction',
    message: 'no such transaction at our commitment: wait for it to confirm, then retry',
  },
  transaction_failed: {
    code: 'INVALID_INPUT',
    field: 'transaction',
    message: 'the transaction failed on chain, so it moved no money',
  },
  proof_not_ours: {
    code: 'INVALID_INPUT',
    field: 'transaction',
    message:
      'the transaction is not a payment to us: no memo of ours, or no money reached our recipient (cause says which)',
  },
  memo_mismatch: { code: 'INVALID_INPUT', field: 'memo', message: 'the transaction does not carry this memo' },
  memo_ambiguous: {
    code: 'INVALID_INPUT',
    field: 'memo',
    message: 'the transaction carries several memos of ours: name the one it paid',
  },
  sol_not_quoted: {
    code: 'INVALID_INPUT',
    field: 'transaction',
    message: 'SOL paid against a memo that quoted no SOL price: there is no locked rate to value it at',
  },
  nothing_to_credit: {
    code: 'INVALID_INPUT',
    field: 'transaction',
    message: 'what is left of this payment is worth less than one USDC atomic unit',
  },
  proof_already_credited: {
    code: 'CONFLICT',
    field: 'transaction',
    message: 'this payment was credited to the balance already',
  },
  proof_already_redeemed: {
    code: 'CONFLICT',
    field: 'transaction',
    message: 'this payment was spent on the call it paid for (or its block is used up)',
  },
  proof_in_use: {
    code: 'CONFLICT',
    field: 'transaction',
    message: 'a call is using this payment right now: retry when it has ended',
  },
};

// How many times a credit waits for gateways' block leases to give a block's credits back (25 ms, doubling).
const CREDIT_RETRIES = 6;

// What the credit was, in the answer and the metric: a recorded payment never served (unused) or partly served (a
// block's unused credits), or a payment seen only on chain: never redeemed (unredeemed), or one verification refuses
// for when it landed or what arrived.
export type CreditBasis = 'unused' | 'unused_credits' | 'unredeemed' | 'memo_expired' | 'amount_too_low';

export interface CreditAnswer {
  wallet: string;
  transaction: string;
  operation_id: string;
  basis: CreditBasis;
  paid: { asset: 'SOL' | 'USDC'; amount_atomic: string };
  credit_atomic: string;
  asset: 'USDC';
  decimals: number;
  entry_id: string;
  available_atomic: string;
}

const refused = (reason: Refusal, cause?: string): TollError => {
  const r = REFUSALS[reason];
  return new TollError(r.code, `credit refused: ${reason} (${r.message})`, {
    reason,
    ...(cause ? { cause } : {}),
    issues: [{ field: r.field, message: r.message }],
  });
};

// A recorded payment's whole value in USDC atomic units: what arrived in USDC, or for SOL the USDC value its memo
// quoted (verification accepted only SOL at or above the quoted lamports, and a balance counts USDC).
const recordedValue = (p: RecordedPayment): bigint =>
  p.asset === 'USDC' ? BigInt(p.amount_atomic) : usdToUsdcAtomic(p.price_usd);

// What reached us, in USDC atomic units: USDC as it arrived; SOL at the memo's locked rate, rounded down, and never
// more than the quoted USDC value (a SOL payment at or above the quoted lamports is worth exactly the quote).
function arrivedValue(
  quote: MemoQuote,
  usdc: bigint,
  sol: bigint,
): { asset: 'SOL' | 'USDC'; amount: bigint; credit: bigint } | { refusal: 'sol_not_quoted' } | undefined {
  if (usdc > 0n) return { asset: 'USDC', amount: usdc, credit: usdc };
  if (sol <= 0n) return undefined;
  if (quote.lamports === null) return { refusal: 'sol_not_quoted' };
  return {
    asset: 'SOL',
    amount: sol,
    credit: sol >= quote.lamports ? quote.usdcAtomic : (sol * quote.usdcAtomic) / quote.lamports,
  };
}

// POST /toll/payments/balance/credit: money that reached us and paid for nothing (a call that failed, a payment we
// refused) goes to its payer's prepaid balance, once, so it can pay for any operation (docs/payments.md).
@Injectable()
export class ProofCreditService {
  constructor(
    private readonly credits: ProofCreditRepository,
    private readonly verifier: VerifyService,
    private readonly blockLeases: BlockLeaseService,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  // The caller's signature was checked already (BalanceService.authorize): `wallet` signed this request.
  async credit(wallet: string, transaction: string, memo?: string): Promise<CreditAnswer> {
    const recorded = await this.credits.recordedId(transaction);
    if (recorded) return this.creditRecorded(recorded, wallet, transaction);
    return this.creditFromChain(wallet, transaction, memo);
  }

  private async creditRecorded(id: string, wallet: string, transaction: string): Promise<CreditAnswer> {
    let result = await this.credits.creditRecorded(id, wallet, recordedValue);
    // A block whose credits gateways lease: they report and give them back (milliseconds), then the credit is tried
    // again, for up to about 1.5 s.
    for (let attempt = 0; !result.ok && result.reason === 'proof_in_use' && attempt < CREDIT_RETRIES; attempt++) {
      if (!(await this.blockLeases.giveBack(id))) break;
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      result = await this.credits.creditRecorded(id, wallet, recordedValue);
    }
    if (!result.ok) throw this.refuse(wallet, transaction, result.reason);
    const p = result.payment;
    // Money received is counted once, at the payment's first settlement (settlement.service.ts); never settled: here.
    if (p.credits_used === 0)
      paymentsMetrics()?.settledAtomic.inc({ asset: p.asset, operation: p.operation_id }, Number(p.amount_atomic));
    const basis = p.credits_used > 0 ? 'unused_credits' : 'unused';
    return this.credited(
      wallet,
      transaction,
      p.operation_id,
      basis,
      { asset: p.asset, amount: BigInt(p.amount_atomic) },
      result.amount,
      result,
    );
  }

  // Verified from the chain exactly as the memo flow verifies a new payment (memo-proof.ts), minus the rules about
  // what it may buy: when it landed, which operation and how much.
  private async creditFromChain(wallet: string, signature: string, memo?: string): Promise<CreditAnswer> {
    const tx = await this.verifier.fetchTransaction(signature);
    if (!tx) throw this.refuse(wallet, signature, 'transaction_not_found');
    if (!tx.meta || tx.meta.err !== null) throw this.refuse(wallet, signature, 'transaction_failed');
    let paidMemo = memo;
    if (paidMemo === undefined) {
      const ours = ourMemosOf(tx, this.terms);
      if (ours.length === 0) throw this.refuse(wallet, signature, 'proof_not_ours', 'memo_missing');
      if (ours.length > 1) throw this.refuse(wallet, signature, 'memo_ambiguous');
      paidMemo = ours[0];
    }
    const read = readMemoPayment(tx, paidMemo, this.terms, Math.floor(Date.now() / 1000));
    if (!read.ok)
      throw read.reason === 'memo_mismatch'
        ? this.refuse(wallet, signature, 'memo_mismatch')
        : this.refuse(wallet, signature, 'proof_not_ours', read.reason);
    const value = arrivedValue(read.quote, read.usdc, read.sol);
    if (!value) throw this.refuse(wallet, signature, 'proof_not_ours', notPaidReason(tx, this.terms));
    if ('refusal' in value) throw this.refuse(wallet, signature, value.refusal);
    if (read.payer !== wallet) throw this.refuse(wallet, signature, 'not_payer');
    if (value.credit <= 0n) throw this.refuse(wallet, signature, 'nothing_to_credit');
    const { quote } = read;
    const payment = {
      signature,
      memo: paidMemo,
      operationId: quote.operationId,
      priceUsd: quote.usd,
      asset: value.asset,
      amountAtomic: value.amount,
      payer: read.payer,
      network: this.terms.network.caip2,
    };
    const result = await this.credits.creditUnrecorded(payment, wallet, value.credit);
    // A call or another credit recorded it first: decide on that record, under its lock.
    if ('recorded' in result) {
      const id = await this.credits.recordedId(signature);
      if (!id) throw new TollError('INTERNAL', 'a recorded payment vanished');
      return this.creditRecorded(id, wallet, signature);
    }
    if (!result.ok) throw this.refuse(wallet, signature, result.reason);
    paymentsMetrics()?.settledAtomic.inc({ asset: value.asset, operation: quote.operationId }, Number(value.amount));
    const short = value.asset === 'USDC' ? read.usdc < quote.usdcAtomic : read.sol < (quote.lamports ?? 0n);
    const basis = quote.expiresAt <= read.landedAt ? 'memo_expired' : short ? 'amount_too_low' : 'unredeemed';
    return this.credited(wallet, signature, quote.operationId, basis, value, result.amount, result);
  }

  private credited(
    wallet: string,
    transaction: string,
    operationId: string,
    basis: CreditBasis,
    paid: { asset: 'SOL' | 'USDC'; amount: bigint },
    amount: bigint,
    entry: { entry_id: string; available_atomic: bigint },
  ): CreditAnswer {
    paymentsMetrics()?.balanceCreditedAtomic.inc({ basis }, Number(amount));
    this.logger.event('info', 'payment credited to balance', {
      wallet,
      transaction,
      operationId,
      basis,
      creditAtomic: amount.toString(),
    });
    return {
      wallet,
      transaction,
      operation_id: operationId,
      basis,
      paid: { asset: paid.asset, amount_atomic: paid.amount.toString() },
      credit_atomic: amount.toString(),
      asset: 'USDC',
      decimals: USDC_DECIMALS,
      entry_id: entry.entry_id,
      available_atomic: entry.available_atomic.toString(),
    };
  }

  private refuse(wallet: string, transaction: string, reason: Refusal, cause?: string): TollError {
    this.logger.event('info', 'credit refused', { wallet, transaction, reason, cause });
    return refused(reason, cause);
  }
}
