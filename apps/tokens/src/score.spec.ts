import { PROGRAMS } from '@toll/solana';
import { EXT, mintBytes, newKey, token2022MintBytes, type MintFields, type Tlv } from '../test/accounts';
import { holderFactsOf } from './holders';
import { parseMint, type MintAccount } from './mint-layout';
import { scoreToken, type Factor, type HolderFacts, type MetadataFacts, type ScoreInput } from './score';

const SUPPLY = 1_000_000_000n;
const RENOUNCED: MintFields = { mintAuthority: null, freezeAuthority: null, supply: SUPPLY, decimals: 6 };

const spl = (fields: Partial<MintFields> = {}): MintAccount => {
  const parsed = parseMint(PROGRAMS.token.toBase58(), mintBytes({ ...RENOUNCED, ...fields }));
  if (parsed.kind !== 'mint') throw new Error(parsed.reason);
  return parsed.mint;
};
const t22 = (...extensions: Tlv[]): MintAccount => {
  const parsed = parseMint(PROGRAMS.token2022.toBase58(), token2022MintBytes(RENOUNCED, extensions));
  if (parsed.kind !== 'mint') throw new Error(parsed.reason);
  return parsed.mint;
};
// `count` wallets holding `each`, plus optional extra wallets, as getTokenLargestAccounts + owners would give them.
const holders = (amounts: bigint[], supply = SUPPLY): HolderFacts =>
  holderFactsOf(
    supply,
    amounts.map((amount) => ({ address: newKey(), amount, owner: newKey() })),
  );
// 40 equal wallets; the RPC shows the largest 20
const spread = () => holders(Array.from({ length: 20 }, () => SUPPLY / 40n));
const immutable: MetadataFacts = { source: 'metaplex', account: newKey(), updateAuthority: newKey(), isMutable: false };

const score = (input: Partial<ScoreInput>) =>
  scoreToken({ token: spl(), metadata: immutable, holders: spread(), ...input });
const factor = (input: Partial<ScoreInput>, id: Factor['id']) => score(input).factors.find((f) => f.id === id)!;

