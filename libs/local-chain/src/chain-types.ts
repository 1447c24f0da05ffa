import type { AddressLike, DecodedTransaction } from '@toll/solana';
import type { TransactionErrorJson } from './errors';
import type { MetaSummary } from './execution';
import type { TokenBalance } from './token-balances';

export interface LocalChainOptions {
  // Wall-clock slot length (default 400). 0: slots move only via advanceSlots and each landed transaction.
  slotMs?: number;
}

export interface AccountState {
  address: string;
  lamports: bigint;
  data: Uint8Array;
  owner: string;
  executable: boolean;
  rentEpoch: bigint;
}

export interface SetAccountInput {
  lamports: bigint | number;
  data?: Uint8Array;
  owner?: AddressLike;
  executable?: boolean;
  rentEpoch?: bigint;
}

export interface CreateMintInput {
  address?: AddressLike;
  decimals: number;
  mintAuthority: AddressLike | null;
  freezeAuthority?: AddressLike | null;
  supply?: bigint | number;
  programId?: AddressLike;
}

export interface LoadedAddresses {
  writable: string[];
  readonly: string[];
}

export interface ExecutionResult extends Omit<MetaSummary, 'fee'> {
  err: TransactionErrorJson | null;
  fee: bigint;
  // Static keys followed by lookup-table keys (writable, then read-only), the order agave indexes by.
  accountKeys: string[];
  writable: boolean[];
  loadedAddresses: LoadedAddresses;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
}

export interface TransactionRecord extends ExecutionResult {
  signature: string;
  slot: number;
  blockTime: number;
  // Position in the chain's history; orders getSignaturesForAddress.
  sequence: number;
  wire: Uint8Array;
  transaction: DecodedTransaction;
  // agave's getSignaturesForAddress memo field: "[len] text" per memo, joined by "; ".
  memo: string | null;
}

export interface SimulationResult extends ExecutionResult {
  postAccounts: Map<string, AccountState | null>;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
}

export interface SimulateOptions {
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
}
