import { requireAccounts, type ParsedInfo, type RawInstruction } from './instruction-data';

// agave parse_associated_token.rs; empty data is the original Create.
export function parseAssociatedTokenInstruction(ix: RawInstruction): ParsedInfo | undefined {
  const a = ix.accounts;
  const kind = ix.data.length === 0 ? 0 : ix.data[0];
  if (kind === 0 || kind === 1) {
    requireAccounts(ix, 6);
    return {
      type: kind === 0 ? 'create' : 'createIdempotent',
      info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] },
    };
  }
  if (kind === 2) {
    requireAccounts(ix, 7);
    return {
      type: 'recoverNested',
      info: {
        nestedSource: a[0],
        nestedMint: a[1],
        destination: a[2],
        nestedOwner: a[3],
        ownerMint: a[4],
        wallet: a[5],
        tokenProgram: a[6],
      },
    };
  }
  return undefined;
}
