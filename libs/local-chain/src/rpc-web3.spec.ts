import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
  type ParsedInstruction,
} from '@solana/web3.js';
import { PROGRAMS, associatedTokenAddress } from '@toll/solana';
import { startLocalRpc, type LocalRpc } from './rpc-server';

// The real mainnet USDC mint address, recreated locally.
const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

const memo = (text: string) =>
  new TransactionInstruction({ programId: PROGRAMS.memo, keys: [], data: Buffer.from(text) });

function transferChecked(
  source: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
): TransactionInstruction {
  const data = Buffer.alloc(10);
  data[0] = 12;
  data.writeBigUInt64LE(amount, 1);
  data[9] = decimals;
  return new TransactionInstruction({
    programId: PROGRAMS.token,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: USDC, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  });
}

describe('JSON-RPC through @solana/web3.js Connection', () => {
  let rpc: LocalRpc;
  let connection: Connection;
  let payer: Keypair;
  let merchant: PublicKey;
  let payerAta: PublicKey;
  let merchantAta: PublicKey;

  beforeEach(async () => {
    rpc = await startLocalRpc({ port: 0 });
    connection = new Connection(rpc.url, { commitment: 'confirmed', wsEndpoint: rpc.wsUrl });
    payer = Keypair.generate();
    merchant = Keypair.generate().publicKey;
    rpc.chain.airdrop(payer.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
    rpc.chain.createMint({
      address: USDC,
      decimals: 6,
      mintAuthority: Keypair.generate().publicKey,
      freezeAuthority: Keypair.generate().publicKey,
    });
    payerAta = new PublicKey(rpc.chain.mintTo(payer.publicKey, USDC, 10_000_000n));
    merchantAta = new PublicKey(rpc.chain.mintTo(merchant, USDC, 0n));
  });

  afterEach(() => rpc.close());

  it('lands a SOL transfer with a memo that getParsedTransaction shows in agave shape', async () => {
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL }),
      memo('order-42'),
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer]);

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed).not.toBeNull();
    const instructions = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(instructions[1]).toEqual({
      program: 'system',
      programId: SystemProgram.programId,
      parsed: {
        type: 'transfer',
        info: { source: payer.publicKey.toBase58(), destination: recipient.toBase58(), lamports: LAMPORTS_PER_SOL },
      },
      stackHeight: 1,
    });
    expect(instructions[2]).toEqual({
      program: 'spl-memo',
      programId: PROGRAMS.memo,
      parsed: 'order-42',
      stackHeight: 1,
    });
    // 5,000 per signature + ceil(1,000 µL × (3,000 + 3,000 + 200,000) CU / 10⁶)
    expect(parsed!.meta!.fee).toBe(5206);
    expect(await connection.getFeeForMessage(tx.compileMessage())).toMatchObject({ value: 5206 });
    const keys = parsed!.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
    const r = keys.indexOf(recipient.toBase58());
    expect([parsed!.meta!.preBalances[r], parsed!.meta!.postBalances[r]]).toEqual([0, LAMPORTS_PER_SOL]);
    expect(parsed!.meta!.preBalances[0] - parsed!.meta!.postBalances[0]).toBe(LAMPORTS_PER_SOL + 5206);
    expect(parsed!.meta!.err).toBeNull();
    expect(parsed!.slot).toBeGreaterThan(0);
    expect(Math.abs(parsed!.blockTime! - Date.now() / 1000)).toBeLessThan(5);

    const [latest] = await connection.getSignaturesForAddress(payer.publicKey, { limit: 1 });
    expect(latest).toMatchObject({ signature, memo: '[8] order-42', err: null, confirmationStatus: 'finalized' });
  });

  it('lands a USDC transferChecked with a memo, with exact pre/post token balances', async () => {
    const tx = new Transaction().add(
      transferChecked(payerAta, merchantAta, payer.publicKey, 2_500_000n, 6),
      memo('invoice:abc-123'),
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer]);

    const parsed = (await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 }))!;
    expect((parsed.transaction.message.instructions[0] as ParsedInstruction).parsed).toEqual({
      type: 'transferChecked',
      info: {
        source: payerAta.toBase58(),
        mint: USDC.toBase58(),
        destination: merchantAta.toBase58(),
        tokenAmount: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' },
        authority: payer.publicKey.toBase58(),
      },
    });
    expect((parsed.transaction.message.instructions[1] as ParsedInstruction).parsed).toBe('invoice:abc-123');
    const keys = parsed.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
    const meta = parsed.meta!;
    const balanceOf = (list: typeof meta.postTokenBalances) =>
      list!.find((b) => keys[b.accountIndex] === merchantAta.toBase58())!;
    const pre = balanceOf(meta.preTokenBalances);
    const post = balanceOf(meta.postTokenBalances);
    expect(pre).toEqual({
      accountIndex: pre.accountIndex,
      mint: USDC.toBase58(),
      owner: merchant.toBase58(),
      programId: PROGRAMS.token.toBase58(),
      uiTokenAmount: { amount: '0', decimals: 6, uiAmount: null, uiAmountString: '0' },
    });
    expect(post.uiTokenAmount).toEqual({ amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' });
    expect(BigInt(post.uiTokenAmount.amount) - BigInt(pre.uiTokenAmount.amount)).toBe(2_500_000n);
    expect((await connection.getTokenAccountBalance(payerAta)).value.uiAmountString).toBe('7.5');
  });

  it('rejects a failing transfer in preflight, and lands it with meta.err and the fee when preflight is skipped', async () => {
    const wrongDecimals = () =>
      new Transaction().add(transferChecked(payerAta, merchantAta, payer.publicKey, 1_000_000n, 9));
    const error = await connection.sendTransaction(wrongDecimals(), [payer]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).message).toContain(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x12',
    );
    expect((error as SendTransactionError).logs?.some((l) => l.includes('failed'))).toBe(true);

    const before = await connection.getBalance(payer.publicKey);
    const latest = await connection.getLatestBlockhash();
    const signature = await connection.sendTransaction(wrongDecimals(), [payer], { skipPreflight: true });
    const confirmation = await connection.confirmTransaction({ signature, ...latest });
    expect(confirmation.value.err).toEqual({ InstructionError: [0, { Custom: 18 }] });
    const landed = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!;
    expect(landed.meta!.err).toEqual({ InstructionError: [0, { Custom: 18 }] });
    expect(landed.meta!.fee).toBe(5000);
    expect(await connection.getBalance(payer.publicKey)).toBe(before - 5000);
    expect((await connection.getTokenAccountBalance(merchantAta)).value.amount).toBe('0');
  });

  it('drops a replayed transaction and one with an expired blockhash', async () => {
    const latest = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...latest }).add(
      transferChecked(payerAta, merchantAta, payer.publicKey, 1_000_000n, 6),
      memo('once'),
    );
    tx.sign(payer);
    const raw = tx.serialize();
    const signature = await connection.sendRawTransaction(raw);
    await expect(connection.sendRawTransaction(raw)).rejects.toThrow('This transaction has already been processed');
    expect(await connection.sendRawTransaction(raw, { skipPreflight: true })).toBe(signature);
    expect((await connection.getTokenAccountBalance(merchantAta)).value.amount).toBe('1000000');

    const stale = await connection.getLatestBlockhash();
    rpc.chain.advanceSlots(151);
    expect(await connection.isBlockhashValid(stale.blockhash)).toMatchObject({ value: false });
    const late = new Transaction({ feePayer: payer.publicKey, ...stale }).add(memo('too late'));
    late.sign(payer);
    await expect(connection.sendRawTransaction(late.serialize())).rejects.toThrow('Blockhash not found');
    const dropped = await connection.sendRawTransaction(late.serialize(), { skipPreflight: true });
    expect((await connection.getSignatureStatus(dropped, { searchTransactionHistory: true })).value).toBeNull();
    expect((await connection.getSignatureStatus(signature)).value).toMatchObject({
      err: null,
      confirmationStatus: 'finalized',
    });
  });

  it('reports mints, supply and largest holders like agave', async () => {
    const holders = [5_000_000n, 20_000_000n, 1_000n].map((amount) => {
      const owner = Keypair.generate().publicKey;
      rpc.chain.mintTo(owner, USDC, amount);
      return associatedTokenAddress(owner, USDC).toBase58();
    });
    const largest = (await connection.getTokenLargestAccounts(USDC)).value;
    expect(largest.map((h) => [h.address.toBase58(), h.amount, h.uiAmountString])).toEqual([
      [holders[1], '20000000', '20'],
      [payerAta.toBase58(), '10000000', '10'],
      [holders[0], '5000000', '5'],
      [holders[2], '1000', '0.001'],
      [merchantAta.toBase58(), '0', '0'],
    ]);
    expect((await connection.getTokenSupply(USDC)).value).toEqual({
      amount: '35001000',
      decimals: 6,
      uiAmount: 35.001,
      uiAmountString: '35.001',
    });

    const mint = (await connection.getParsedAccountInfo(USDC)).value!;
    const mintData = (await connection.getAccountInfo(USDC))!;
    expect(mint.owner.toBase58()).toBe(PROGRAMS.token.toBase58());
    expect(mint.data).toEqual({
      program: 'spl-token',
      space: 82,
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          freezeAuthority: expect.any(String),
          isInitialized: true,
          mintAuthority: expect.any(String),
          supply: '35001000',
        },
      },
    });
    expect(mintData.data.readBigUInt64LE(36)).toBe(35_001_000n);

    const owned = await connection.getParsedTokenAccountsByOwner(merchant, { mint: USDC });
    expect(owned.value.map((a) => [a.pubkey.toBase58(), a.account.data.parsed.info.tokenAmount.amount])).toEqual([
      [merchantAta.toBase58(), '0'],
    ]);
  });
});
