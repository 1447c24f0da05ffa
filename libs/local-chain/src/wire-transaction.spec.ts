import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import {
  PROGRAMS,
  SolanaRpc,
  decodeTransaction,
  feePayerOf,
  lamportDelta,
  memosOf,
  solTransfersOf,
  tokenDelta,
  tokenTransfersOf,
  type EncodedTransaction,
  type ParsedTransaction,
} from '@toll/solana';
import { startLocalRpc, type LocalRpc } from './rpc-server';

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

const tokenIx = (data: Buffer, keys: Array<[PublicKey, boolean, boolean]>) =>
  new TransactionInstruction({
    programId: PROGRAMS.token,
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data,
  });

// payments asks for base64 and decodes it itself: what it reads must equal what jsonParsed says, field by field.
describe('decodeTransaction (base64) against the same transaction in jsonParsed', () => {
  let rpc: LocalRpc;

  beforeEach(async () => {
    rpc = await startLocalRpc({ port: 0 });
  });

  afterEach(() => rpc.close());

  it.each(['legacy', 'v0'] as const)(
    'reads the same memos, transfers, balance deltas and fee payer from a %s transaction',
    async (version) => {
      const payer = Keypair.generate();
      const merchant = Keypair.generate().publicKey;
      const recipient = Keypair.generate().publicKey;
      rpc.chain.airdrop(payer.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
      rpc.chain.createMint({ address: USDC, decimals: 6, mintAuthority: Keypair.generate().publicKey });
      const payerAta = new PublicKey(rpc.chain.mintTo(payer.publicKey, USDC, 10_000_000n));
      const merchantAta = new PublicKey(rpc.chain.mintTo(merchant, USDC, 0n));
      const checked = Buffer.alloc(10);
      checked[0] = 12;
      checked.writeBigUInt64LE(2_500_000n, 1);
      checked[9] = 6;
      const plain = Buffer.alloc(9);
      plain[0] = 3;
      plain.writeBigUInt64LE(1_000n, 1);
      const instructions = [
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL }),
        tokenIx(checked, [
          [payerAta, false, true],
          [USDC, false, false],
          [merchantAta, false, true],
          [payer.publicKey, true, false],
        ]),
        tokenIx(plain, [
          [payerAta, false, true],
          [merchantAta, false, true],
          [payer.publicKey, true, false],
        ]),
        new TransactionInstruction({ programId: PROGRAMS.memo, keys: [], data: Buffer.from('toll:abc.def') }),
      ];
      const connection = new Connection(rpc.url, 'confirmed');
      const { blockhash } = await connection.getLatestBlockhash();
      const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions });
      const tx = new VersionedTransaction(
        version === 'v0' ? message.compileToV0Message() : message.compileToLegacyMessage(),
      );
      tx.sign([payer]);
      const signature = await connection.sendRawTransaction(tx.serialize());
      await connection.confirmTransaction(signature, 'confirmed');

      const node = new SolanaRpc({ urls: [rpc.url], timeoutMs: 2_000 });
      const options = { commitment: 'confirmed', maxSupportedTransactionVersion: 0 };
      const parsed = await node.call<ParsedTransaction>('getTransaction', [
        signature,
        { ...options, encoding: 'jsonParsed' },
      ]);
      const decoded = decodeTransaction(
        await node.call<EncodedTransaction>('getTransaction', [signature, { ...options, encoding: 'base64' }]),
      );

      const read = (t: ParsedTransaction) => ({
        memos: memosOf(t),
        sol: solTransfersOf(t),
        tokens: tokenTransfersOf(t),
        usdcIn: tokenDelta(t, merchantAta.toBase58(), USDC.toBase58()),
        lamportsIn: lamportDelta(t, recipient.toBase58()),
        payer: feePayerOf(t),
        keys: t.transaction.message.accountKeys.map(({ pubkey, signer, writable }) => ({ pubkey, signer, writable })),
        at: [t.slot, t.blockTime, t.meta?.err],
      });
      expect(read(decoded)).toEqual(read(parsed));
      expect(read(decoded)).toMatchObject({
        memos: ['toll:abc.def'],
        sol: [
          { source: payer.publicKey.toBase58(), destination: recipient.toBase58(), lamports: BigInt(LAMPORTS_PER_SOL) },
        ],
        tokens: [
          {
            source: payerAta.toBase58(),
            destination: merchantAta.toBase58(),
            mint: USDC.toBase58(),
            amount: 2_500_000n,
            authority: payer.publicKey.toBase58(),
          },
          {
            source: payerAta.toBase58(),
            destination: merchantAta.toBase58(),
            amount: 1_000n,
            authority: payer.publicKey.toBase58(),
          },
        ],
        usdcIn: 2_501_000n,
        lamportsIn: BigInt(LAMPORTS_PER_SOL),
        payer: payer.publicKey.toBase58(),
      });
    },
  );

  it('refuses bytes that end early and an unknown message version', () => {
    const meta = { err: null, fee: 5000, preBalances: [], postBalances: [] };
    expect(() =>
      decodeTransaction({
        slot: 1,
        blockTime: null,
        meta,
        transaction: [Buffer.from([1, 0, 0]).toString('base64'), 'base64'],
      }),
    ).toThrow('io error: failed to fill whole buffer');
    const v1 = Buffer.concat([Buffer.from([1]), Buffer.alloc(64), Buffer.from([0x81])]);
    expect(() =>
      decodeTransaction({ slot: 1, blockTime: null, meta, transaction: [v1.toString('base64'), 'base64'] }),
    ).toThrow('unsupported transaction version');
  });
});
