export type { AddressLike } from '@toll/solana';
export { LocalChain } from './chain';
export type * from './chain-types'; // every option, state and result type of LocalChain
export { InvalidTransaction, PreflightFailure, type TransactionErrorJson } from './errors';
export type { InnerInstructionRecord, ReturnDataRecord } from './execution';
export type { TokenBalance, UiTokenAmount } from './token-balances';
export { startLocalRpc, type LocalRpc, type LocalRpcOptions } from './rpc-server';
export { EXAMPLE_ACCOUNTS, seedExampleAccounts } from './example-accounts';
export { metaplexBytes, type MetaplexFields } from './metaplex';
export {
  startDemoChain,
  fundWallets,
  createUsdcMint,
  type DemoChain,
  type DemoChainOptions,
  type FundRequest,
} from './demo';
