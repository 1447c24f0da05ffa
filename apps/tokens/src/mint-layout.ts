import { PROGRAMS } from '@toll/solana';
import { ByteReader, MalformedAccountError } from './byte-reader';

// SPL Token and Token-2022 mints read from raw account bytes (@solana-program/token-2022 cannot be installed
// here). Base mint (82 bytes, spl-token state.rs): COption<Pubkey> mint authority, u64 supply, u8 decimals,
// bool is_initialized, COption<Pubkey> freeze authority. Token-2022 pads a mint with extensions to 165 bytes,
// writes an account-type byte (1 = mint, 2 = token account) at 165, then TLV entries from 166:
// {type u16 LE, length u16 LE, value}. An Uninitialized (0) type ends the list.
const MINT_SIZE = 82;
const TOKEN_ACCOUNT_SIZE = 165;
const MULTISIG_SIZE = 355;
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
const TLV_START = 166;

export type TokenProgram = 'spl-token' | 'spl-token-2022';
export type StateValue = string | number | boolean | null;

export interface MintExtension {
  extension: string; // agave's jsonParsed name, e.g. "permanentDelegate"
  typeId: number; // Token-2022 ExtensionType discriminant
  state: Record<string, StateValue>;
}

export interface TokenMetadataExtension {
  updateAuthority: string | null; // none means the metadata can no longer change
  mint: string;
  name: string;
  symbol: string;
  uri: string;
  additionalMetadata: number; // count of extra key/value pairs
}

export interface MintAccount {
  program: TokenProgram;
  programId: string;
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  freezeAuthority: string | null;
  extensions: MintExtension[];
  tokenMetadata: TokenMetadataExtension | null;
}

export type MintParse = { kind: 'mint'; mint: MintAccount } | { kind: 'not-mint'; reason: string };

const TOKEN = PROGRAMS.token.toBase58();
const TOKEN_2022 = PROGRAMS.token2022.toBase58();

type Decoder = (r: ByteReader) => Record<string, StateValue>;

const feeOf = (r: ByteReader, prefix: 'older' | 'newer') => ({
  [`${prefix}_epoch`]: r.u64().toString(),
  [`${prefix}_maximum_fee`]: r.u64().toString(),
  [`${prefix}_basis_points`]: r.u16(),
});

const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'];

// Token-2022 ExtensionType ids (spl-token-2022 extension/mod.rs) with agave's jsonParsed names. Mint
// extensions are decoded; the rest are named only. Layouts are the Pod structs of each extension module.
const EXTENSIONS: Record<number, { name: string; decode?: Decoder }> = {
  // 1 TransferFeeConfig: two authorities, withheld u64, older and newer TransferFee {epoch u64, maximum_fee u64,
  // basis_points u16}.
  1: {
    name: 'transferFeeConfig',
    decode: (r) => ({
      transfer_fee_config_authority: r.optionalPubkey(),
      withdraw_withheld_authority: r.optionalPubkey(),
      withheld_amount: r.u64().toString(),
      ...feeOf(r, 'older'),
      ...feeOf(r, 'newer'),
    }),
  },
  2: { name: 'transferFeeAmount' }, // account extension
  3: { name: 'mintCloseAuthority', decode: (r) => ({ close_authority: r.optionalPubkey() }) },
  4: {
    name: 'confidentialTransferMint',
    decode: (r) => ({ authority: r.optionalPubkey(), auto_approve_new_accounts: r.bool() }),
  },
  5: { name: 'confidentialTransferAccount' }, // account extension
  6: { name: 'defaultAccountState', decode: (r) => ({ state: ACCOUNT_STATES[r.u8()] ?? 'unknown' }) },
  7: { name: 'immutableOwner' }, // account extension
  8: { name: 'memoTransfer' }, // account extension
  9: { name: 'nonTransferable', decode: () => ({}) },
  // 10 InterestBearingConfig: rate authority, init timestamp i64, pre-update average rate i16, last update i64, current
  // rate i16 (bps).
  10: {
    name: 'interestBearingConfig',
    decode: (r) => {
      const rateAuthority = r.optionalPubkey();
      r.i64();
      r.i16();
      r.i64();
      return { rate_authority: rateAuthority, current_rate_bps: r.i16() };
    },
  },
  11: { name: 'cpiGuard' }, // account extension
  12: { name: 'permanentDelegate', decode: (r) => ({ delegate: r.optionalPubkey() }) },
  13: { name: 'nonTransferableAccount' }, // account extension
  14: { name: 'transferHook', decode: (r) => ({ authority: r.optionalPubkey(), program_id: r.optionalPubkey() }) },
  15: { name: 'transferHookAccount' }, // account extension
  16: { name: 'confidentialTransferFeeConfig', decode: (r) => ({ authority: r.optionalPubkey() }) },
  17: { name: 'confidentialTransferFeeAmount' }, // account extension
  18: {
    name: 'metadataPointer',
    decode: (r) => ({ authority: r.optionalPubkey(), metadata_address: r.optionalPubkey() }),
  },
  // 19 TokenMetadata (spl-token-metadata-interface, Borsh): update authority, mint, name, symbol, uri, Vec<(String,
  // String)>.
  19: {
    name: 'tokenMetadata',
    decode: (r) => {
      const m = tokenMetadataOf(r);
      return {
        update_authority: m.updateAuthority,
        mint: m.mint,
        name: m.name,
        symbol: m.symbol,
        uri: m.uri,
        additional_metadata: m.additionalMetadata,
      };
    },
  },
  20: { name: 'groupPointer', decode: (r) => ({ authority: r.optionalPubkey(), group_address: r.optionalPubkey() }) },
  21: {
    name: 'tokenGroup',
    decode: (r) => ({
      update_authority: r.optionalPubkey(),
      mint: r.pubkey(),
      size: r.u64().toString(),
      max_size: r.u64().toString(),
    }),
  },
  22: {
    name: 'groupMemberPointer',
    decode: (r) => ({ authority: r.optionalPubkey(), member_address: r.optionalPubkey() }),
  },
  23: {
    name: 'tokenGroupMember',
    decode: (r) => ({ mint: r.pubkey(), group: r.pubkey(), member_number: r.u64().toString() }),
  },
  24: { name: 'confidentialMintBurn' },
  // 25 ScaledUiAmount: authority, multiplier f64, new multiplier effective timestamp i64, new multiplier f64.
  25: {
    name: 'scaledUiAmountConfig',
    decode: (r) => ({
      authority: r.optionalPubkey(),
      multiplier: r.f64(),
      new_multiplier_effective_timestamp: Number(r.i64()),
      new_multiplier: r.f64(),
    }),
  },
  26: { name: 'pausableConfig', decode: (r) => ({ authority: r.optionalPubkey(), paused: r.bool() }) },
  27: { name: 'pausableAccount' }, // account extension
  28: { name: 'permissionedBurn' },
};

