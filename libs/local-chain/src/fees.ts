import { BUILTIN_PROGRAMS, COMPUTE_BUDGET_PROGRAM } from './programs';
import type { DecodedMessage } from '@toll/solana';

export const LAMPORTS_PER_SIGNATURE = 5000n;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
const DEFAULT_BUILTIN_UNITS = 3_000;
const DEFAULT_PROGRAM_UNITS = 200_000;
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);

export interface ComputeBudget {
  unitLimit: number;
  // Priority price in micro-lamports per compute unit.
  unitPrice: bigint;
}

export function computeBudgetOf(message: DecodedMessage): ComputeBudget {
  let explicitLimit: number | undefined;
  let unitPrice = 0n;
  let defaultLimit = 0;
  for (const ix of message.instructions) {
    const program = message.staticKeys[ix.programIdIndex];
    defaultLimit += BUILTIN_PROGRAMS.has(program) ? DEFAULT_BUILTIN_UNITS : DEFAULT_PROGRAM_UNITS;
    if (program !== COMPUTE_BUDGET_PROGRAM) continue;
    const data = Buffer.from(ix.data);
    if (data[0] === 2 && data.length >= 5) explicitLimit = data.readUInt32LE(1);
    if (data[0] === 3 && data.length >= 9) unitPrice = data.readBigUInt64LE(1);
  }
  return { unitLimit: Math.min(explicitLimit ?? defaultLimit, MAX_COMPUTE_UNIT_LIMIT), unitPrice };
}

// 5,000 lamports per signature (precompile signatures included) plus ceil(price × limit / 10⁶).
export function transactionFee(message: DecodedMessage): bigint {
  let signatures = BigInt(message.header.numRequiredSignatures);
  for (const ix of message.instructions) {
    if (PRECOMPILES.has(message.staticKeys[ix.programIdIndex]) && ix.data.length > 0) signatures += BigInt(ix.data[0]);
  }
  const { unitLimit, unitPrice } = computeBudgetOf(message);
  const priority = (unitPrice * BigInt(unitLimit) + 999_999n) / 1_000_000n;
  return signatures * LAMPORTS_PER_SIGNATURE + priority;
}
