import { toBase58, type CompiledInstruction, type DecodedMessage } from '@toll/solana';
import type { ExecutionResult, SimulationResult, TransactionRecord } from './chain-types';
import { invalidParams, RpcError, RPC_UNSUPPORTED_TRANSACTION_VERSION } from './errors';
import type { InnerInstructionRecord } from './execution';
import { parseInstruction } from './parse-instruction';
import { tokenBalanceJson } from './token-balances';

export const TRANSACTION_ENCODINGS = ['json', 'jsonParsed', 'base64', 'base58'];

const rawInstruction = (
  ix: CompiledInstruction | InnerInstructionRecord,
  stackHeight: number,
): Record<string, unknown> => ({
  programIdIndex: ix.programIdIndex,
  accounts: ix.accounts,
  data: toBase58(ix.data),
  stackHeight,
});

const parsedInstruction = (
  keys: string[],
  ix: CompiledInstruction | InnerInstructionRecord,
  stackHeight: number,
): Record<string, unknown> =>
  parseInstruction(
    { programId: keys[ix.programIdIndex], accounts: ix.accounts.map((i) => keys[i]), data: ix.data },
    stackHeight,
  );

// agave lists inner instructions only for top-level instructions that made some.
export function encodeInnerInstructions(result: ExecutionResult, parsed: boolean): Record<string, unknown>[] {
  return result.innerInstructions.flatMap((list, index) =>
    list.length
      ? [
          {
            index,
            instructions: list.map((ix) =>
              parsed ? parsedInstruction(result.accountKeys, ix, ix.stackHeight) : rawInstruction(ix, ix.stackHeight),
            ),
          },
        ]
      : [],
  );
}

const encodeReturnData = (result: ExecutionResult): Record<string, unknown> | null =>
  result.returnData
    ? {
        programId: result.returnData.programId,
        data: [Buffer.from(result.returnData.data).toString('base64'), 'base64'],
      }
    : null;

const lookupsJson = (message: DecodedMessage): Record<string, unknown> =>
  message.version === 0 ? { addressTableLookups: message.lookups } : {};

function encodeMessage(record: TransactionRecord, parsed: boolean): Record<string, unknown> {
  const { message } = record.transaction;
  if (!parsed) {
    return {
      accountKeys: message.staticKeys,
      header: message.header,
      recentBlockhash: message.recentBlockhash,
      instructions: message.instructions.map((ix) => rawInstruction(ix, 1)),
      ...lookupsJson(message),
    };
  }
  const staticCount = message.staticKeys.length;
  return {
    accountKeys: record.accountKeys.map((pubkey, i) => ({
      pubkey,
      signer: i < message.header.numRequiredSignatures,
      source: i < staticCount ? 'transaction' : 'lookupTable',
      writable: record.writable[i],
    })),
    instructions: message.instructions.map((ix) => parsedInstruction(record.accountKeys, ix, 1)),
    recentBlockhash: message.recentBlockhash,
    ...lookupsJson(message),
  };
}

function encodeMeta(record: TransactionRecord, parsed: boolean): Record<string, unknown> {
  const returnData = encodeReturnData(record);
  return {
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: encodeInnerInstructions(record, parsed),
    logMessages: record.logs,
    preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
    rewards: [],
    // agave leaves loadedAddresses out of jsonParsed; the keys carry a `source` there instead.
    ...(parsed ? {} : { loadedAddresses: record.loadedAddresses }),
    ...(returnData ? { returnData } : {}),
    computeUnitsConsumed: record.computeUnits,
  };
}

// getTransaction's result. Without maxSupportedTransactionVersion agave refuses v0 and omits `version`.
export function encodeTransactionRecord(
  record: TransactionRecord,
  encoding: string,
  maxSupportedVersion: number | undefined,
): Record<string, unknown> {
  const { version } = record.transaction.message;
  if (maxSupportedVersion === undefined && version !== 'legacy') {
    throw new RpcError(
      RPC_UNSUPPORTED_TRANSACTION_VERSION,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again ` +
        `with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    );
  }
  if (maxSupportedVersion !== undefined && version !== 'legacy' && version > maxSupportedVersion) {
    throw new RpcError(
      RPC_UNSUPPORTED_TRANSACTION_VERSION,
      `Transaction version (${version}) is not supported by the requesting client.`,
    );
  }
  const parsed = encoding === 'jsonParsed';
  let transaction: unknown;
  if (encoding === 'base64') transaction = [Buffer.from(record.wire).toString('base64'), 'base64'];
  else if (encoding === 'base58') transaction = [toBase58(record.wire), 'base58'];
  else if (encoding === 'json' || parsed)
    transaction = { signatures: record.transaction.signatures.map(toBase58), message: encodeMessage(record, parsed) };
  else throw invalidParams(`Invalid param: unsupported transaction encoding ${encoding}`);
  return {
    blockTime: record.blockTime,
    meta: encodeMeta(record, parsed),
    slot: record.slot,
    transaction,
    ...(maxSupportedVersion === undefined ? {} : { version }),
  };
}

// simulateTransaction's value (and the data of a -32002 preflight error), in agave's field order.
export function encodeSimulation(
  simulation: SimulationResult,
  extra: { accounts: unknown[] | null; innerInstructions: boolean },
): Record<string, unknown> {
  return {
    err: simulation.err,
    logs: simulation.logs,
    accounts: extra.accounts,
    unitsConsumed: simulation.computeUnits,
    returnData: encodeReturnData(simulation),
    innerInstructions: extra.innerInstructions ? encodeInnerInstructions(simulation, true) : null,
    replacementBlockhash: simulation.replacementBlockhash,
    fee: simulation.fee,
    preBalances: simulation.preBalances,
    postBalances: simulation.postBalances,
    preTokenBalances: simulation.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: simulation.postTokenBalances.map(tokenBalanceJson),
    loadedAddresses: simulation.loadedAddresses,
  };
}
