import { PublicKey } from '@solana/web3.js';
import { metaplexMetadataAddress, PROGRAMS } from '@toll/solana';
import type { LocalChain } from './chain';
import { metaplexBytes } from './metaplex';

// The mainnet accounts the operations' advertised examples name, seeded on the demo chain so that `npm start` answers
// every example (issue 33). Values are mainnet's as of 2026 where they are public facts (the USDC mint's address,
// decimals, authorities and Metaplex metadata); balances are made up for the demo.
export const EXAMPLE_ACCOUNTS = {
  // tokens/token and tokens/score: USDC at its mainnet address, with its Metaplex metadata and a few holders.
  usdc: {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    mintAuthority: 'BJE5MMbqXjVwjAF7oxwPYXnTXDyspzZyt4vwenNw5ruG',
    freezeAuthority: '7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar',
    metadataUpdateAuthority: '2wmVCSfPxGPjrnMMn7rchp4uaeoTqN39mXFC2zhPdri9',
    holders: [
      ['5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1', 1_500_000_000_000n],
      ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 420_000_000_000n],
      ['5HBsg9dcKsr9qX5bLj2UGRNGWJzdfETGqFnhxbRRsVjY', 25_000_000n],
    ] as Array<[string, bigint]>,
  },
  // fees/optimize: the sample transaction (a 0.001 SOL transfer) is paid by the first and credits the second, which is
  // also the wallet of the rpc getBalance example.
  wallets: [
    ['5HBsg9dcKsr9qX5bLj2UGRNGWJzdfETGqFnhxbRRsVjY', 2_000_000_000n],
    ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 5_000_000_000n],
  ] as Array<[string, bigint]>,
};

export function seedExampleAccounts(chain: LocalChain): void {
  const { usdc, wallets } = EXAMPLE_ACCOUNTS;
  for (const [address, lamports] of wallets) chain.airdrop(address, lamports);
  if (!chain.getAccount(usdc.mint))
    chain.createMint({
      address: usdc.mint,
      decimals: 6,
      mintAuthority: usdc.mintAuthority,
      freezeAuthority: usdc.freezeAuthority,
    });
  for (const [owner, amount] of usdc.holders) chain.mintTo(owner, usdc.mint, amount);
  const data = metaplexBytes({
    updateAuthority: usdc.metadataUpdateAuthority,
    mint: usdc.mint,
    name: 'USD Coin',
    symbol: 'USDC',
    uri: '',
    isMutable: true,
  });
  chain.setAccount(metaplexMetadataAddress(new PublicKey(usdc.mint)), {
    lamports: chain.minimumBalanceForRentExemption(data.length),
    data,
    owner: PROGRAMS.tokenMetadata,
  });
}
