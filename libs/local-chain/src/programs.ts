import { PROGRAMS } from '@toll/solana';

export const SYSTEM_PROGRAM = PROGRAMS.system.toBase58();
export const TOKEN_PROGRAM = PROGRAMS.token.toBase58();
export const TOKEN_2022_PROGRAM = PROGRAMS.token2022.toBase58();
export const ASSOCIATED_TOKEN_PROGRAM = PROGRAMS.associatedToken.toBase58();
export const COMPUTE_BUDGET_PROGRAM = PROGRAMS.computeBudget.toBase58();

// Memo v4 is not loaded in LiteSVM, but agave parses all three as spl-memo (docs/local-chain.md §7.1).
export const MEMO_PROGRAMS: ReadonlySet<string> = new Set([
  PROGRAMS.memo.toBase58(),
  PROGRAMS.memoV1.toBase58(),
  'Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH',
]);

export const isTokenProgram = (program: string): boolean => program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM;

// Programs that the runtime charges 3,000 CU by default instead of 200,000 (agave's builtin allocation).
export const BUILTIN_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);
