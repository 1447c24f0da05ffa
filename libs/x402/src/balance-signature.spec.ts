import { payerProofText } from './payer-proof';
import { checkBalanceSignature, walletSigned } from './balance-signature';

// The documented test vector (libs/x402/src/balance-auth.spec.ts, docs/payments.md).
const wallet = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj';
const signature = 'mZoPoxk4HgqCd9hNvyNYoBJkPRfy0a8GtRpiY4UGATC9ZCTb8R5OLbsQjrqBwFSq4x0UFQgl4URw9h2MvnnwAg==';
const signatureV1 = 'IxW/k7Ag4EZxSxhmRRoFCyihHGyfApOsBN12m/EfjCbIyF4A9zOP+UDWnJohWh8hwF4tgvwvKKMli5HbWrFnAw==';
const signed = {
  method: 'GET',
  path: '/toll/shop/item',
  input_sha256: '9d3823a7df20758d970f296e247ae4a7b49177b620a3f625b4c8cbaf175a6bb1',
  timestamp: '1764000000',
  nonce: 'example-nonce-0001',
};
const deployment = {
  network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  recipient: '8KV78jG9YuR8UHZiFhitRhQF3X65j2VqfFYSYMdo3Pmu',
};
const at = 1_764_000_000_000;
const policy = { skewSeconds: 60, deployment, v1UntilMs: at + 3_600_000 };
const v2only = { ...policy, v1UntilMs: null };

describe(checkBalanceSignature.name, () => {
  it('accepts the test vector inside the clock window', () => {
    expect(checkBalanceSignature(wallet, signature, signed, policy, at + 59_000)).toEqual({ ok: true, version: 2 });
  });

  it('refuses a timestamp outside the window, either side, naming the clock and ours', () => {
    expect(checkBalanceSignature(wallet, signature, signed, policy, at + 61_000)).toEqual({
      ok: false,
      reason: 'balance_clock_skew',
      part: 'clock',
      message: 'the timestamp is more than 60 s from our clock (unix 1764000061)',
      server_time: '1764000061',
    });
    expect(checkBalanceSignature(wallet, signature, signed, policy, at - 61_000)).toMatchObject({
      ok: false,
      reason: 'balance_clock_skew',
      part: 'clock',
      server_time: '1763999939',
    });
  });

  it('refuses any change to what was signed, and another wallet, stating the text it verified', () => {
    for (const change of [
      { method: 'POST' },
      { path: '/toll/shop/other' },
      { input_sha256: '0'.repeat(64) },
      { nonce: 'example-nonce-0002' },
    ]) {
      const s = { ...signed, ...change };
      expect(checkBalanceSignature(wallet, signature, s, policy, at)).toMatchObject({
        ok: false,
        reason: 'balance_signature_invalid',
        part: 'signed_text_or_key',
        expected_signed_text: [
          'toll-balance-v2',
          deployment.network,
          deployment.recipient,
          s.method,
          s.path,
          s.input_sha256,
          s.timestamp,
          s.nonce,
        ].join('\n'),
      });
    }
    expect(checkBalanceSignature('11111111111111111111111111111111', signature, signed, policy, at)).toMatchObject({
      ok: false,
      reason: 'balance_signature_invalid',
      part: 'signed_text_or_key',
    });
  });

  it('refuses a signature made for another deployment: another recipient or another network', () => {
    for (const other of [
      { ...deployment, recipient: wallet },
      { ...deployment, network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
    ]) {
      expect(checkBalanceSignature(wallet, signature, signed, { ...policy, deployment: other }, at)).toMatchObject({
        ok: false,
        reason: 'balance_signature_invalid',
        part: 'signed_text_or_key',
      });
    }
  });

  it('takes the v1 form (no deployment) until its day, and refuses it from then on', () => {
    expect(checkBalanceSignature(wallet, signatureV1, signed, policy, at)).toEqual({ ok: true, version: 1 });
    expect(checkBalanceSignature(wallet, signatureV1, signed, { ...policy, v1UntilMs: at }, at)).toMatchObject({
      ok: false,
      reason: 'balance_signature_invalid',
    });
    expect(checkBalanceSignature(wallet, signatureV1, signed, v2only, at)).toMatchObject({
      ok: false,
      reason: 'balance_signature_invalid',
    });
    expect(checkBalanceSignature(wallet, signature, signed, v2only, at)).toEqual({ ok: true, version: 2 });
  });

  it('gives the same answers with the wallet key already imported', () => {
    for (let i = 0; i < 3; i++) {
      expect(checkBalanceSignature(wallet, signature, signed, policy, at)).toEqual({ ok: true, version: 2 });
      expect(
        checkBalanceSignature(wallet, signature, { ...signed, nonce: 'example-nonce-0002' }, policy, at),
      ).toMatchObject({ ok: false, reason: 'balance_signature_invalid' });
    }
  });

  it('refuses malformed parts without verifying, naming the part', () => {
    expect(checkBalanceSignature('not-a-wallet', signature, signed, policy, at)).toMatchObject({
      ok: false,
      reason: 'balance_auth_malformed',
      part: 'wallet',
    });
    expect(checkBalanceSignature(wallet, 'short', signed, policy, at)).toMatchObject({
      ok: false,
      reason: 'balance_auth_malformed',
      part: 'signature',
    });
    expect(checkBalanceSignature(wallet, signature, { ...signed, nonce: 'short' }, policy, at)).toMatchObject({
      ok: false,
      reason: 'balance_auth_malformed',
      part: 'nonce',
    });
    expect(checkBalanceSignature(wallet, signature, { ...signed, timestamp: '17.5' }, policy, at)).toMatchObject({
      ok: false,
      reason: 'balance_auth_malformed',
      part: 'timestamp',
    });
  });
});

describe(walletSigned.name, () => {
  // The payer-proof test vector (libs/x402/src/payer-proof.spec.ts, docs/payments.md "Who can redeem a payment").
  const memo =
    'toll2:devutils.genPassword:0.005:5000:33334:1764000600:0123456789abcdef:qqqqqqqqqqqqqqqqqqqqqg:' +
    'AAAAAAAAAAAAAAAAAAAAAA';
  const text = payerProofText(memo, 'bb2727bec2960d65683a7648e293de6dc37f765def1da6ede39ce6d0478146b5');
  const proof = 'BDwmN9FeMFSHNeU6dFpiAjt3q4HhBPlh7msvYAcUePti4inVJyyRSYLiUkiFOPc5KOqNmQmPk49FMr9pp/3UBg==';

  it("accepts the paying wallet's signature of the memo and request, and nothing else", () => {
    expect(walletSigned(wallet, text, proof)).toBe(true);
    expect(walletSigned(wallet, text.replace('bb27', 'bb28'), proof)).toBe(false);
    expect(walletSigned('So11111111111111111111111111111111111111112', text, proof)).toBe(false);
    expect(walletSigned(wallet, text, 'not base64')).toBe(false);
    expect(walletSigned('not a wallet', text, proof)).toBe(false);
  });
});
