import { getBase58Decoder } from '@solana/kit';
import {
  AddressLookupTableAccount,
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Message,
  MessageV0,
  PACKET_DATA_SIZE,
  TransactionInstruction,
  VersionedTransaction,
  type MessageCompiledInstruction,
} from '@solana/web3.js';
import { TollError } from '@toll/contracts';
import { PROGRAMS } from '@toll/solana';

const TX_FIELD = 'transaction_base64';
const PRECOMPILES = [PROGRAMS.ed25519, PROGRAMS.secp256k1, PROGRAMS.secp256r1];
// getRecentPrioritizationFees takes at most 128 accounts.
export const MAX_FEE_MARKET_ACCOUNTS = 128;

export const invalidTransaction = (message: string, details: Record<string, unknown> = {}) =>
  new TollError('INVALID_INPUT', message, { issues: [{ field: TX_FIELD, message }], ...details });

export interface ComputeBudget {
  unitLimit: number | null; // from SetComputeUnitLimit
  unitPrice: bigint | null; // from SetComputeUnitPrice, micro-lamports per CU
}

export interface TransactionFacts extends ComputeBudget {
  version: 'legacy' | 0;
  signatures: number; // transaction signatures plus the ones precompile instructions verify
  writable: string[]; // writable accounts (lookup-table ones included), invoked programs excluded
}

// decodeTransaction admits these two versions only.
type SupportedMessage = Message | MessageV0;
const messageOf = (tx: VersionedTransaction) => tx.message as SupportedMessage;

