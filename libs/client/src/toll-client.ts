import type { Keypair } from '@solana/web3.js';
import { wrapFetchWithPayment } from '@x402/fetch';
import { HEADERS, MEMO_QUERY_PARAM, decodeHeaderJson } from '@toll/x402';
import { randomBytes } from 'node:crypto';
import { balanceDeployment, balanceHeaders, payerProofHeaders } from './balance';
import type { MemoChallenge } from './memo-payment';
import { confirmX402, payMemoChallenge, x402ClientOf } from './pay';

// 'balance': spend from the wallet's prepaid balance with a signed request (no transaction, no chain read).
export type PayMethod = 'sol' | 'usdc' | 'x402' | 'balance';

export interface PaidResponse {
  status: number;
  body: unknown;
  // signature and memo (memo flow) are the proof: the same request repeated with them is answered again, not charged.
  // idempotencyKey: part of the request the memo names (repeat it with the proof); payerSignature: sent with the proof
  // when the answer is a credential (only the payer may redeem it).
  paid: null | {
    method: PayMethod;
    amount: string;
    asset: string;
    signature?: string;
    memo?: string;
    idempotencyKey?: string;
    payerSignature?: string;
  };
  // A balance call's 402 names what fell short and where to deposit (body.balance); the receipt is as for any paid
  // call.
  receipt: string | null;
  paymentResponse: unknown;
  // Why the call was served without charge (x-toll-uncharged: e.g. no fresh section), else null; the proof stays
  // unused.
  uncharged: string | null;
}

export interface TollClientOptions {
  keypair: Keypair;
  rpcUrl: string;
  method: PayMethod;
  // Called with what is about to be paid; return false to stop before paying.
  // usdMicros is the price in USD millionths (what USDC atomic units count), whatever the asset paid.
  confirm?: (quote: {
    method: PayMethod;
    asset: string;
    amount: string;
    usdMicros: string;
    to: string;
    memo: string;
    url: string;
  }) => boolean | Promise<boolean>;
}

const parse = async (res: Response) => {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const finish = async (res: Response, paid: PaidResponse['paid']): Promise<PaidResponse> => {
  const header = res.headers.get(HEADERS.paymentResponse);
  return {
    status: res.status,
    body: await parse(res),
    paid,
    receipt: res.headers.get('x-toll-receipt'),
    paymentResponse: header ? decodeHeaderJson(header) : null,
    uncharged: res.headers.get('x-toll-uncharged'),
  };
};

// 402 → pay → retry. Memo flow in SOL or USDC (spec §5), or standard x402 v2 `exact` through @x402/fetch.
export async function tollCall(url: string, init: RequestInit, options: TollClientOptions): Promise<PaidResponse> {
  if (options.method === 'x402') return callWithX402(url, init, options);
  if (options.method === 'balance') return callWithBalance(url, init, options);
  // The 402's memo names this exact request, Idempotency-Key included: a random key makes it one nobody watching the
  // chain can guess, so nobody but this caller can even get a copy of the answer (docs/payments.md).
  const named = new Headers(init.headers);
  if (!named.has(HEADERS.idempotencyKey))
    named.set(HEADERS.idempotencyKey, `toll-${randomBytes(16).toString('base64url')}`);
  init = { ...init, headers: named };
  const first = await fetch(url, init);
  if (first.status !== 402) return finish(first, null);
  const challenge = ((await first.json()) as { toll: MemoChallenge }).toll;
  const { asset, amount, signature } = await payMemoChallenge(challenge, url, options);
  const retryUrl = new URL(url);
  retryUrl.searchParams.set(MEMO_QUERY_PARAM, challenge.memo);
  const headers = new Headers(init.headers);
  headers.set(HEADERS.paymentTx, signature);
  // An answer that is a credential is served only to whoever proves it holds the paying wallet's key.
  const payerSignature =
    challenge.payer_proof && challenge.operation_id
      ? payerProofHeaders(challenge.operation_id, challenge.memo, url, init, options.keypair)[HEADERS.payerSignature]
      : undefined;
  if (payerSignature) headers.set(HEADERS.payerSignature, payerSignature);
  const idempotencyKey = headers.get(HEADERS.idempotencyKey)!;
  return finish(await fetch(retryUrl, { ...init, headers }), {
    method: options.method,
    amount,
    asset,
    signature,
    memo: challenge.memo,
    idempotencyKey,
    ...(payerSignature ? { payerSignature } : {}),
  });
}

async function callWithX402(url: string, init: RequestInit, options: TollClientOptions): Promise<PaidResponse> {
  const client = await x402ClientOf(options);
  let quoted: PaidResponse['paid'] = null;
  client.onBeforePaymentCreation(async ({ selectedRequirements: r }) => {
    quoted = { method: 'x402', amount: r.amount, asset: r.asset };
    if (!(await confirmX402(options, r, url))) return { abort: true as const, reason: 'payment declined' };
    return undefined;
  });
  const paidFetch = wrapFetchWithPayment(fetch, client);
  return finish(await paidFetch(url, init), quoted);
}

async function callWithBalance(url: string, init: RequestInit, options: TollClientOptions): Promise<PaidResponse> {
  const headers = new Headers(init.headers);
  const deployment = await balanceDeployment(url);
  for (const [name, value] of Object.entries(balanceHeaders(url, init, options.keypair, deployment)))
    headers.set(name, value);
  const res = await fetch(url, { ...init, headers });
  const amount = res.headers.get(HEADERS.paymentResponse)
    ? String((decodeHeaderJson(res.headers.get(HEADERS.paymentResponse)!) as { amount?: string }).amount ?? '')
    : '';
  return finish(res, res.status === 200 && amount ? { method: 'balance', amount, asset: 'USDC' } : null);
}