describe('scoreToken', () => {
  it('renounced authorities, immutable metadata and spread holders: 100, low risk, every factor passes', () => {
    const result = score({});
    expect(result).toMatchObject({ score: 100, risk: 'low', flags: [] });
    expect(result.factors.map((f) => [f.id, f.weight, f.points_deducted, f.status])).toEqual([
      ['mint_authority', 25, 0, 'pass'],
      ['freeze_authority', 20, 0, 'pass'],
      ['permanent_delegate', 25, 0, 'pass'],
      ['non_transferable', 25, 0, 'pass'],
      ['default_account_state_frozen', 15, 0, 'pass'],
      ['pausable', 15, 0, 'pass'],
      ['transfer_hook', 10, 0, 'pass'],
      ['transfer_fee', 10, 0, 'pass'],
      ['mint_close_authority', 5, 0, 'pass'],
      ['metadata_mutable', 5, 0, 'pass'],
      ['top_holder_share', 15, 0, 'pass'],
      ['top10_holders_share', 15, 0, 'pass'],
    ]);
    expect(result.factors[2]).toMatchObject({
      detail: 'classic SPL Token mints cannot have a permanent delegate',
      evidence: { extension_present: false },
    });
  });

  it('an active freeze authority deducts 20 and names the authority', () => {
    const freezer = newKey();
    const result = score({ token: spl({ freezeAuthority: freezer }) });
    expect(result).toMatchObject({ score: 80, risk: 'medium', flags: ['freeze_authority'] });
    expect(result.factors[1]).toEqual({
      id: 'freeze_authority',
      label: 'Freeze authority active',
      weight: 20,
      points_deducted: 20,
      status: 'fail',
      detail: `${freezer} can freeze any holder`,
      evidence: { freeze_authority: freezer },
    });
  });

  it('a permanent delegate deducts 25', () => {
    const delegate = newKey();
    expect(score({ token: t22(EXT.permanentDelegate(delegate)) })).toMatchObject({
      score: 75,
      risk: 'medium',
      flags: ['permanent_delegate'],
    });
    expect(factor({ token: t22(EXT.permanentDelegate(delegate)) }, 'permanent_delegate')).toMatchObject({
      points_deducted: 25,
      detail: `${delegate} can transfer or burn tokens from any holder`,
      evidence: { extension_present: true, delegate },
    });
  });

  it('a permanent delegate extension with no delegate set deducts nothing', () => {
    expect(factor({ token: t22(EXT.permanentDelegate(null)) }, 'permanent_delegate')).toMatchObject({
      points_deducted: 0,
      status: 'pass',
      evidence: { delegate: null },
    });
  });

  it('one wallet holding 95% deducts both concentration factors in full', () => {
    const result = score({ holders: holders([950_000_000n, ...Array.from({ length: 10 }, () => 5_000_000n)]) });
    expect(result).toMatchObject({ score: 70, risk: 'medium', flags: ['top_holder_share', 'top10_holders_share'] });
    expect(result.factors[10]).toMatchObject({
      points_deducted: 15,
      status: 'fail',
      evidence: { share: 0.95, amount: '950000000', supply: '1000000000' },
    });
    expect(result.factors[11]).toMatchObject({ points_deducted: 15, evidence: { share: 0.995, holders_counted: 10 } });
  });

  it('the four reference tokens rank renounced > freeze authority > permanent delegate > concentrated', () => {
    const scores = [
      score({}),
      score({ token: spl({ freezeAuthority: newKey() }) }),
      score({ token: t22(EXT.permanentDelegate(newKey())) }),
      score({ holders: holders([950_000_000n, 50_000_000n]) }),
    ].map((r) => r.score);
    expect(scores).toEqual([100, 80, 75, 70]);
  });

  it('moderate concentration deducts part of the weight (warn), linearly between the thresholds', () => {
    // top wallet 40%: 3/4 of the way from 10% to 50% → 11.25; top 10 = 40% + 9 × 5% = 85%: 55/60 of 30%..90% → 13.75
    const result = score({ holders: holders([400_000_000n, ...Array.from({ length: 12 }, () => 50_000_000n)]) });
    expect(result.factors.slice(10).map((f) => [f.points_deducted, f.status])).toEqual([
      [11, 'warn'],
      [14, 'warn'],
    ]);
  });

  it('tokens sent to the incinerator count as burned, not as a holder', () => {
    const facts = holderFactsOf(SUPPLY, [
      { address: newKey(), amount: 900_000_000n, owner: '1nc1nerator11111111111111111111111111111111' },
      ...Array.from({ length: 19 }, () => ({ address: newKey(), amount: 2_500_000n, owner: newKey() })),
    ]);
    const result = score({ holders: facts });
    expect(result.score).toBe(100);
    // shares of the 100,000,000 left in circulation
    expect(result.factors[10].evidence).toMatchObject({ share: 0.025, burned_excluded: '900000000' });
    expect(result.factors[11].evidence).toMatchObject({ share: 0.25 });
  });

  it('an issuer-controlled stablecoin (mint and freeze authorities kept) is high risk by score', () => {
    expect(score({ token: spl({ mintAuthority: newKey(), freezeAuthority: newKey() }) })).toMatchObject({
      score: 55,
      risk: 'high',
      flags: ['mint_authority', 'freeze_authority'],
    });
  });

  it('mutable metadata deducts 5; missing metadata deducts nothing', () => {
    const updater = newKey();
    expect(
      factor({ metadata: { ...immutable, updateAuthority: updater, isMutable: true } }, 'metadata_mutable'),
    ).toMatchObject({
      points_deducted: 5,
      detail: `${updater} can change name, symbol and URI`,
      evidence: { source: 'metaplex', update_authority: updater, is_mutable: true },
    });
    expect(factor({ metadata: null }, 'metadata_mutable')).toMatchObject({
      points_deducted: 0,
      detail: 'no Metaplex or Token-2022 metadata found',
    });
  });

  it.each([
    ['a 1% fee', { olderBps: 100, newerBps: 100, authority: null }, 1],
    ['a 5% fee scheduled for a later epoch', { olderBps: 0, newerBps: 500, authority: null }, 5],
    ['a 25% fee', { olderBps: 2_500, newerBps: 2_500, authority: null }, 10],
    ['a 0.01% fee (at least 1 point)', { olderBps: 1, newerBps: 1, authority: null }, 1],
    ['a zero fee whose authority can switch one on', { olderBps: 0, newerBps: 0, authority: newKey() }, 3],
    ['a zero fee with no authority', { olderBps: 0, newerBps: 0, authority: null }, 0],
  ])('transfer fee: %s deducts the listed points', (_what, fee, points) => {
    const token = t22(EXT.transferFeeConfig({ ...fee, withdrawAuthority: null, maximumFee: 1_000_000n }));
    expect(factor({ token }, 'transfer_fee').points_deducted).toBe(points);
  });

  it.each([
    ['a transfer hook program', EXT.transferHook(null, newKey()), 'transfer_hook', 10],
    ['a hook authority with no program yet', EXT.transferHook(newKey(), null), 'transfer_hook', 5],
    ['accounts frozen by default', EXT.defaultAccountState('frozen'), 'default_account_state_frozen', 15],
    ['accounts initialized by default', EXT.defaultAccountState('initialized'), 'default_account_state_frozen', 0],
    ['a non-transferable token', EXT.nonTransferable(), 'non_transferable', 25],
    ['paused transfers', EXT.pausable(newKey(), true), 'pausable', 15],
    ['a pause authority', EXT.pausable(newKey(), false), 'pausable', 10],
    ['a mint close authority', EXT.mintCloseAuthority(newKey()), 'mint_close_authority', 5],
  ] as const)('Token-2022: %s deducts the listed points', (_what, extension, id, points) => {
    expect(factor({ token: t22(extension) }, id).points_deducted).toBe(points);
  });

  it('a supply of zero leaves nothing to weigh for concentration', () => {
    expect(
      score({ token: spl({ supply: 0n }), holders: holders([], 0n) })
        .factors.slice(10)
        .map((f) => [f.points_deducted, f.detail]),
    ).toEqual([
      [0, 'no circulating supply: nothing to weigh'],
      [0, 'no circulating supply: nothing to weigh'],
    ]);
  });

  it('every risk at once floors the score at 0', () => {
    const token = parseMint(
      PROGRAMS.token2022.toBase58(),
      token2022MintBytes({ ...RENOUNCED, mintAuthority: newKey(), freezeAuthority: newKey() }, [
        EXT.permanentDelegate(newKey()),
        EXT.nonTransferable(),
        EXT.defaultAccountState('frozen'),
      ]),
    );
    if (token.kind !== 'mint') throw new Error(token.reason);
    expect(score({ token: token.mint, holders: holders([SUPPLY]) })).toMatchObject({ score: 0, risk: 'high' });
  });
});
