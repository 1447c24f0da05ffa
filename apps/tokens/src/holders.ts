import { PublicKey } from '@solana/web3.js';
import type { Holder, HolderFacts } from './score';

// Base token account size; Token-2022 accounts with extensions are longer.
const TOKEN_ACCOUNT_BASE_SIZE = 165;

// The incinerator: tokens sent here can never move again, so they count as burned, not as a holder.
export const INCINERATOR = '1nc1nerator11111111111111111111111111111111';

export interface LargestAccount {
  address: string; // token account
  amount: bigint;
  owner: string | null; // wallet owning it; null when the account could not be read
}

// getTokenLargestAccounts lists token accounts; one wallet may hold several, so they are summed per owner.
export function holderFactsOf(supply: bigint, accounts: LargestAccount[]): HolderFacts {
  const byOwner = new Map<string, Holder>();
  let burned = 0n;
  for (const account of accounts) {
    if (account.owner === INCINERATOR) {
      burned += account.amount;
      continue;
    }
    const owner = account.owner ?? account.address;
    const holder = byOwner.get(owner) ?? { owner, amount: 0n, tokenAccounts: [] };
    holder.amount += account.amount;
    holder.tokenAccounts.push(account.address);
    byOwner.set(owner, holder);
  }
  const holders = [...byOwner.values()]
    .filter((h) => h.amount > 0n)
    .sort((a, b) => (a.amount === b.amount ? a.owner.localeCompare(b.owner) : a.amount > b.amount ? -1 : 1));
  return { supply, burned, holders, accountsSeen: accounts.length };
}

// Owner of an SPL / Token-2022 token account: bytes 32..64 of its data; null when the data is too short to be one.
export const tokenAccountOwner = (data: Uint8Array | undefined): string | null =>
  data && data.length >= TOKEN_ACCOUNT_BASE_SIZE ? new PublicKey(data.subarray(32, 64)).toBase58() : null;