// What is wrong with a transaction as given (judged by the input schemas before payment), or undefined.
export function transactionProblem(base64: string): string | undefined {
  try {
    decodeTransaction(base64);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

// The optimized form adds at most two fixed-size compute-budget instructions: whether it still fits depends on the
// input alone, so optimize refuses it before payment.
export function optimizedSizeProblem(base64: string): string | undefined {
  try {
    toBase64(withComputeBudget(decodeTransaction(base64), 0, 0n));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

export function decodeTransaction(base64: string): VersionedTransaction {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  } catch (e) {
    throw invalidTransaction(`is not a serialized Solana transaction: ${(e as Error).message}`);
  }
  if (tx.message.version !== 'legacy' && tx.message.version !== 0)
    throw invalidTransaction(`transaction version ${String(tx.message.version)} is not supported (legacy or v0)`);
  return tx;
}

// Fee-relevant compute-budget instructions are SetComputeUnitLimit and SetComputeUnitPrice; heap-frame and
// loaded-data-size requests are other compute-budget instructions and stay as they are.
function budgetInstruction(
  message: SupportedMessage,
  ix: MessageCompiledInstruction,
): { limit: number } | { price: bigint } | null {
  if (!message.staticAccountKeys[ix.programIdIndex]?.equals(PROGRAMS.computeBudget)) return null;
  const instruction = new TransactionInstruction({
    programId: PROGRAMS.computeBudget,
    keys: [],
    data: Buffer.from(ix.data),
  });
  try {
    const type = ComputeBudgetInstruction.decodeInstructionType(instruction);
    if (type === 'SetComputeUnitLimit')
      return { limit: ComputeBudgetInstruction.decodeSetComputeUnitLimit(instruction).units };
    if (type === 'SetComputeUnitPrice')
      return { price: BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(instruction).microLamports) };
  } catch {
    // malformed or unknown to web3.js: left in place; simulation reports it if the runtime rejects it
  }
  return null;
}

export function computeBudgetOf(message: SupportedMessage): ComputeBudget {
  const budget: ComputeBudget = { unitLimit: null, unitPrice: null };
  for (const ix of message.compiledInstructions) {
    const found = budgetInstruction(message, ix);
    if (found && 'limit' in found) budget.unitLimit = found.limit;
    if (found && 'price' in found) budget.unitPrice = found.price;
  }
  return budget;
}

export function transactionFacts(tx: VersionedTransaction, tables: AddressLookupTableAccount[]): TransactionFacts {
  const message = messageOf(tx);
  let keys;
  try {
    keys =
      message.version === 'legacy'
        ? message.getAccountKeys()
        : message.getAccountKeys({ addressLookupTableAccounts: tables });
  } catch (e) {
    throw invalidTransaction(`address lookup tables do not resolve: ${(e as Error).message}`);
  }
  const programs = new Set(message.compiledInstructions.map((ix) => ix.programIdIndex));
  const writable: string[] = [];
  for (let i = 0; i < keys.length; i++)
    if (message.isAccountWritable(i) && !programs.has(i)) writable.push(keys.get(i)!.toBase58());
  let signatures = message.header.numRequiredSignatures;
  for (const ix of message.compiledInstructions) {
    if (ix.data.length && PRECOMPILES.some((p) => p.equals(message.staticAccountKeys[ix.programIdIndex])))
      signatures += ix.data[0];
  }
  return { version: message.version, signatures, writable, ...computeBudgetOf(message) };
}

// The same message with its SetComputeUnitLimit/SetComputeUnitPrice replaced by the given ones (placed first);
// every other instruction, account, lookup and the blockhash stay as they were. Unsigned: the message changed.
export function withComputeBudget(tx: VersionedTransaction, limit: number, price: bigint): VersionedTransaction {
  const m = messageOf(tx);
  const keys = [...m.staticAccountKeys];
  const header = { ...m.header };
  let budgetIndex = keys.findIndex((k) => k.equals(PROGRAMS.computeBudget));
  // A new program key goes last among the static keys (read-only, unsigned); lookup-table indexes move up by one.
  const shift = budgetIndex < 0 ? 1 : 0;
  if (budgetIndex < 0) {
    budgetIndex = keys.push(PROGRAMS.computeBudget) - 1;
    header.numReadonlyUnsignedAccounts += 1;
  }
  const staticCount = m.staticAccountKeys.length;
  const moved = (i: number) => (i >= staticCount ? i + shift : i);
  const budget = [
    ComputeBudgetProgram.setComputeUnitLimit({ units: limit }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: price }),
  ].map((ix): MessageCompiledInstruction => ({ programIdIndex: budgetIndex, accountKeyIndexes: [], data: ix.data }));
  const kept = m.compiledInstructions
    .filter((ix) => !budgetInstruction(m, ix))
    .map((ix): MessageCompiledInstruction => ({
      programIdIndex: ix.programIdIndex,
      accountKeyIndexes: ix.accountKeyIndexes.map(moved),
      data: ix.data,
    }));
  const instructions = [...budget, ...kept];
  const base58 = getBase58Decoder();
  const message =
    m.version === 'legacy'
      ? new Message({
          header,
          accountKeys: keys,
          recentBlockhash: m.recentBlockhash,
          instructions: instructions.map((ix) => ({
            programIdIndex: ix.programIdIndex,
            accounts: ix.accountKeyIndexes,
            data: base58.decode(ix.data),
          })),
        })
      : new MessageV0({
          header,
          staticAccountKeys: keys,
          recentBlockhash: m.recentBlockhash,
          compiledInstructions: instructions,
          addressTableLookups: m.addressTableLookups,
        });
  return new VersionedTransaction(message);
}

export function toBase64(tx: VersionedTransaction): string {
  let bytes: Uint8Array | undefined;
  try {
    bytes = tx.serialize();
  } catch {
    // web3.js overruns its 1232-byte buffer on an oversized v0 message (a legacy one serializes at any size)
  }
  if (!bytes || bytes.length > PACKET_DATA_SIZE) {
    throw invalidTransaction(
      `with the compute-budget instructions the transaction would exceed ${PACKET_DATA_SIZE} ` +
        `bytes${bytes ? ` (${bytes.length})` : ''}`,
    );
  }
  return Buffer.from(bytes).toString('base64');
}
