import type { AddressLike } from '@toll/solana';
import type { LocalChain } from './chain';
import { seedExampleAccounts } from './example-accounts';
import { generateKeypair } from './keypair';
import { startLocalRpc, type LocalRpc, type LocalRpcOptions } from './rpc-server';

export interface FundRequest {
  address: AddressLike;
  // SOL to airdrop (default 10).
  sol?: number;
}

export interface DemoChainOptions extends Omit<LocalRpcOptions, 'chain'> {
  // Where the USDC-like mint (6 decimals) is created, e.g. devnet USDC; a fresh address when omitted.
  usdcMint?: AddressLike;
  // Extra wallets to fund with SOL; each also gets an empty USDC account (an x402 payTo needs one).
  wallets?: (AddressLike | FundRequest)[];
}

export interface DemoChain extends LocalRpc {
  usdcMint: string;
  // Funded with 10 SOL and 1,000 USDC. secretKey is Solana's 64-byte form (seed + public key).
  demoWallet: { address: string; secretKey: Uint8Array };
}

const LAMPORTS_PER_SOL = 1_000_000_000;
const DEFAULT_SOL = 10;
const USDC_DECIMALS = 6;
const DEMO_USDC = 1_000n * 10n ** BigInt(USDC_DECIMALS);

export function createUsdcMint(chain: LocalChain, address?: AddressLike): string {
  return chain.createMint({ address, decimals: USDC_DECIMALS, mintAuthority: generateKeypair().address });
}

// Airdrops SOL to each wallet and, given a mint, opens its (empty) token account for that mint.
export function fundWallets(chain: LocalChain, wallets: (AddressLike | FundRequest)[], mint?: string): void {
  for (const wallet of wallets) {
    const request: FundRequest = typeof wallet === 'object' && 'address' in wallet ? wallet : { address: wallet };
    chain.airdrop(request.address, BigInt(Math.round((request.sol ?? DEFAULT_SOL) * LAMPORTS_PER_SOL)));
    if (mint) chain.mintTo(request.address, mint, 0n);
  }
}

// A local chain for the demo stack: a USDC mint, a demo wallet holding SOL and 1,000 USDC, funded extras, and the
// mainnet accounts the operations' examples name (example-accounts.ts).
export async function startDemoChain(options: DemoChainOptions = {}): Promise<DemoChain> {
  const rpc = await startLocalRpc(options);
  const usdcMint = createUsdcMint(rpc.chain, options.usdcMint);
  seedExampleAccounts(rpc.chain);
  const demo = generateKeypair();
  fundWallets(rpc.chain, [demo.address, ...(options.wallets ?? [])], usdcMint);
  rpc.chain.mintTo(demo.address, usdcMint, DEMO_USDC);
  return { ...rpc, usdcMint, demoWallet: { address: demo.address, secretKey: demo.secretKey } };
}
