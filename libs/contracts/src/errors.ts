import type { PriceSpec } from './price';

// The closed list of error codes that cross process boundaries, and their one HTTP mapping.
export const ERROR_CODES = [
  'INVALID_INPUT',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYMENT_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'SERVICE_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'SERVICE_TIMEOUT',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldIssue {
  field: string;
  message: string;
}

export interface TollErrorBody {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export class TollError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'TollError';
  }

  toJSON(): TollErrorBody {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}

export function isTollErrorBody(value: unknown): value is TollErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' && (ERROR_CODES as readonly string[]).includes(v.code) && typeof v.message === 'string'
  );
}

export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'INVALID_INPUT':
      return 400;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'CONFLICT':
      return 409;
    case 'PAYMENT_REQUIRED':
      return 402;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'RATE_LIMITED':
      return 429;
    case 'UPSTREAM_ERROR':
      return 502;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    case 'UPSTREAM_TIMEOUT':
    case 'SERVICE_TIMEOUT':
      return 504;
    case 'INTERNAL':
      return 500;
    default:
      return assertUnreachable(code);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`unmapped error code ${String(value)}`);
}

// A failure after the payment was verified: the caller must learn that the payment is still theirs to use, and how.
// `paidBy` is the on-chain transaction, or 'balance' for a balance call (nothing debited; its nonce is spent).
export function unusedPaymentError(
  err: unknown,
  route: { operationId: string; price: PriceSpec },
  paidBy: string | undefined,
): TollError {
  const { operationId, price } = route;
  const base = err instanceof TollError ? err : new TollError('INTERNAL', 'Internal error');
  const retry =
    paidBy === 'balance'
      ? 'nothing was debited from your balance: sign this request again with a new nonce and timestamp to retry.'
      : `${price.per === 'block' ? 'the credit this call took is back on your block' : `your payment${paidBy ? ` ${paidBy}` : ''} is unused`}: ` +
        `repeat this same request with the same proof (X-Payment-Tx and toll_memo, or PAYMENT-SIGNATURE). It stays ` +
        `redeemable for ${operationId} until a call succeeds or it is credited to your prepaid balance (credit), ` +
        `with no time limit; another operation refuses it.`;
  const payment = {
    status: 'unused',
    transaction: paidBy === 'balance' ? null : (paidBy ?? null),
    operation_id: operationId,
    retry,
    ...creditHint(paidBy, price.per === 'block'),
  };
  return new TollError(base.code, base.message, { ...base.details, payment });
}

// Where a payer credits a payment that paid for nothing to its prepaid balance (payments' proof-credit.service.ts).
export const BALANCE_CREDIT_PATH = '/toll/payments/balance/credit';

// A payment on chain can also go to its payer's prepaid balance instead, to pay for any operation.
function creditHint(paidBy: string | undefined, block: boolean) {
  if (!paidBy || paidBy === 'balance') return {};
  const what = block ? 'the unused credits of this block' : 'this payment';
  return {
    credit: {
      method: 'POST',
      path: BALANCE_CREDIT_PATH,
      body: { transaction: paidBy },
      note:
        `instead of retrying, the paying wallet may credit ${what} to its prepaid balance (USDC atomic units) and ` +
        `spend it on any operation: POST ${BALANCE_CREDIT_PATH} with {transaction} and wallet, timestamp, nonce, ` +
        `signature signed like a balance read (docs/payments.md, "Credit a payment to the balance"). Once ` +
        `credited, the proof redeems nothing.`,
    },
  };
}
