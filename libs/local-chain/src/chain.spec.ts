import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { associatedTokenAddress } from '@toll/solana';
import { LocalChain } from './chain';
import { PreflightFailure } from './errors';
import { decodeMint, decodeTokenAccount } from './token-layout';

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

function transfer(
  chain: LocalChain,
  from: Keypair,
  to: PublicKey,
  lamports: number,
  blockhash = chain.latestBlockhash().blockhash,
): Uint8Array {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }),
  );
  tx.sign(from);
  return tx.serialize();
}

describe('LocalChain', () => {
  it('airdrops with a real faucet transaction and records balances', () => {
    const chain = new LocalChain({ slotMs: 0 });
    const wallet = Keypair.generate().publicKey;
    const signature = chain.airdrop(wallet, 2_000_000_000n);
    expect(chain.getBalance(wallet)).toBe(2_000_000_000n);
    const record = chain.getTransactionRecord(signature)!;
    expect(record.err).toBeNull();
    expect(record.fee).toBe(5000n);
    const i = record.accountKeys.indexOf(wallet.toBase58());
    expect(record.preBalances[i]).toBe(0n);
    expect(record.postBalances[i]).toBe(2_000_000_000n);
    expect(record.preBalances[0] - record.postBalances[0]).toBe(2_000_005_000n);
    expect(Math.abs(record.blockTime - Date.now() / 1000)).toBeLessThan(5);
    // the same airdrop again in the same slot is not a duplicate
    chain.airdrop(wallet, 2_000_000_000n);
    expect(chain.getBalance(wallet)).toBe(4_000_000_000n);
  });

  it('creates a mint at any address and keeps supply consistent with mintTo', () => {
    const chain = new LocalChain({ slotMs: 0 });
    const authority = Keypair.generate().publicKey;
    expect(chain.createMint({ address: USDC, decimals: 6, mintAuthority: authority, supply: 5n })).toBe(
      USDC.toBase58(),
    );
    const owner = Keypair.generate().publicKey;
    const ata = chain.mintTo(owner, USDC, 1_000_000n);
    chain.mintTo(owner, USDC, 500_000n);
    expect(ata).toBe(associatedTokenAddress(owner, USDC).toBase58());
    const account = decodeTokenAccount(chain.getAccount(ata)!.data);
    expect(account).toMatchObject({
      mint: USDC.toBase58(),
      owner: owner.toBase58(),
      amount: 1_500_000n,
      state: 'initialized',
    });
    expect(decodeMint(chain.getAccount(USDC)!.data)).toEqual({
      mintAuthority: authority.toBase58(),
      supply: 1_500_005n,
      decimals: 6,
      isInitialized: true,
      freezeAuthority: null,
    });
  });

  it('keeps a 150-block blockhash window and drops expired or duplicate sends', () => {
    const chain = new LocalChain({ slotMs: 0 });
    const payer = Keypair.generate();
    chain.airdrop(payer.publicKey, 10_000_000_000n);
    const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
    expect(lastValidBlockHeight).toBe(chain.blockHeight + 150);
    chain.advanceSlots(150);
    expect(chain.isBlockhashValid(blockhash)).toBe(true);
    const first = transfer(chain, payer, Keypair.generate().publicKey, 1_000_000, blockhash);
    const signature = chain.send(first);
    expect(chain.getTransactionRecord(signature)?.err).toBeNull();
    // a replay is dropped when preflight is skipped, and rejected by preflight otherwise
    expect(chain.send(first, { skipPreflight: true })).toBe(signature);
    expect(chain.transactionCount).toBe(2);
    expect(() => chain.send(first)).toThrow(PreflightFailure);

    chain.advanceSlots(1);
    expect(chain.isBlockhashValid(blockhash)).toBe(false);
    const late = transfer(chain, payer, Keypair.generate().publicKey, 1_000_000, blockhash);
    const lateSignature = chain.send(late, { skipPreflight: true });
    expect(chain.getTransactionRecord(lateSignature)).toBeUndefined();

    const fresh = chain.latestBlockhash().blockhash;
    chain.expireBlockhashes();
    expect(chain.isBlockhashValid(fresh)).toBe(false);
    expect(chain.isBlockhashValid(chain.latestBlockhash().blockhash)).toBe(true);
  });

  it('moves slots with wall-clock time and sets the Clock per block', async () => {
    const chain = new LocalChain({ slotMs: 20 });
    const start = chain.slot;
    await new Promise((r) => setTimeout(r, 120));
    expect(chain.slot).toBeGreaterThanOrEqual(start + 4);
    const info = chain.epochInfo();
    expect(info.absoluteSlot).toBe(chain.slot);
    expect(info.slotIndex).toBeLessThan(info.slotsInEpoch);
  });
});
