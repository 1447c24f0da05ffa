import { Keypair, PublicKey } from '@solana/web3.js';
import { associatedTokenAddress } from '@toll/solana';
import { SOLANA_NETWORKS } from '@toll/x402';
import { localDefaults, type PaymentsConfig } from './config';

// Who we are on chain, resolved once from config (or the deterministic local defaults).
export interface PaymentTerms {
  network: (typeof SOLANA_NETWORKS)[keyof typeof SOLANA_NETWORKS];
  recipient: string;
  usdcMint: string;
  usdcTokenAccount: string;
  feePayer: Keypair;
  memoSecret: string;
  memoTtlSeconds: number;
  chain: { rpcUrl: string | null; description: string };
}

export const PAYMENT_TERMS = Symbol('PAYMENT_TERMS');

// The operation a route's payments are issued and redeemed for: its own, or the one it is sold as (paidAs).
export const productOf = (route: { operationId: string; paidAs?: string }) => route.paidAs ?? route.operationId;

// Whose service a balance signature names (libs/x402 balance-auth): the same values payments health states.
export const deploymentOf = (t: PaymentTerms) => ({ network: t.network.caip2, recipient: t.recipient });

export function resolveTerms(config: PaymentsConfig): PaymentTerms {
  const network = SOLANA_NETWORKS[config.PAYMENTS_NETWORK];
  const recipient = config.PAYMENTS_RECIPIENT ?? Keypair.fromSeed(localDefaults.recipientSeed()).publicKey.toBase58();
  const usdcMint = config.PAYMENTS_USDC_MINT ?? network.usdcMint;
  const usdcTokenAccount =
    config.PAYMENTS_USDC_TOKEN_ACCOUNT ??
    associatedTokenAddress(new PublicKey(recipient), new PublicKey(usdcMint)).toBase58();
  const feePayer = Keypair.fromSeed(
    config.PAYMENTS_FEE_PAYER_SECRET
      ? Buffer.from(config.PAYMENTS_FEE_PAYER_SECRET, 'hex')
      : localDefaults.feePayerSeed(),
  );
  return {
    network,
    recipient,
    usdcMint,
    usdcTokenAccount,
    feePayer,
    memoSecret: config.PAYMENTS_MEMO_SECRET ?? localDefaults.memoSecret(),
    memoTtlSeconds: config.PAYMENTS_MEMO_TTL_SECONDS,
    chain: config.PAYMENTS_PUBLIC_RPC_URL
      ? {
          rpcUrl: config.PAYMENTS_PUBLIC_RPC_URL,
          // One truthful name for a chain that is not the public network: it takes that network's identifiers (the
          // only ones x402 clients know), and both the v1 name and the CAIP-2 id mean this chain here.
          description:
            `the chain served at ${config.PAYMENTS_PUBLIC_RPC_URL}, which takes ${config.PAYMENTS_NETWORK}'s ` +
            `identifiers (x402 v1 "${network.v1}" and CAIP-2 "${network.caip2}" both name it here) and ` +
            `${config.PAYMENTS_NETWORK}'s USDC mint and addresses`,
        }
      : { rpcUrl: null, description: `Solana ${config.PAYMENTS_NETWORK}` },
  };
}
