import { addressToBytes, type AddressLike, toAddress } from '@toll/solana';

// Metaplex Token Metadata v1 account bytes as the program writes them, for chains seeded by hand (the demo chain,
// specs).
export interface MetaplexFields {
  updateAuthority: AddressLike;
  mint: AddressLike;
  name: string;
  symbol: string;
  uri: string;
  sellerFeeBps?: number;
  creators?: Array<{ address: AddressLike; verified: boolean; share: number }>;
  primarySaleHappened?: boolean;
  isMutable: boolean;
}

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const key = (k: AddressLike) => Buffer.from(addressToBytes(toAddress(k)));
// Borsh string; Metaplex stores names NUL-padded to a fixed size, the length prefix counting the padding.
const str = (s: string, padTo: number) => {
  const bytes = Buffer.from(s, 'utf8');
  const padded = Buffer.concat([bytes, Buffer.alloc(Math.max(0, padTo - bytes.length))]);
  return Buffer.concat([u32(padded.length), padded]);
};

// Key 4 (MetadataV1), padded strings, then the optional tail (edition nonce, token standard Fungible, no
// collection/uses/details/config), zero-filled to the program's 679-byte allocation.
export const metaplexBytes = (m: MetaplexFields): Buffer => {
  const creators = m.creators ?? [];
  const body = Buffer.concat([
    u8(4),
    key(m.updateAuthority),
    key(m.mint),
    str(m.name, 32),
    str(m.symbol, 10),
    str(m.uri, 200),
    u16(m.sellerFeeBps ?? 0),
    creators.length
      ? Buffer.concat([
          u8(1),
          u32(creators.length),
          ...creators.map((c) => Buffer.concat([key(c.address), u8(c.verified ? 1 : 0), u8(c.share)])),
        ])
      : u8(0),
    u8(m.primarySaleHappened ? 1 : 0),
    u8(m.isMutable ? 1 : 0),
    Buffer.from([1, 254, 1, 2, 0, 0, 0, 0]),
  ]);
  return Buffer.concat([body, Buffer.alloc(Math.max(0, 679 - body.length))]);
};
