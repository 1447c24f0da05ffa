import { InstructionData, requireAccounts, type ParsedInfo, type RawInstruction } from './instruction-data';
import { uiTokenAmount } from './token-balances';

type Info = Record<string, unknown>;

// agave parse_signers: with more accounts than the single-owner layout has, the authority is a multisig
// followed by its signers.
function signers(
  info: Info,
  ix: RawInstruction,
  lastNonSigner: number,
  ownerField: string,
  multisigField: string,
): Info {
  requireAccounts(ix, lastNonSigner + 1);
  if (ix.accounts.length > lastNonSigner + 1) {
    info[multisigField] = ix.accounts[lastNonSigner];
    info.signers = ix.accounts.slice(lastNonSigner + 1);
  } else {
    info[ownerField] = ix.accounts[lastNonSigner];
  }
  return info;
}

const AUTHORITY_TYPES = [
  'mintTokens',
  'freezeAccount',
  'accountOwner',
  'closeAccount',
  'transferFeeConfig',
  'withheldWithdraw',
  'closeMint',
  'interestRate',
  'permanentDelegate',
  'confidentialTransferMint',
  'transferHookProgramId',
  'confidentialTransferFeeConfig',
  'metadataPointer',
  'groupPointer',
  'groupMemberPointer',
  'scaledUiAmount',
  'pause',
];
// Authorities that live on a token account rather than on a mint.
const ACCOUNT_AUTHORITIES = new Set(['accountOwner', 'closeAccount']);

// agave transaction-status parse_token.rs, base SPL Token instructions (shared by Token-2022).
export function parseTokenInstruction(ix: RawInstruction): ParsedInfo | undefined {
  const d = new InstructionData(ix.data);
  const a = ix.accounts;
  const checked = (amount: bigint): Info => ({ tokenAmount: uiTokenAmount(amount, d.u8()) });
  switch (d.u8()) {
    case 0: {
      requireAccounts(ix, 2);
      const decimals = d.u8();
      const mintAuthority = d.pubkey();
      const freezeAuthority = d.optionalPubkey();
      return {
        type: 'initializeMint',
        info: {
          mint: a[0],
          decimals,
          mintAuthority,
          rentSysvar: a[1],
          ...(freezeAuthority ? { freezeAuthority } : {}),
        },
      };
    }
    case 1:
      requireAccounts(ix, 4);
      return { type: 'initializeAccount', info: { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] } };
    case 2:
      requireAccounts(ix, 3);
      return { type: 'initializeMultisig', info: { multisig: a[0], rentSysvar: a[1], signers: a.slice(2), m: d.u8() } };
    case 3:
      requireAccounts(ix, 3);
      return {
        type: 'transfer',
        info: signers(
          { source: a[0], destination: a[1], amount: d.u64().toString() },
          ix,
          2,
          'authority',
          'multisigAuthority',
        ),
      };
    case 4:
      requireAccounts(ix, 3);
      return {
        type: 'approve',
        info: signers({ source: a[0], delegate: a[1], amount: d.u64().toString() }, ix, 2, 'owner', 'multisigOwner'),
      };
    case 5:
      requireAccounts(ix, 2);
      return { type: 'revoke', info: signers({ source: a[0] }, ix, 1, 'owner', 'multisigOwner') };
    case 6: {
      requireAccounts(ix, 2);
      const authorityType = AUTHORITY_TYPES[d.u8()];
      if (!authorityType) return undefined;
      const owned = ACCOUNT_AUTHORITIES.has(authorityType) ? 'account' : 'mint';
      return {
        type: 'setAuthority',
        info: signers(
          { [owned]: a[0], authorityType, newAuthority: d.optionalPubkey() },
          ix,
          1,
          'authority',
          'multisigAuthority',
        ),
      };
    }
    case 7:
      requireAccounts(ix, 3);
      return {
        type: 'mintTo',
        info: signers(
          { mint: a[0], account: a[1], amount: d.u64().toString() },
          ix,
          2,
          'mintAuthority',
          'multisigMintAuthority',
        ),
      };
    case 8:
      requireAccounts(ix, 3);
      return {
        type: 'burn',
        info: signers(
          { account: a[0], mint: a[1], amount: d.u64().toString() },
          ix,
          2,
          'authority',
          'multisigAuthority',
        ),
      };
    case 9:
      requireAccounts(ix, 3);
      return {
        type: 'closeAccount',
        info: signers({ account: a[0], destination: a[1] }, ix, 2, 'owner', 'multisigOwner'),
      };
    case 10:
      requireAccounts(ix, 3);
      return {
        type: 'freezeAccount',
        info: signers({ account: a[0], mint: a[1] }, ix, 2, 'freezeAuthority', 'multisigFreezeAuthority'),
      };
    case 11:
      requireAccounts(ix, 3);
      return {
        type: 'thawAccount',
        info: signers({ account: a[0], mint: a[1] }, ix, 2, 'freezeAuthority', 'multisigFreezeAuthority'),
      };
    case 12:
      requireAccounts(ix, 4);
      return {
        type: 'transferChecked',
        info: signers(
          { source: a[0], mint: a[1], destination: a[2], ...checked(d.u64()) },
          ix,
          3,
          'authority',
          'multisigAuthority',
        ),
      };
    case 13:
      requireAccounts(ix, 4);
      return {
        type: 'approveChecked',
        info: signers(
          { source: a[0], mint: a[1], delegate: a[2], ...checked(d.u64()) },
          ix,
          3,
          'owner',
          'multisigOwner',
        ),
      };
    case 14:
      requireAccounts(ix, 3);
      return {
        type: 'mintToChecked',
        info: signers(
          { mint: a[0], account: a[1], ...checked(d.u64()) },
          ix,
          2,
          'mintAuthority',
          'multisigMintAuthority',
        ),
      };
    case 15:
      requireAccounts(ix, 3);
      return {
        type: 'burnChecked',
        info: signers({ account: a[0], mint: a[1], ...checked(d.u64()) }, ix, 2, 'authority', 'multisigAuthority'),
      };
    case 16:
      requireAccounts(ix, 3);
      return { type: 'initializeAccount2', info: { account: a[0], mint: a[1], rentSysvar: a[2], owner: d.pubkey() } };
    case 17:
      requireAccounts(ix, 1);
      return { type: 'syncNative', info: { account: a[0] } };
    case 18:
      requireAccounts(ix, 2);
      return { type: 'initializeAccount3', info: { account: a[0], mint: a[1], owner: d.pubkey() } };
    case 19:
      requireAccounts(ix, 2);
      return { type: 'initializeMultisig2', info: { multisig: a[0], signers: a.slice(1), m: d.u8() } };
    case 20: {
      requireAccounts(ix, 1);
      const decimals = d.u8();
      const mintAuthority = d.pubkey();
      const freezeAuthority = d.optionalPubkey();
      return {
        type: 'initializeMint2',
        info: { mint: a[0], decimals, mintAuthority, ...(freezeAuthority ? { freezeAuthority } : {}) },
      };
    }
    case 21:
      requireAccounts(ix, 1);
      return { type: 'getAccountDataSize', info: { mint: a[0] } };
    case 22:
      requireAccounts(ix, 1);
      return { type: 'initializeImmutableOwner', info: { account: a[0] } };
    case 23:
      requireAccounts(ix, 1);
      return { type: 'amountToUiAmount', info: { mint: a[0], amount: d.u64().toString() } };
    case 24:
      requireAccounts(ix, 1);
      return { type: 'uiAmountToAmount', info: { mint: a[0], uiAmount: d.rest().toString('utf8') } };
    default:
      return undefined;
  }
}