function tokenMetadataOf(r: ByteReader): TokenMetadataExtension {
  const updateAuthority = r.optionalPubkey();
  const mint = r.pubkey();
  const name = r.string();
  const symbol = r.string();
  const uri = r.string();
  const additionalMetadata = r.u32();
  return { updateAuthority, mint, name, symbol, uri, additionalMetadata };
}

function extensionsOf(data: Uint8Array): { extensions: MintExtension[]; tokenMetadata: TokenMetadataExtension | null } {
  const extensions: MintExtension[] = [];
  let tokenMetadata: TokenMetadataExtension | null = null;
  const r = new ByteReader(data, TLV_START);
  while (r.remaining >= 4) {
    const typeId = r.u16();
    const length = r.u16();
    if (typeId === 0) break;
    const value = r.bytes(length);
    const known = EXTENSIONS[typeId];
    let state: Record<string, StateValue> = {};
    try {
      state = known?.decode?.(new ByteReader(value)) ?? {};
      if (typeId === 19) tokenMetadata = tokenMetadataOf(new ByteReader(value));
    } catch (e) {
      if (!(e instanceof MalformedAccountError)) throw e;
      state = { malformed: true };
    }
    extensions.push({ extension: known?.name ?? 'unknown', typeId, state });
  }
  return { extensions, tokenMetadata };
}

// What the account at a mint address is: a mint, or why it is not one.
export function parseMint(owner: string, data: Uint8Array): MintParse {
  if (owner !== TOKEN && owner !== TOKEN_2022)
    return { kind: 'not-mint', reason: `not owned by a token program (owner ${owner})` };
  const is2022 = owner === TOKEN_2022;
  const hasExtensions = is2022 && data.length > ACCOUNT_TYPE_OFFSET;
  if (data.length !== MINT_SIZE && !(hasExtensions && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)) {
    const isTokenAccount =
      data.length === TOKEN_ACCOUNT_SIZE || (hasExtensions && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT);
    return {
      kind: 'not-mint',
      reason: isTokenAccount
        ? 'a token account, not a mint'
        : data.length === MULTISIG_SIZE
          ? 'a multisig account, not a mint'
          : 'not a mint layout',
    };
  }
  const r = new ByteReader(data);
  const mintAuthority = r.coptionPubkey();
  const supply = r.u64();
  const decimals = r.u8();
  const initialized = r.bool();
  const freezeAuthority = r.coptionPubkey();
  if (!initialized) return { kind: 'not-mint', reason: 'an uninitialized mint' };
  let ext: ReturnType<typeof extensionsOf> = { extensions: [], tokenMetadata: null };
  if (hasExtensions) {
    try {
      ext = extensionsOf(data);
    } catch (e) {
      if (!(e instanceof MalformedAccountError)) throw e;
      return { kind: 'not-mint', reason: 'a Token-2022 account whose extension list is malformed' };
    }
  }
  return {
    kind: 'mint',
    mint: {
      program: is2022 ? 'spl-token-2022' : 'spl-token',
      programId: owner,
      mintAuthority,
      supply,
      decimals,
      freezeAuthority,
      ...ext,
    },
  };
}

// Agave's uiAmountString: the integer amount shifted by the decimals, trailing zeros dropped.
export function uiAmount(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
