import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { PROGRAMS, associatedTokenAddress } from '@toll/solana';

export interface MemoChallenge {
  memo: string;
  operation_id?: string;
  // Present when the answer is a credential: the redemption must carry the payer's signature (payerProofHeaders).
  payer_proof?: { header: string; signed_text: string | null; request_sha256: string | null };
  usdc: { mint: string; token_account: string; amount_atomic: string };
  sol: { recipient: string; lamports: string } | null;
}

const memoInstruction = (memo: string, signer: PublicKey) =>
  new TransactionInstruction({
    programId: PROGRAMS.memo,
    keys: [{ pubkey: signer, isSigner: true, isWritable: false }],
    data: Buffer.from(memo, 'utf8'),
  });

// SPL Token TransferChecked (instruction 12): amount u64 LE, then decimals.
function transferChecked(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
) {
  const data = Buffer.alloc(10);
  data.writeUInt8(12, 0);
  data.writeBigUInt64LE(amount, 1);
  data.writeUInt8(decimals, 9);
  return new TransactionInstruction({
    programId: PROGRAMS.token,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  });
}

export type MemoAsset = 'SOL' | 'USDC';

// The instructions of a memo-flow payment: the transfer the challenge asks for, plus the memo.
export function memoPaymentInstructions(
  challenge: MemoChallenge,
  asset: MemoAsset,
  payer: PublicKey,
  overrides: { amount?: bigint; memo?: string } = {},
) {
  const memo = memoInstruction(overrides.memo ?? challenge.memo, payer);
  if (asset === 'SOL') {
    if (!challenge.sol) throw new Error('this challenge offers USDC only (no SOL price)');
    return [
      SystemProgram.transfer({
        fromPubkey: payer,
        toPubkey: new PublicKey(challenge.sol.recipient),
        lamports: overrides.amount ?? BigInt(challenge.sol.lamports),
      }),
      memo,
    ];
  }
  const mint = new PublicKey(challenge.usdc.mint);
  return [
    transferChecked(
      associatedTokenAddress(payer, mint),
      mint,
      new PublicKey(challenge.usdc.token_account),
      payer,
      overrides.amount ?? BigInt(challenge.usdc.amount_atomic),
      6,
    ),
    memo,
  ];
}

// Sends and waits for confirmation; returns the signature to put in X-Payment-Tx.
export async function sendAndConfirm(
  connection: Connection,
  payer: Keypair,
  instructions: TransactionInstruction[],
  timeoutMs = 30_000,
): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions);
  tx.sign(payer);
  const signature = await connection.sendRawTransaction(tx.serialize(), {
    skipPreflight: false,
    preflightCommitment: 'confirmed',
  });
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new Error(`payment transaction failed: ${JSON.stringify(status.err)}`);
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'))
      return signature;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`payment transaction ${signature} not confirmed within ${timeoutMs} ms`);
}
