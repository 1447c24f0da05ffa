import {
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { PROGRAMS } from '@toll/solana';
import { startLocalRpc, type LocalRpc } from './rpc-server';

describe('JSON-RPC and PubSub through @solana/kit', () => {
  let server: LocalRpc;

  beforeEach(async () => {
    server = await startLocalRpc({ port: 0 });
  });

  afterEach(() => server.close());

  it('confirms with sendAndConfirmTransactionFactory and reads u64 values as bigints', async () => {
    const rpc = createSolanaRpc(server.url);
    const rpcSubscriptions = createSolanaRpcSubscriptions(server.wsUrl);
    const [payer, recipient] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await rpc.requestAirdrop(payer.address, lamports(2_000_000_000n)).send();

    const { value: latest } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n }),
            { programAddress: address(PROGRAMS.memo.toBase58()), data: new TextEncoder().encode('kit memo') },
          ],
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithBlockhashLifetime(signed);
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed, { commitment: 'confirmed' });

    const signature = getSignatureFromTransaction(signed);
    const tx = await rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send();
    expect(tx?.meta?.fee).toBe(5000n);
    expect(tx?.transaction.message.instructions[1]).toMatchObject({ program: 'spl-memo', parsed: 'kit memo' });
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(1_000_000n);
    const info = await rpc.getAccountInfo(payer.address, { encoding: 'base64' }).send();
    // kit's account type leaves rentEpoch out, but the u64 arrives exact.
    expect((info.value as unknown as { rentEpoch: bigint }).rentEpoch).toBe(18446744073709551615n);
  });
});
