import { ReplySeal } from './reply-seal';

describe('ReplySeal', () => {
  const reply = { json: '{"bot":{"token":"123:secret-token"}}', headers: { 'x-toll-source': 'demo' } };

  it('stores nothing of the answer in the clear and opens it back exactly', () => {
    const seal = new ReplySeal('a'.repeat(32));
    const sealed = seal.seal(reply);
    expect(sealed.json).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(sealed.json).not.toContain('secret-token');
    expect(sealed.headers).toEqual(reply.headers);
    expect(seal.open(sealed)).toEqual(reply);
    expect(seal.seal(reply).json).not.toBe(sealed.json); // a fresh IV each time
  });

  it('cannot be opened under another key or after tampering', () => {
    const sealed = new ReplySeal('a'.repeat(32)).seal(reply);
    expect(new ReplySeal('b'.repeat(32)).open(sealed)).toBeUndefined();
    const raw = Buffer.from(sealed.json.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(new ReplySeal('a'.repeat(32)).open({ ...sealed, json: `v1.${raw.toString('base64')}` })).toBeUndefined();
    expect(new ReplySeal('a'.repeat(32)).open(reply)).toBeUndefined();
  });
});
