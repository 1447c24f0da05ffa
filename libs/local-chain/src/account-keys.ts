import { bytesToAddress, isStaticWritable, type DecodedMessage } from '@toll/solana';
import type { LoadedAddresses } from './chain-types';
import type { AccountLookup } from './execution';

const ALT_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
// LookupTableMeta precedes the addresses in an address lookup table account.
const ALT_ADDRESSES_OFFSET = 56;

export interface AccountKeys {
  // Static keys, then lookup-table keys (writable, then read-only): the order agave indexes by.
  keys: string[];
  writable: boolean[];
  loaded: LoadedAddresses;
}

// Resolves a message's keys with agave's writability (invoked programs are demoted to read-only). A string is
// the TransactionError that loading would fail with.
export function resolveAccountKeys(message: DecodedMessage, read: AccountLookup): AccountKeys | string {
  const loaded: LoadedAddresses = { writable: [], readonly: [] };
  for (const lookup of message.lookups) {
    const table = read(lookup.accountKey);
    if (!table) return 'AddressLookupTableNotFound';
    if (bytesToAddress(table.owner()) !== ALT_PROGRAM) return 'InvalidAddressLookupTableOwner';
    const data = table.data();
    const count = Math.floor((data.length - ALT_ADDRESSES_OFFSET) / 32);
    for (const [indexes, into] of [
      [lookup.writableIndexes, loaded.writable],
      [lookup.readonlyIndexes, loaded.readonly],
    ] as const) {
      for (const i of indexes) {
        if (i >= count) return 'InvalidAddressLookupTableIndex';
        const at = ALT_ADDRESSES_OFFSET + i * 32;
        into.push(bytesToAddress(data.subarray(at, at + 32)));
      }
    }
  }
  const programs = new Set(message.instructions.map((ix) => ix.programIdIndex));
  const keys = [...message.staticKeys, ...loaded.writable, ...loaded.readonly];
  const staticCount = message.staticKeys.length;
  const writable = keys.map(
    (_, i) =>
      !programs.has(i) &&
      (i < staticCount ? isStaticWritable(message.header, staticCount, i) : i < staticCount + loaded.writable.length),
  );
  return { keys, writable, loaded };
}
