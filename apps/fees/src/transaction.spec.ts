import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Ed25519Program,
  Keypair,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { PROGRAMS } from '@toll/solana';
import { decodeTransaction, toBase64, transactionFacts, withComputeBudget } from './transaction';

const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k';
const payer = Keypair.generate();
const recipient = Keypair.generate().publicKey;
const readonlyInTable = Keypair.generate().publicKey;
const table = new AddressLookupTableAccount({
  key: Keypair.generate().publicKey,
  state: {
    deactivationSlot: BigInt('18446744073709551615'),
    lastExtendedSlot: 0,
    lastExtendedSlotStartIndex: 0,
    authority: undefined,
    addresses: [recipient, readonlyInTable],
  },
});
const memo = new TransactionInstruction({
  programId: PROGRAMS.memo,
  keys: [{ pubkey: readonlyInTable, isSigner: false, isWritable: false }],
  data: Buffer.from('hi'),
});
const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000 });

const v0 = (instructions: TransactionInstruction[]) =>
  new VersionedTransaction(
    new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: BLOCKHASH, instructions }).compileToV0Message([
      table,
    ]),
  );
const legacy = (instructions: TransactionInstruction[]) =>
  new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: BLOCKHASH,
      instructions,
    }).compileToLegacyMessage(),
  );
const decompiled = (tx: VersionedTransaction) =>
  TransactionMessage.decompile(tx.message, { addressLookupTableAccounts: [table] });

describe('withComputeBudget', () => {
  it('adds the compute-budget program to a v0 message and shifts lookup-table indexes past it', () => {
    const tx = v0([transfer, memo]);
    expect(tx.message.staticAccountKeys.some((k) => k.equals(PROGRAMS.computeBudget))).toBe(false);
    const out = withComputeBudget(tx, 12_345, 678n);
    const message = decompiled(out);
    expect(message.instructions.slice(0, 2)).toEqual([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 12_345 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 678n }),
    ]);
    expect(message.instructions.slice(2)).toEqual(decompiled(tx).instructions);
    expect(message.recentBlockhash).toBe(BLOCKHASH);
    expect(out.message.addressTableLookups).toEqual(tx.message.addressTableLookups);
    expect(out.signatures).toEqual([new Uint8Array(64)]);
  });

  it('replaces existing limit and price instructions in a legacy message, keeping heap-frame requests and order', () => {
    const heap = ComputeBudgetProgram.requestHeapFrame({ bytes: 64 * 1024 });
    const tx = legacy([
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }),
      transfer,
      heap,
      ComputeBudgetProgram.setComputeUnitLimit({ units: 9 }),
    ]);
    const out = withComputeBudget(tx, 1_000, 5n);
    expect(out.message.staticAccountKeys).toEqual(tx.message.staticAccountKeys);
    expect(TransactionMessage.decompile(out.message).instructions).toEqual([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5n }),
      transfer,
      heap,
    ]);
    expect(decodeTransaction(toBase64(out)).message.version).toBe('legacy');
  });
});

describe('transactionFacts', () => {
  it('reads version, signatures (precompile ones included), compute budget and writable accounts (lookups included)', () => {
    const signer = Keypair.generate();
    const ed25519 = Ed25519Program.createInstructionWithPrivateKey({
      privateKey: signer.secretKey,
      message: Buffer.from('x'),
    });
    const tx = v0([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 50_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 42n }),
      ed25519,
      transfer,
      memo,
    ]);
    expect(transactionFacts(tx, [table])).toEqual({
      version: 0,
      signatures: 2,
      writable: [payer.publicKey.toBase58(), recipient.toBase58()],
      unitLimit: 50_000,
      unitPrice: 42n,
    });
  });

  it('refuses unresolvable lookups and non-transactions as INVALID_INPUT on transaction_base64', () => {
    expect(() => transactionFacts(v0([transfer]), [])).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        details: expect.objectContaining({ issues: [expect.objectContaining({ field: 'transaction_base64' })] }),
      }),
    );
    expect(() => decodeTransaction('AAAA')).toThrow(
      'is not a serialized Solana transaction: Reached end of buffer unexpectedly',
    );
  });
});
