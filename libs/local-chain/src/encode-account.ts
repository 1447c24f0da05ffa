import { toBase58 } from '@toll/solana';
import type { LocalChain } from './chain';
import type { AccountState } from './chain-types';
import { invalidParams, RpcError, RPC_INVALID_REQUEST } from './errors';
import { parseAccountData } from './parse-account';
import { isMintData } from './token-layout';

export interface DataSlice {
  offset: number;
  length: number;
}

export const ACCOUNT_ENCODINGS = ['binary', 'base58', 'base64', 'jsonParsed'];

// Agave refuses base58 for data longer than this.
const MAX_BASE58_BYTES = 128;

export function mintDecimalsLookup(chain: LocalChain): (mint: string) => number | undefined {
  return (mint) => {
    const account = chain.getAccount(mint);
    return account && isMintData(account.owner, account.data) ? account.data[44] : undefined;
  };
}

// An account as agave's UiAccount. With no encoding agave still answers in legacy "binary": a bare base58 string.
export function encodeAccount(
  chain: LocalChain,
  account: AccountState,
  encoding = 'binary',
  slice?: DataSlice,
): Record<string, unknown> {
  return {
    data: encodeData(chain, account, encoding, slice),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}

function encodeData(chain: LocalChain, account: AccountState, encoding: string, slice?: DataSlice): unknown {
  if (encoding === 'jsonParsed') {
    const parsed = parseAccountData(account.owner, account.data, mintDecimalsLookup(chain));
    if (parsed) return parsed;
    return [Buffer.from(account.data).toString('base64'), 'base64'];
  }
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data;
  if (encoding === 'base64') return [Buffer.from(data).toString('base64'), 'base64'];
  if (encoding === 'base58' || encoding === 'binary') {
    if (data.length > MAX_BASE58_BYTES)
      throw new RpcError(
        RPC_INVALID_REQUEST,
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      );
    return encoding === 'binary' ? toBase58(data) : [toBase58(data), 'base58'];
  }
  throw invalidParams(`Invalid param: unsupported account encoding ${encoding}`);
}
