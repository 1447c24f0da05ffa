import { TokenVault } from './token-vault';

const TOKEN = '7000000001:AAHdemoPoolBotTokenReplayOnly000000';
const vault = new TokenVault({ MESSAGING_TOKEN_KEY: '11'.repeat(32) });

describe(TokenVault.name, () => {
  it('round-trips a token, with a fresh nonce every time and no clear text in the output', () => {
    const a = vault.seal(TOKEN, 7000000001n);
    const b = vault.seal(TOKEN, 7000000001n);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(a).not.toContain('AAHdemo');
    expect(vault.open(a, 7000000001n)).toBe(TOKEN);
  });

  it('refuses a ciphertext moved to another bot, altered, or sealed under another key', () => {
    const sealed = vault.seal(TOKEN, 7000000001n);
    expect(() => vault.open(sealed, 7000000002n)).toThrow('Unsupported state or unable to authenticate data');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => vault.open(`v1.${raw.toString('base64')}`, 7000000001n)).toThrow(
      'Unsupported state or unable to authenticate data',
    );
    expect(() => new TokenVault({ MESSAGING_TOKEN_KEY: '22'.repeat(32) }).open(sealed, 7000000001n)).toThrow(
      'Unsupported state or unable to authenticate data',
    );
    expect(() => vault.open('v0.abc', 7000000001n)).toThrow('unknown token format');
  });
});
