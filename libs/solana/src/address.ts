import { getBase58Decoder, getBase58Encoder } from '@solana/kit';

// Anything that names an account: a base58 string, or an object with toBase58() (web3.js PublicKey).
export type AddressLike = string | { toBase58(): string };

const base58Decoder = getBase58Decoder();
const base58Encoder = getBase58Encoder();

// kit's base58 costs ~10 µs per key and every transaction touches many keys, so keys are cached both ways.
const CACHE_LIMIT = 200_000;
const bytesByAddress = new Map<string, Uint8Array>();
const addressByBytes = new Map<string, string>();

export const toBase58 = (bytes: Uint8Array): string => base58Decoder.decode(bytes);

export const fromBase58 = (text: string): Uint8Array => new Uint8Array(base58Encoder.encode(text));

export const toAddress = (like: AddressLike): string => (typeof like === 'string' ? like : like.toBase58());

export function addressToBytes(address: string): Uint8Array {
  let bytes = bytesByAddress.get(address);
  if (!bytes) {
    bytes = fromBase58(address);
    if (bytes.length !== 32) throw new Error(`not a 32-byte address: ${address}`);
    remember(address, bytes);
  }
  return bytes;
}

export function bytesToAddress(bytes: Uint8Array): string {
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let address = addressByBytes.get(key);
  if (address === undefined) {
    address = toBase58(bytes);
    remember(address, bytes.slice());
  }
  return address;
}

// Validates without throwing: RPC params come from anyone.
export function isAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  try {
    addressToBytes(value);
    return true;
  } catch {
    return false;
  }
}

function remember(address: string, bytes: Uint8Array): void {
  if (bytesByAddress.size >= CACHE_LIMIT) {
    bytesByAddress.clear();
    addressByBytes.clear();
  }
  bytesByAddress.set(address, bytes);
  addressByBytes.set(Buffer.from(bytes).toString('latin1'), address);
}
