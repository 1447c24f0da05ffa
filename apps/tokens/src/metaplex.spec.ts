import { PublicKey } from '@solana/web3.js';
import { PROGRAMS } from '@toll/solana';
import { metaplexBytes, newKey } from '../test/accounts';
import { metadataAddress, parseMetaplexMetadata } from './metaplex';

const METADATA_PROGRAM = PROGRAMS.tokenMetadata.toBase58();

describe('metadataAddress', () => {
  it('is the PDA of ["metadata", program, mint] under the Token Metadata program (wrapped SOL)', () => {
    const mint = 'So11111111111111111111111111111111111111112';
    const [expected] = PublicKey.findProgramAddressSync(
      [Buffer.from('metadata'), PROGRAMS.tokenMetadata.toBuffer(), new PublicKey(mint).toBuffer()],
      PROGRAMS.tokenMetadata,
    );
    expect(metadataAddress(mint)).toBe(expected.toBase58());
    expect(PublicKey.isOnCurve(new PublicKey(metadataAddress(mint)).toBuffer())).toBe(false);
  });
});

describe('parseMetaplexMetadata', () => {
  const mint = newKey();
  const updateAuthority = newKey();
  const creator = newKey();
  const fields = {
    updateAuthority,
    mint,
    name: 'Spread Coin',
    symbol: 'SPRD',
    uri: 'https://example.org/sprd.json',
    isMutable: false,
  };

  it('reads name, symbol and uri without their NUL padding, royalties, creators and the flags', () => {
    const data = metaplexBytes({
      ...fields,
      sellerFeeBps: 250,
      creators: [{ address: creator, verified: true, share: 100 }],
      primarySaleHappened: true,
    });
    expect(data).toHaveLength(679);
    expect(parseMetaplexMetadata(METADATA_PROGRAM, data, mint)).toEqual({
      updateAuthority,
      mint,
      name: 'Spread Coin',
      symbol: 'SPRD',
      uri: 'https://example.org/sprd.json',
      sellerFeeBps: 250,
      creators: [{ address: creator, verified: true, share: 100 }],
      primarySaleHappened: true,
      isMutable: false,
    });
  });

  it('reads isMutable', () => {
    expect(
      parseMetaplexMetadata(METADATA_PROGRAM, metaplexBytes({ ...fields, isMutable: true }), mint)?.isMutable,
    ).toBe(true);
  });

  it.each([
    ['owned by another program', newKey(), metaplexBytes(fields), mint],
    ['of another mint', METADATA_PROGRAM, metaplexBytes(fields), newKey()],
    [
      'not a Metadata v1 account (key 6 = master edition)',
      METADATA_PROGRAM,
      Buffer.concat([Buffer.from([6]), metaplexBytes(fields).subarray(1)]),
      mint,
    ],
    ['truncated', METADATA_PROGRAM, metaplexBytes(fields).subarray(0, 100), mint],
  ])('ignores an account %s', (_what, owner, data, forMint) => {
    expect(parseMetaplexMetadata(owner, data, forMint)).toBeNull();
  });
});
