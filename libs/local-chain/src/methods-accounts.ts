import { fromBase58 } from '@toll/solana';
import type { LocalChain } from './chain';
import type { AccountState } from './chain-types';
import { ACCOUNT_ENCODINGS, encodeAccount, type DataSlice } from './encode-account';
import { invalidParams } from './errors';
import { isTokenProgram } from './programs';
import {
  addressAt,
  addressListAt,
  configAt,
  oneOf,
  optionalBoolean,
  optionalString,
  toNumber,
  withContext,
  type Config,
} from './rpc-params';
import type { RpcMethods } from './rpc-types';
import { uiTokenAmount } from './token-balances';
import { decodeMint, decodeTokenAccount, isMintData, isTokenAccountData } from './token-layout';

const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_LARGEST_ACCOUNTS = 20;
const MAX_FILTERS = 4;

const encodingOf = (config: Config): string | undefined =>
  oneOf(optionalString(config, 'encoding'), ACCOUNT_ENCODINGS, 'encoding');

function sliceOf(config: Config): DataSlice | undefined {
  const slice = config.dataSlice as Config | undefined;
  return slice
    ? { offset: toNumber(slice.offset, 'dataSlice.offset'), length: toNumber(slice.length, 'dataSlice.length') }
    : undefined;
}

type Filter = (account: AccountState) => boolean;

function memcmpBytes(text: string, encoding: string | undefined): Buffer {
  if (encoding === 'base64') return Buffer.from(text, 'base64');
  try {
    return Buffer.from(fromBase58(text));
  } catch {
    throw invalidParams('Invalid param: memcmp bytes are not base58');
  }
}

// getProgramAccounts filters: dataSize and memcmp (bytes base58 by default, or base64).
function filtersOf(config: Config): Filter[] {
  const filters = config.filters;
  if (filters === undefined || filters === null) return [];
  if (!Array.isArray(filters) || filters.length > MAX_FILTERS)
    throw invalidParams(`Invalid param: filters must be an array of at most ${MAX_FILTERS}`);
  return filters.map((filter: Config): Filter => {
    if (filter && filter.dataSize !== undefined) {
      const size = toNumber(filter.dataSize, 'dataSize');
      return (account) => account.data.length === size;
    }
    const memcmp = filter?.memcmp as Config | undefined;
    if (memcmp) {
      const offset = toNumber(memcmp.offset, 'memcmp.offset');
      const text = optionalString(memcmp, 'bytes') ?? '';
      const bytes = memcmpBytes(text, optionalString(memcmp, 'encoding'));
      return (account) =>
        account.data.length >= offset + bytes.length &&
        bytes.equals(account.data.subarray(offset, offset + bytes.length));
    }
    throw invalidParams('Invalid param: unsupported filter');
  });
}

export function accountMethods(chain: LocalChain): RpcMethods {
  const encoded = (account: AccountState | null, config: Config): unknown =>
    account ? encodeAccount(chain, account, encodingOf(config), sliceOf(config)) : null;

  const tokenAccount = (address: string) => {
    const account = chain.getAccount(address);
    if (!account || !isTokenAccountData(account.owner, account.data))
      throw invalidParams('Invalid param: not a Token account');
    return decodeTokenAccount(account.data);
  };

  const mint = (address: string) => {
    const account = chain.getAccount(address);
    if (!account || !isMintData(account.owner, account.data)) throw invalidParams('Invalid param: not a Token mint');
    return { program: account.owner, state: decodeMint(account.data) };
  };

  return {
    getBalance: (p) => withContext(chain, configAt(p, 1), chain.getBalance(addressAt(p, 0))),
    getAccountInfo: (p) => {
      const config = configAt(p, 1);
      return withContext(chain, config, encoded(chain.getAccount(addressAt(p, 0)), config));
    },
    getMultipleAccounts: (p) => {
      const config = configAt(p, 1);
      return withContext(
        chain,
        config,
        addressListAt(p, 0, MAX_MULTIPLE_ACCOUNTS).map((address) => encoded(chain.getAccount(address), config)),
      );
    },
    getTokenAccountBalance: (p) => {
      const account = tokenAccount(addressAt(p, 0));
      return withContext(chain, configAt(p, 1), uiTokenAmount(account.amount, mint(account.mint).state.decimals));
    },
    getTokenSupply: (p) => {
      const { state } = mint(addressAt(p, 0));
      return withContext(chain, configAt(p, 1), uiTokenAmount(state.supply, state.decimals));
    },
    getTokenLargestAccounts: (p) => {
      const address = addressAt(p, 0);
      const { program, state } = mint(address);
      const holders = chain
        .programAccounts(program)
        .filter(
          (account) =>
            isTokenAccountData(account.owner, account.data) && decodeTokenAccount(account.data).mint === address,
        )
        .map((account) => ({ address: account.address, amount: decodeTokenAccount(account.data).amount }))
        .sort((a, b) => (a.amount === b.amount ? a.address.localeCompare(b.address) : a.amount > b.amount ? -1 : 1))
        .slice(0, MAX_LARGEST_ACCOUNTS);
      return withContext(
        chain,
        configAt(p, 1),
        holders.map((h) => ({ address: h.address, ...uiTokenAmount(h.amount, state.decimals) })),
      );
    },
    getTokenAccountsByOwner: (p) => {
      const owner = addressAt(p, 0);
      const filter = configAt(p, 1);
      const config = configAt(p, 2);
      let program: string;
      let mintAddress: string | undefined;
      if (typeof filter.mint === 'string') {
        mintAddress = addressAt([filter.mint], 0);
        const account = chain.getAccount(mintAddress);
        if (!account) throw invalidParams('Invalid param: could not find mint');
        program = account.owner;
      } else if (typeof filter.programId === 'string') {
        program = addressAt([filter.programId], 0);
      } else {
        throw invalidParams('Invalid params: expected {mint} or {programId}');
      }
      if (!isTokenProgram(program)) throw invalidParams('Invalid param: unrecognized Token program id');
      const matches = chain.programAccounts(program).filter((account) => {
        if (!isTokenAccountData(account.owner, account.data)) return false;
        const state = decodeTokenAccount(account.data);
        return state.owner === owner && (mintAddress === undefined || state.mint === mintAddress);
      });
      return withContext(
        chain,
        config,
        matches.map((account) => ({ pubkey: account.address, account: encoded(account, config) })),
      );
    },
    getProgramAccounts: (p) => {
      const program = addressAt(p, 0);
      const config = configAt(p, 1);
      const filters = filtersOf(config);
      const value = chain
        .programAccounts(program)
        .filter((account) => filters.every((f) => f(account)))
        .map((account) => ({ pubkey: account.address, account: encoded(account, config) }));
      return optionalBoolean(config, 'withContext') ? withContext(chain, config, value) : value;
    },
  };
}
