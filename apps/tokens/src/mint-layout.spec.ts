import { PROGRAMS } from '@toll/solana';
import { EXT, mintBytes, newKey, token2022MintBytes } from '../test/accounts';
import { parseMint, uiAmount } from './mint-layout';

const TOKEN = PROGRAMS.token.toBase58();
const TOKEN_2022 = PROGRAMS.token2022.toBase58();

describe('parseMint', () => {
  const authority = newKey();
  const freeze = newKey();
  const base = { mintAuthority: authority, freezeAuthority: freeze, supply: 1_000_000_000n, decimals: 6 };

  it('reads a classic SPL mint: authorities, supply, decimals, no extensions', () => {
    expect(parseMint(TOKEN, mintBytes(base))).toEqual({
      kind: 'mint',
      mint: {
        program: 'spl-token',
        programId: TOKEN,
        mintAuthority: authority,
        freezeAuthority: freeze,
        supply: 1_000_000_000n,
        decimals: 6,
        extensions: [],
        tokenMetadata: null,
      },
    });
  });

  it('reads renounced authorities as null and a Token-2022 mint without extensions (82 bytes)', () => {
    expect(parseMint(TOKEN_2022, mintBytes({ ...base, mintAuthority: null, freezeAuthority: null }))).toMatchObject({
      kind: 'mint',
      mint: { program: 'spl-token-2022', mintAuthority: null, freezeAuthority: null, extensions: [] },
    });
  });

  it('decodes every risky Token-2022 extension from its TLV entry', () => {
    const [delegate, hookProgram, feeAuthority, closer, pauser] = [newKey(), newKey(), newKey(), newKey(), newKey()];
    const mint = newKey();
    const data = token2022MintBytes(base, [
      EXT.transferFeeConfig({
        authority: feeAuthority,
        withdrawAuthority: null,
        withheld: 7n,
        olderBps: 100,
        newerBps: 250,
        maximumFee: 5_000_000n,
        newerEpoch: 812n,
      }),
      EXT.mintCloseAuthority(closer),
      EXT.defaultAccountState('frozen'),
      EXT.nonTransferable(),
      EXT.permanentDelegate(delegate),
      EXT.transferHook(null, hookProgram),
      EXT.metadataPointer(null, mint),
      EXT.tokenMetadata({
        updateAuthority: authority,
        mint,
        name: 'Hooked',
        symbol: 'HOOK',
        uri: 'https://example.org/h.json',
        additional: [['site', 'x']],
      }),
      EXT.pausable(pauser, true),
      { type: 99, value: Buffer.from([1, 2, 3]) },
    ]);
    const parsed = parseMint(TOKEN_2022, data);
    expect(parsed.kind === 'mint' && parsed.mint.extensions).toEqual([
      {
        extension: 'transferFeeConfig',
        typeId: 1,
        state: {
          transfer_fee_config_authority: feeAuthority,
          withdraw_withheld_authority: null,
          withheld_amount: '7',
          older_epoch: '0',
          older_maximum_fee: '5000000',
          older_basis_points: 100,
          newer_epoch: '812',
          newer_maximum_fee: '5000000',
          newer_basis_points: 250,
        },
      },
      { extension: 'mintCloseAuthority', typeId: 3, state: { close_authority: closer } },
      { extension: 'defaultAccountState', typeId: 6, state: { state: 'frozen' } },
      { extension: 'nonTransferable', typeId: 9, state: {} },
      { extension: 'permanentDelegate', typeId: 12, state: { delegate } },
      { extension: 'transferHook', typeId: 14, state: { authority: null, program_id: hookProgram } },
      { extension: 'metadataPointer', typeId: 18, state: { authority: null, metadata_address: mint } },
      {
        extension: 'tokenMetadata',
        typeId: 19,
        state: {
          update_authority: authority,
          mint,
          name: 'Hooked',
          symbol: 'HOOK',
          uri: 'https://example.org/h.json',
          additional_metadata: 1,
        },
      },
      { extension: 'pausableConfig', typeId: 26, state: { authority: pauser, paused: true } },
      { extension: 'unknown', typeId: 99, state: {} },
    ]);
    expect(parsed.kind === 'mint' && parsed.mint.tokenMetadata).toEqual({
      updateAuthority: authority,
      mint,
      name: 'Hooked',
      symbol: 'HOOK',
      uri: 'https://example.org/h.json',
      additionalMetadata: 1,
    });
  });

  it('marks a truncated extension value malformed instead of guessing', () => {
    const parsed = parseMint(TOKEN_2022, token2022MintBytes(base, [{ type: 12, value: Buffer.alloc(10) }]));
    expect(parsed.kind === 'mint' && parsed.mint.extensions).toEqual([
      { extension: 'permanentDelegate', typeId: 12, state: { malformed: true } },
    ]);
  });

  it.each([
    ['an account of another program', newKey(), mintBytes(base), /^not owned by a token program \(owner \w+\)$/],
    ['an SPL token account', TOKEN, Buffer.alloc(165, 1), /^a token account, not a mint$/],
    [
      'a Token-2022 token account with extensions',
      TOKEN_2022,
      Buffer.concat([Buffer.alloc(165, 1), Buffer.from([2, 7, 0, 0, 0])]),
      /^a token account, not a mint$/,
    ],
    ['a multisig', TOKEN, Buffer.alloc(355), /^a multisig account, not a mint$/],
    ['an odd-sized account', TOKEN, Buffer.alloc(90), /^not a mint layout$/],
    ['an uninitialized mint', TOKEN, mintBytes({ ...base, initialized: false }), /^an uninitialized mint$/],
    [
      'a TLV entry longer than the account',
      TOKEN_2022,
      Buffer.concat([token2022MintBytes(base, []), Buffer.from([12, 0, 32, 0, 1])]),
      /^a Token-2022 account whose extension list is malformed$/,
    ],
  ])('refuses %s with the reason', (_what, owner, data, reason) => {
    const parsed = parseMint(owner, data);
    expect(parsed.kind).toBe('not-mint');
    expect(parsed.kind === 'not-mint' && parsed.reason).toMatch(reason);
  });
});

describe('uiAmount', () => {
  it.each([
    [1_000_000_000n, 6, '1000'],
    [1_500_000n, 6, '1.5'],
    [1n, 9, '0.000000001'],
    [0n, 6, '0'],
    [42n, 0, '42'],
    [18_446_744_073_709_551_615n, 9, '18446744073.709551615'],
  ])('%s with %i decimals is %s', (amount, decimals, expected) => {
    expect(uiAmount(amount, decimals)).toBe(expected);
  });
});
