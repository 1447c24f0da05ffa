import {
  AddressLookupTableAccount,
  Keypair,
  MessageV0,
  PublicKey,
  SystemProgram,
  VersionedTransaction,
} from '@solana/web3.js';
import { feePayerOf, lamportDelta, solTransfersOf } from './parsed-transaction';
import { decodeTransaction } from './wire-transaction';

// The local chain spec compares decoding with jsonParsed; here, the part it does not reach: v0 accounts from a lookup
// table.
describe('decodeTransaction', () => {
  it('appends a v0 message’s looked-up accounts (writable, then read-only) after its static keys, as instructions index them', () => {
    const payer = Keypair.generate();
    const [recipient, readonlyKey] = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: {
        deactivationSlot: BigInt('18446744073709551615'),
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        authority: undefined,
        addresses: [readonlyKey, recipient],
      },
    });
    const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 7_000 });
    transfer.keys.push({ pubkey: readonlyKey, isSigner: false, isWritable: false });
    const message = MessageV0.compile({
      payerKey: payer.publicKey,
      recentBlockhash: new PublicKey(new Uint8Array(32).fill(7)).toBase58(),
      instructions: [transfer],
      addressLookupTableAccounts: [table],
    });
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    expect(message.addressTableLookups).toHaveLength(1); // both accounts really come from the table

    const loadedAddresses = { writable: [recipient.toBase58()], readonly: [readonlyKey.toBase58()] };
    const meta = {
      err: null,
      fee: 5000,
      preBalances: [1_000_000, 1, 0, 0],
      postBalances: [988_000, 1, 7_000, 0],
      loadedAddresses,
    };
    const decoded = decodeTransaction({
      slot: 9,
      blockTime: 1_700_000_000,
      meta,
      transaction: [Buffer.from(tx.serialize()).toString('base64'), 'base64'],
    });

    expect(decoded.transaction.message.accountKeys).toEqual([
      { pubkey: payer.publicKey.toBase58(), signer: true, writable: true },
      { pubkey: SystemProgram.programId.toBase58(), signer: false, writable: false },
      { pubkey: recipient.toBase58(), signer: false, writable: true },
      { pubkey: readonlyKey.toBase58(), signer: false, writable: false },
    ]);
    expect(solTransfersOf(decoded)).toEqual([
      { source: payer.publicKey.toBase58(), destination: recipient.toBase58(), lamports: 7_000n },
    ]);
    expect([lamportDelta(decoded, recipient.toBase58()), feePayerOf(decoded), decoded.slot, decoded.blockTime]).toEqual(
      [7_000n, payer.publicKey.toBase58(), 9, 1_700_000_000],
    );
  });
});
