import { Connection } from '@solana/web3.js';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { memoPaymentInstructions, sendAndConfirm, type MemoAsset, type MemoChallenge } from './memo-payment';
import type { TollClientOptions } from './toll-client';

// The payment steps an HTTP call (tollCall) and an MCP tool call (tollToolCall) share.

// An x402 client paying `exact` on Solana from the options' keypair. Spend controls are off: our USDC mint may be a
// local one, so amounts are shown to the caller through `confirm` instead.
export async function x402ClientOf(options: TollClientOptions) {
  const signer = await createKeyPairSignerFromBytes(options.keypair.secretKey);
  const client = new x402Client().register('solana:*', new ExactSvmScheme(signer as never, { rpcUrl: options.rpcUrl }));
  client.setSpendControls(false);
  return client;
}

// Whether the caller's confirm hook (if any) lets an x402 requirement be paid.
export async function confirmX402(
  options: TollClientOptions,
  r: { asset: string; amount: string; payTo: string; extra?: Record<string, unknown> },
  url: string,
): Promise<boolean> {
  if (!options.confirm) return true;
  const memo = typeof r.extra?.memo === 'string' ? r.extra.memo : '';
  return options.confirm({
    method: 'x402',
    asset: r.asset,
    amount: r.amount,
    usdMicros: r.amount,
    to: r.payTo,
    memo,
    url,
  });
}

// Pays a memo challenge in the options' asset (SOL or USDC) once the caller's confirm hook agrees; the transaction's
// signature is the proof to send with the repeated call.
export async function payMemoChallenge(
  challenge: MemoChallenge,
  url: string,
  options: TollClientOptions,
): Promise<{ asset: MemoAsset; amount: string; signature: string }> {
  const asset = options.method === 'sol' ? 'SOL' : 'USDC';
  const amount = asset === 'SOL' ? (challenge.sol?.lamports ?? '') : challenge.usdc.amount_atomic;
  const to = asset === 'SOL' ? (challenge.sol?.recipient ?? '') : challenge.usdc.token_account;
  const quote = {
    method: options.method,
    asset,
    amount,
    usdMicros: challenge.usdc.amount_atomic,
    to,
    memo: challenge.memo,
    url,
  };
  if (options.confirm && !(await options.confirm(quote))) throw new Error('payment declined');
  const signature = await sendAndConfirm(
    new Connection(options.rpcUrl, 'confirmed'),
    options.keypair,
    memoPaymentInstructions(challenge, asset, options.keypair.publicKey),
  );
  return { asset, amount, signature };
}
