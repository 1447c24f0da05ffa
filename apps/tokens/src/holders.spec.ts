import { PublicKey } from '@solana/web3.js';
import { newKey } from '../test/accounts';
import { holderFactsOf, INCINERATOR, tokenAccountOwner } from './holders';

describe('holderFactsOf', () => {
  it('sums token accounts per owning wallet, largest first, and sets the incinerator apart as burned', () => {
    const [whale, minnow] = [newKey(), newKey()];
    const accounts = [
      { address: 'a1', amount: 500n, owner: whale },
      { address: 'b1', amount: 400n, owner: INCINERATOR },
      { address: 'a2', amount: 300n, owner: minnow },
      { address: 'a3', amount: 200n, owner: whale },
      { address: 'c1', amount: 100n, owner: null },
      { address: 'd1', amount: 0n, owner: newKey() },
    ];
    expect(holderFactsOf(2_000n, accounts)).toEqual({
      supply: 2_000n,
      burned: 400n,
      holders: [
        { owner: whale, amount: 700n, tokenAccounts: ['a1', 'a3'] },
        { owner: minnow, amount: 300n, tokenAccounts: ['a2'] },
        { owner: 'c1', amount: 100n, tokenAccounts: ['c1'] },
      ],
      accountsSeen: 6,
    });
  });
});

describe('tokenAccountOwner', () => {
  it('reads the owner at bytes 32..64, or null for data too short to be a token account', () => {
    const owner = newKey();
    const data = Buffer.concat([Buffer.alloc(32), new PublicKey(owner).toBuffer(), Buffer.alloc(101)]);
    expect(tokenAccountOwner(data)).toBe(owner);
    expect(tokenAccountOwner(Buffer.alloc(82))).toBeNull();
    expect(tokenAccountOwner(undefined)).toBeNull();
  });
});
