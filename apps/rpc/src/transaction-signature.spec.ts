import { getBase58Decoder } from '@solana/kit';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { signatureOf } from './transaction-signature';

describe('signatureOf', () => {
  const payer = Keypair.generate();
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: '11111111111111111111111111111111' }).add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
  );
  tx.sign(payer);
  const expected = getBase58Decoder().decode(tx.signature!);

  it('reads the first signature of a base64 or base58 wire transaction', () => {
    expect(signatureOf([tx.serialize().toString('base64'), { encoding: 'base64' }])).toBe(expected);
    expect(signatureOf([getBase58Decoder().decode(tx.serialize())])).toBe(expected);
  });

  it('gives up quietly on anything else', () => {
    expect(signatureOf(['AQ==', { encoding: 'base64' }])).toBeUndefined();
    expect(signatureOf(['0OIl'])).toBeUndefined();
    expect(signatureOf([42])).toBeUndefined();
    expect(signatureOf(undefined)).toBeUndefined();
  });
});
