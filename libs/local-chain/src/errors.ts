import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
  type FailedTransactionMetadata,
} from 'litesvm/dist/internal.js';
import { RpcError } from '@toll/solana';
import type { SimulationResult } from './chain-types';

// A TransactionError as agave serializes it in RPC JSON: "BlockhashNotFound",
// {"InstructionError":[0,{"Custom":18}]}, {"InsufficientFundsForRent":{"account_index":1}}.
export type TransactionErrorJson = string | Record<string, unknown>;

// One JSON-RPC error type for the client (libs/solana) and this server.
export { RpcError } from '@toll/solana';

export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_INTERNAL_ERROR = -32603;
export const RPC_PREFLIGHT_FAILURE = -32002;
export const RPC_SIGNATURE_VERIFICATION_FAILURE = -32003;
export const RPC_UNSUPPORTED_TRANSACTION_VERSION = -32015;
export const RPC_MIN_CONTEXT_SLOT_NOT_REACHED = -32016;

// Thrown by send() when preflight simulation fails; the RPC layer turns it into -32002 / -32003.
export class PreflightFailure extends Error {
  constructor(readonly simulation: SimulationResult) {
    super('Transaction simulation failed');
  }
}

export class InvalidTransaction extends Error {}

export const invalidParams = (message: string): RpcError => new RpcError(RPC_INVALID_PARAMS, message);

// litesvm's error enums are `const enum`s with no runtime object, so the names are kept here in enum order.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

export function transactionErrorJson(failed: FailedTransactionMetadata): TransactionErrorJson {
  const err = failed.err();
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError(${err})`;
  if (err instanceof TransactionErrorInstructionError)
    return { InstructionError: [err.index, instructionErrorJson(err.err())] };
  if (err instanceof TransactionErrorInsufficientFundsForRent)
    return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index };
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted)
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } };
  return String(err);
}

function instructionErrorJson(err: ReturnType<TransactionErrorInstructionError['err']>): TransactionErrorJson {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `InstructionError(${err})`;
  if (err instanceof InstructionErrorCustom) return { Custom: err.code };
  if (err instanceof InstructionErrorBorshIo) return 'BorshIoError';
  return String(err);
}

// agave's Display strings, which become the -32002 message "Transaction simulation failed: …".
const TRANSACTION_MESSAGES: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  UnsupportedVersion: 'Transaction version is unsupported',
};

const INSTRUCTION_MESSAGES: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
};

export function transactionErrorMessage(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_MESSAGES[err] ?? err;
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError as [number, TransactionErrorJson];
    const detail =
      typeof inner === 'string'
        ? (INSTRUCTION_MESSAGES[inner] ?? inner)
        : 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner);
    return `Error processing Instruction ${index}: ${detail}`;
  }
  if ('InsufficientFundsForRent' in err) {
    return (
      `Transaction results in an account ` +
      `(${(err.InsufficientFundsForRent as { account_index: number }).account_index}) with insufficient funds for ` +
      `rent`
    );
  }
  return JSON.stringify(err);
}
