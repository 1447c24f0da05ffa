import { InstructionData, requireAccounts, type ParsedInfo, type RawInstruction } from './instruction-data';

// agave transaction-status parse_system.rs: field names and account positions.
export function parseSystemInstruction(ix: RawInstruction): ParsedInfo | undefined {
  const d = new InstructionData(ix.data);
  const a = ix.accounts;
  switch (d.u32()) {
    case 0:
      requireAccounts(ix, 2);
      return {
        type: 'createAccount',
        info: { source: a[0], newAccount: a[1], lamports: d.u64(), space: d.u64(), owner: d.pubkey() },
      };
    case 1:
      requireAccounts(ix, 1);
      return { type: 'assign', info: { account: a[0], owner: d.pubkey() } };
    case 2:
      requireAccounts(ix, 2);
      return { type: 'transfer', info: { source: a[0], destination: a[1], lamports: d.u64() } };
    case 3: {
      requireAccounts(ix, 2);
      const [base, seed, lamports, space, owner] = [d.pubkey(), d.string(), d.u64(), d.u64(), d.pubkey()];
      return {
        type: 'createAccountWithSeed',
        info: { source: a[0], newAccount: a[1], base, seed, lamports, space, owner },
      };
    }
    case 4:
      requireAccounts(ix, 3);
      return {
        type: 'advanceNonce',
        info: { nonceAccount: a[0], recentBlockhashesSysvar: a[1], nonceAuthority: a[2] },
      };
    case 5:
      requireAccounts(ix, 5);
      return {
        type: 'withdrawFromNonce',
        info: {
          nonceAccount: a[0],
          destination: a[1],
          recentBlockhashesSysvar: a[2],
          rentSysvar: a[3],
          nonceAuthority: a[4],
          lamports: d.u64(),
        },
      };
    case 6:
      requireAccounts(ix, 3);
      return {
        type: 'initializeNonce',
        info: { nonceAccount: a[0], recentBlockhashesSysvar: a[1], rentSysvar: a[2], nonceAuthority: d.pubkey() },
      };
    case 7:
      requireAccounts(ix, 2);
      return { type: 'authorizeNonce', info: { nonceAccount: a[0], nonceAuthority: a[1], newAuthorized: d.pubkey() } };
    case 8:
      requireAccounts(ix, 1);
      return { type: 'allocate', info: { account: a[0], space: d.u64() } };
    case 9: {
      requireAccounts(ix, 2);
      const [base, seed, space, owner] = [d.pubkey(), d.string(), d.u64(), d.pubkey()];
      return { type: 'allocateWithSeed', info: { account: a[0], base, seed, space, owner } };
    }
    case 10: {
      requireAccounts(ix, 2);
      const [base, seed, owner] = [d.pubkey(), d.string(), d.pubkey()];
      return { type: 'assignWithSeed', info: { account: a[0], base, seed, owner } };
    }
    case 11: {
      requireAccounts(ix, 3);
      const [lamports, sourceSeed, sourceOwner] = [d.u64(), d.string(), d.pubkey()];
      return {
        type: 'transferWithSeed',
        info: { source: a[0], sourceBase: a[1], destination: a[2], lamports, sourceSeed, sourceOwner },
      };
    }
    case 12:
      requireAccounts(ix, 1);
      return { type: 'upgradeNonce', info: { nonceAccount: a[0] } };
    default:
      return undefined;
  }
}
