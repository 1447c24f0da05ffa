import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { associatedTokenAddress } from '@toll/solana';
import { startDemoChain } from './demo';

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
      expect((await connection.getTokenAccountBalance(associatedTokenAddress(merchant, DEVNET_USDC))).value.amount).toBe('0');
      expect((await connection.getTokenSupply(DEVNET_USDC)).value.amount).toBe('1000000000');
    } finally {
      await demo.close();
    }
  });
});
