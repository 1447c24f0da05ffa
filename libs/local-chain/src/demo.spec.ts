import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { associatedTokenAddress, metaplexMetadataAddress, PROGRAMS } from '@toll/solana';
import { startDemoChain } from './demo';
import { EXAMPLE_ACCOUNTS } from './example-accounts';

const DEVNET_USDC = new PublicKey('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU');

describe('startDemoChain', () => {
  it('runs a chain with a USDC mint, a funded demo wallet and funded extra wallets', async () => {
    const merchant = Keypair.generate().publicKey;
    const demo = await startDemoChain({ port: 0, usdcMint: DEVNET_USDC, wallets: [{ address: merchant, sol: 2 }] });
    try {
      const connection = new Connection(demo.url, 'confirmed');
      expect(demo.usdcMint).toBe(DEVNET_USDC.toBase58());
      // the secret key is Solana's 64-byte form, importable as is
      const wallet = Keypair.fromSecretKey(demo.demoWallet.secretKey);
      expect(wallet.publicKey.toBase58()).toBe(demo.demoWallet.address);
      expect(await connection.getBalance(wallet.publicKey)).toBe(10_000_000_000);
      const usdc = await connection.getTokenAccountBalance(associatedTokenAddress(wallet.publicKey, DEVNET_USDC));
      expect(usdc.value).toMatchObject({ amount: '1000000000', decimals: 6, uiAmountString: '1000' });
      expect(await connection.getBalance(merchant)).toBe(2_000_000_000);
      expect(
        (await connection.getTokenAccountBalance(associatedTokenAddress(merchant, DEVNET_USDC))).value.amount,
      ).toBe('0');
      expect((await connection.getTokenSupply(DEVNET_USDC)).value.amount).toBe('1000000000');
    } finally {
      await demo.close();
    }
  });

  it('holds the mainnet accounts the operations examples name: USDC with its metadata and holders, the sample wallets', async () => {
    const demo = await startDemoChain({ port: 0, usdcMint: DEVNET_USDC });
    try {
      const connection = new Connection(demo.url, 'confirmed');
      const { usdc, wallets } = EXAMPLE_ACCOUNTS;
      const mint = new PublicKey(usdc.mint);
      const parsed = (await connection.getParsedAccountInfo(mint)).value!.data as {
        parsed: { info: Record<string, unknown> };
      };
      expect(parsed.parsed.info).toMatchObject({
        decimals: 6,
        mintAuthority: usdc.mintAuthority,
        freezeAuthority: usdc.freezeAuthority,
        isInitialized: true,
      });
      const metadata = await connection.getAccountInfo(metaplexMetadataAddress(mint));
      expect(metadata?.owner.toBase58()).toBe(PROGRAMS.tokenMetadata.toBase58());
      expect(Buffer.from(metadata!.data).includes(Buffer.from('USD Coin'))).toBe(true);
      const largest = (await connection.getTokenLargestAccounts(mint)).value.map((a) => a.amount);
      expect(largest).toEqual(usdc.holders.map(([, amount]) => amount.toString()));
      for (const [address, lamports] of wallets)
        expect(await connection.getBalance(new PublicKey(address))).toBe(Number(lamports));
    } finally {
      await demo.close();
    }
  });
});
