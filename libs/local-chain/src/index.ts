export type { AddressLike } from './address';
export {
  LocalChain,
  PreflightFailure,
  InvalidTransaction,
  type AccountState,
  type CreateMintInput,
  type ExecutionResult,
  type LoadedAddresses,
  type LocalChainOptions,
  type SetAccountInput,
  type SimulateOptions,
  type SimulationResult,
  type TransactionRecord,
} from './chain';
export type { TransactionErrorJson } from './errors';
export type { InnerInstructionRecord, ReturnDataRecord } from './execution';
export type { TokenBalance, UiTokenAmount } from './token-balances';
export { startLocalRpc, type LocalRpc, type LocalRpcOptions } from './rpc-server';
export { startDemoChain, fundWallets, createUsdcMint, type DemoChain, type DemoChainOptions, type FundRequest } from './demo';
