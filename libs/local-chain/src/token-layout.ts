import { bytesToAddress } from '@toll/solana';
import { TOKEN_2022_PROGRAM, isTokenProgram } from './programs';

// SPL Token / Token-2022 base layouts, read by hand: this runs for every key of every transaction.
export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;

// Token-2022 puts an account-type byte right after the 165-byte base when extensions follow.
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

export interface MintState {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export type TokenAccountStateName = 'uninitialized' | 'initialized' | 'frozen';

export interface TokenAccountState {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: TokenAccountStateName;
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

const STATES: TokenAccountStateName[] = ['uninitialized', 'initialized', 'frozen'];

export function isMintData(owner: string, data: Uint8Array): boolean {
  if (!isTokenProgram(owner)) return false;
  if (data.length === MINT_SIZE) return true;
  return (
    owner === TOKEN_2022_PROGRAM && data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT
  );
}

export function isTokenAccountData(owner: string, data: Uint8Array): boolean {
  if (!isTokenProgram(owner)) return false;
  if (data.length === TOKEN_ACCOUNT_SIZE) return data[108] !== 0;
  return (
    owner === TOKEN_2022_PROGRAM &&
    data.length > ACCOUNT_TYPE_OFFSET &&
    data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT &&
    data[108] !== 0
  );
}

const view = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

// COption<Pubkey>: a u32 tag (0 or 1) followed by 32 bytes.
const optionalKey = (data: Uint8Array, at: number): string | null =>
  view(data).readUInt32LE(at) === 1 ? bytesToAddress(data.subarray(at + 4, at + 36)) : null;

export function decodeMint(data: Uint8Array): MintState {
  const buf = view(data);
  return {
    mintAuthority: optionalKey(data, 0),
    supply: buf.readBigUInt64LE(36),
    decimals: data[44],
    isInitialized: data[45] === 1,
    freezeAuthority: optionalKey(data, 46),
  };
}

export function decodeTokenAccount(data: Uint8Array): TokenAccountState {
  const buf = view(data);
  return {
    mint: bytesToAddress(data.subarray(0, 32)),
    owner: bytesToAddress(data.subarray(32, 64)),
    amount: buf.readBigUInt64LE(64),
    delegate: optionalKey(data, 72),
    state: STATES[data[108]] ?? 'uninitialized',
    isNative: buf.readUInt32LE(109) === 1 ? buf.readBigUInt64LE(113) : null,
    delegatedAmount: buf.readBigUInt64LE(121),
    closeAuthority: optionalKey(data, 129),
  };
}
