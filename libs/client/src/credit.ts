import type { Keypair } from '@solana/web3.js';
import { BALANCE_CREDIT_PATH } from '@toll/x402';
import { balanceDeployment, ownerAuth } from './balance';
import type { Operations } from './operations';

export type CreditAnswer = Operations['payments.creditToBalance']['output'];

// A payment that paid for nothing: a memo-flow transaction signature (with its memo when the transaction carries
// several of ours), or the transaction of an x402 payment the gateway settled (PAYMENT-RESPONSE's `transaction`).
export interface CreditProof {
  transaction: string;
  memo?: string;
}

// Credits a payment that paid for nothing (a call that failed after payment, a payment refused for its memo's age,
// its amount or its operation) to the paying wallet's prepaid balance, once (docs/payments.md, "Credit a payment to
// the balance"). Only the wallet that paid can: `keypair` signs the request. A refusal is a 4xx whose
// error.details.reason names it; the answer says what was credited.
export type CreditReply =
  | { status: 200; body: CreditAnswer }
  | {
      status: number;
      body: { error: { code: string; message: string; details?: Record<string, unknown>; request_id?: string } };
    };

export async function creditToBalance(
  gateway: string,
  proof: CreditProof,
  keypair: Keypair,
  timeoutMs = 15_000,
): Promise<CreditReply> {
  const input: Record<string, string> =
    proof.memo === undefined
      ? { transaction: proof.transaction }
      : { transaction: proof.transaction, memo: proof.memo };
  const deployment = await balanceDeployment(gateway);
  const res = await fetch(`${gateway.replace(/\/+$/, '')}${BALANCE_CREDIT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...input, ...ownerAuth('POST', BALANCE_CREDIT_PATH, input, keypair, deployment) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, body: await res.json() } as CreditReply;
}
