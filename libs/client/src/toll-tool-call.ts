import type { PaymentRequired } from '@x402/core/types';
import { payerProofSignature } from './balance';
import type { MemoChallenge } from './memo-payment';
import { confirmX402, payMemoChallenge, x402ClientOf } from './pay';
import type { PaidResponse, TollClientOptions } from './toll-client';

// What an MCP client's tools/call answers (the MCP SDK's CallToolResult, or any client speaking the same JSON).
export interface ToolResult {
  isError?: boolean;
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: unknown;
  _meta?: Record<string, unknown>;
}

// Sends one tools/call: the tool, its arguments and the request's _meta (where payment proofs travel).
export type CallTool = (
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
) => Promise<ToolResult>;

export interface PaidToolResult {
  result: ToolResult;
  paid: PaidResponse['paid'];
  receipt: string | null;
}

// The x402 MCP transport's payment-required error: content[0].text is
// {"x402/error":{"code":402,"data":PaymentRequired}}.
export function paymentRequiredOf(result: ToolResult): PaymentRequired | null {
  if (!result.isError) return null;
  try {
    const wrapped = JSON.parse(result.content?.[0]?.text ?? '')['x402/error'];
    return wrapped?.code === 402 ? (wrapped.data as PaymentRequired) : null;
  } catch {
    return null;
  }
}

// A paid MCP tool call, as tollCall is for HTTP: call → payment required → pay → call again with the proof in _meta
// (the memo flow in SOL or USDC as _meta["toll/memo-payment"], or x402 `exact` as _meta["x402/payment"]).
export async function tollToolCall(
  callTool: CallTool,
  name: string,
  args: Record<string, unknown>,
  options: TollClientOptions,
): Promise<PaidToolResult> {
  const first = await callTool(name, args);
  const required = paymentRequiredOf(first);
  if (!required) return { result: first, paid: null, receipt: null };
  const receiptOf = (r: ToolResult) =>
    typeof r._meta?.['toll/receipt'] === 'string' ? (r._meta['toll/receipt'] as string) : null;
  if (options.method === 'x402') {
    const client = await x402ClientOf(options);
    const r = required.accepts[0];
    if (!(await confirmX402(options, r, required.resource.url))) throw new Error('payment declined');
    const payload = await client.createPaymentPayload(required);
    const result = await callTool(name, args, { 'x402/payment': payload });
    return { result, paid: { method: 'x402', amount: r.amount, asset: r.asset }, receipt: receiptOf(result) };
  }
  if (options.method === 'balance') throw new Error('a prepaid balance pays HTTP calls only');
  const challenge = first._meta?.['toll/memo-challenge'] as MemoChallenge | undefined;
  if (!challenge) throw new Error('the payment-required answer carries no memo challenge');
  const { asset, amount, signature } = await payMemoChallenge(challenge, required.resource.url, options);
  // A tool whose answer is a credential redeems only with the payer's signature (the 402's payer_proof).
  const proof = challenge.payer_proof
    ? {
        'toll/payer-signature': payerProofSignature(
          challenge.memo,
          challenge.payer_proof.request_sha256 ?? '',
          options.keypair,
        ),
      }
    : {};
  const result = await callTool(name, args, { 'toll/memo-payment': { signature, memo: challenge.memo }, ...proof });
  return {
    result,
    paid: { method: options.method, amount, asset, signature, memo: challenge.memo },
    receipt: receiptOf(result),
  };
}
