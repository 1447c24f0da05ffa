import { Keypair, PublicKey } from '@solana/web3.js';

// Account bytes written by hand, the way the programs lay them out, for chain.setAccount and the parser specs.

export const newKey = (): string => Keypair.generate().publicKey.toBase58();

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
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const key = (k: string | null) => (k ? new PublicKey(k).toBuffer() : Buffer.alloc(32));
const coption = (k: string | null) => Buffer.concat([u32(k ? 1 : 0), key(k)]);
// Borsh string; Metaplex stores names NUL-padded to a fixed size, the length prefix counting the padding.
const str = (s: string, padTo = 0) => {
  const bytes = Buffer.from(s, 'utf8');
  const padded = Buffer.concat([bytes, Buffer.alloc(Math.max(0, padTo - bytes.length))]);
  return Buffer.concat([u32(padded.length), padded]);
};

export interface MintFields {
  mintAuthority: string | null;
  freezeAuthority: string | null;
  supply: bigint;
  decimals: number;
  initialized?: boolean;
}

// SPL Token Mint, 82 bytes.
export const mintBytes = (m: MintFields): Buffer =>
  Buffer.concat([
    coption(m.mintAuthority),
    u64(m.supply),
    u8(m.decimals),
    u8(m.initialized === false ? 0 : 1),
    coption(m.freezeAuthority),
  ]);

export interface Tlv {
  type: number;
  value: Buffer;
}

// Token-2022 mint with extensions: base mint padded to 165 bytes, account type 1, then TLV entries.
export const token2022MintBytes = (m: MintFields, extensions: Tlv[]): Buffer => {
  const head = Buffer.alloc(165);
  mintBytes(m).copy(head);
  return Buffer.concat([
    head,
    u8(1),
    ...extensions.map((e) => Buffer.concat([u16(e.type), u16(e.value.length), e.value])),
  ]);
};

const fee = (epoch: bigint, maximumFee: bigint, bps: number) => Buffer.concat([u64(epoch), u64(maximumFee), u16(bps)]);

export const EXT = {
  transferFeeConfig: (o: {
    authority: string | null;
    withdrawAuthority: string | null;
    withheld?: bigint;
    olderBps: number;
    newerBps: number;
    maximumFee: bigint;
    newerEpoch?: bigint;
  }): Tlv => ({
    type: 1,
    value: Buffer.concat([
      key(o.authority),
      key(o.withdrawAuthority),
      u64(o.withheld ?? 0n),
      fee(0n, o.maximumFee, o.olderBps),
      fee(o.newerEpoch ?? 0n, o.maximumFee, o.newerBps),
    ]),
  }),
  mintCloseAuthority: (authority: string | null): Tlv => ({ type: 3, value: key(authority) }),
  defaultAccountState: (state: 'initialized' | 'frozen'): Tlv => ({ type: 6, value: u8(state === 'frozen' ? 2 : 1) }),
  nonTransferable: (): Tlv => ({ type: 9, value: Buffer.alloc(0) }),
  permanentDelegate: (delegate: string | null): Tlv => ({ type: 12, value: key(delegate) }),
  transferHook: (authority: string | null, programId: string | null): Tlv => ({
    type: 14,
    value: Buffer.concat([key(authority), key(programId)]),
  }),
  metadataPointer: (authority: string | null, address: string | null): Tlv => ({
    type: 18,
    value: Buffer.concat([key(authority), key(address)]),
  }),
  tokenMetadata: (o: {
    updateAuthority: string | null;
    mint: string;
    name: string;
    symbol: string;
    uri: string;
    additional?: Array<[string, string]>;
  }): Tlv => ({
    type: 19,
    value: Buffer.concat([
      key(o.updateAuthority),
      key(o.mint),
      str(o.name),
      str(o.symbol),
      str(o.uri),
      u32(o.additional?.length ?? 0),
      ...(o.additional ?? []).flatMap(([k, v]) => [str(k), str(v)]),
    ]),
  }),
  pausable: (authority: string | null, paused: boolean): Tlv => ({
    type: 26,
    value: Buffer.concat([key(authority), u8(paused ? 1 : 0)]),
  }),
};

// Metaplex Metadata v1 bytes: the demo chain seeds the same accounts.
export { metaplexBytes, type MetaplexFields } from '@toll/local-chain';
