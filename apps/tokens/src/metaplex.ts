import { PublicKey } from '@solana/web3.js';
import { PROGRAMS, metaplexMetadataAddress } from '@toll/solana';
import { ByteReader, MalformedAccountError } from './byte-reader';

// Metaplex Token Metadata v1 account (mpl-token-metadata state/metadata.rs), Borsh:
// key u8 (4 = MetadataV1), update_authority Pubkey, mint Pubkey, name/symbol/uri as Borsh strings NUL-padded
// to 32/10/200 bytes, seller_fee_basis_points u16, creators Option<Vec<{address, verified u8, share u8}>>,
// primary_sale_happened bool, is_mutable bool, then optional fields (edition nonce, token standard, …) not read.
const METADATA_V1_KEY = 4;
// More creators than this is not a Metaplex account (the program allows 5).
const MAX_CREATORS = 10;

export interface Creator {
  address: string;
  verified: boolean;
  share: number; // percent of royalties
}

export interface MetaplexMetadata {
  updateAuthority: string;
  mint: string;
  name: string;
  symbol: string;
  uri: string;
  sellerFeeBps: number;
  creators: Creator[];
  primarySaleHappened: boolean;
  isMutable: boolean;
}

export const metadataAddress = (mint: string): string => metaplexMetadataAddress(new PublicKey(mint)).toBase58();

// The metadata of `mint`, or null when the account is not a Metadata v1 account of the Token Metadata program for that
// mint.
export function parseMetaplexMetadata(owner: string, data: Uint8Array, mint: string): MetaplexMetadata | null {
  if (owner !== PROGRAMS.tokenMetadata.toBase58()) return null;
  try {
    const r = new ByteReader(data);
    if (r.u8() !== METADATA_V1_KEY) return null;
    const updateAuthority = r.pubkey();
    const accountMint = r.pubkey();
    if (accountMint !== mint) return null;
    const name = r.string().trim();
    const symbol = r.string().trim();
    const uri = r.string().trim();
    const sellerFeeBps = r.u16();
    const creators: Creator[] = [];
    if (r.bool()) {
      const count = r.u32();
      if (count > MAX_CREATORS) return null;
      for (let i = 0; i < count; i++) creators.push({ address: r.pubkey(), verified: r.bool(), share: r.u8() });
    }
    const primarySaleHappened = r.bool();
    const isMutable = r.bool();
    return {
      updateAuthority,
      mint: accountMint,
      name,
      symbol,
      uri,
      sellerFeeBps,
      creators,
      primarySaleHappened,
      isMutable,
    };
  } catch (e) {
    if (e instanceof MalformedAccountError) return null;
    throw e;
  }
}
