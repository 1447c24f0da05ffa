import { generateKeyPairSigner } from '@solana/kit';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { ExactSvmScheme as ExactSvmClient } from '@x402/svm/exact/client';
import { ExactSvmScheme as ExactSvmFacilitator } from '@x402/svm/exact/facilitator';
import { PROGRAMS } from '@toll/solana';
import { decodeTokenAccount } from './token-layout';
import { startLocalRpc, type LocalRpc } from './rpc-server';

// x402 only knows real clusters: devnet's CAIP-2 id with a local URL, and the mint at devnet USDC's address.
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

describe('@x402/svm exact scheme against the local chain', () => {
  let rpc: LocalRpc;

  beforeEach(async () => {
    rpc = await startLocalRpc({ port: 0 });
  });

  afterEach(() => rpc.close());

  it('verifies and settles a stock client payment, once', async () => {
    const [payer, feePayer, merchant, mintAuthority] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    rpc.chain.airdrop(feePayer.address, 1_000_000_000n);
    rpc.chain.createMint({ address: DEVNET_USDC, decimals: 6, mintAuthority: mintAuthority.address });
    rpc.chain.mintTo(payer.address, DEVNET_USDC, 5_000_000n);
    const payTo = rpc.chain.mintTo(merchant.address, DEVNET_USDC, 0n);

    // kit 8 signers handed to @x402/svm's kit 5 types: same runtime shape.
    const facilitator = new ExactSvmFacilitator(toFacilitatorSvmSigner(feePayer as never, { defaultRpcUrl: rpc.url }));
    const client = new ExactSvmClient(payer as never, { rpcUrl: rpc.url });
    const requirements: PaymentRequirements = {
      scheme: 'exact',
      network: DEVNET,
      asset: DEVNET_USDC,
      amount: '10000',
      payTo: merchant.address,
      maxTimeoutSeconds: 60,
      extra: { feePayer: feePayer.address },
    };
    const payload: PaymentPayload = { ...(await client.createPaymentPayload(2, requirements)), accepted: requirements };

    expect(await facilitator.verify(payload, requirements)).toMatchObject({ isValid: true, payer: payer.address });
    const settled = await facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: DEVNET, payer: payer.address });
    expect(decodeTokenAccount(rpc.chain.getAccount(payTo)!.data).amount).toBe(10_000n);

    const record = rpc.chain.getTransactionRecord(settled.transaction)!;
    expect(record.err).toBeNull();
    expect(record.accountKeys[0]).toBe(feePayer.address);
    const programs = record.transaction.message.instructions.map((ix) => record.accountKeys[ix.programIdIndex]);
    expect(programs).toEqual([
      PROGRAMS.computeBudget.toBase58(),
      PROGRAMS.computeBudget.toBase58(),
      PROGRAMS.token.toBase58(),
      PROGRAMS.memo.toBase58(),
    ]);

    // A fresh facilitator (no settlement cache) gets the same signature back; the chain dropped the replay.
    const again = await new ExactSvmFacilitator(
      toFacilitatorSvmSigner(feePayer as never, { defaultRpcUrl: rpc.url }),
    ).settle(payload, requirements);
    expect(again.transaction).toBe(settled.transaction);
    expect(decodeTokenAccount(rpc.chain.getAccount(payTo)!.data).amount).toBe(10_000n);
  });
});
