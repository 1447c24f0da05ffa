import { PublicKey } from '@solana/web3.js';
import { PaymentRequiredError, SpendCapError, TollApi, TollApiError } from '@toll/client';
import { associatedTokenAddress } from '@toll/solana';
import { http } from '@toll/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startDevutils } from '../../apps/devutils/src/bootstrap';
import { USDC } from './stack';
import { stackHarness } from './stack-harness';

// Issue 20: @toll/client's typed calls, paid on the local chain by memo or x402 within its spend caps.
describe('@toll/client typed API on a local chain', () => {
  const { stack, connection } = stackHarness({
    groups: [startDevutils],
    ready: ['/toll/devutils/health', '/toll/payments/health'],
  });
  const usdcBalance = async () =>
    (await connection.getTokenAccountBalance(associatedTokenAddress(stack.payer.publicKey, new PublicKey(USDC)))).value
      .amount;

  const api = (method: 'usdc' | 'sol' | 'x402', caps: { maxUsdPerCall?: string; maxUsdTotal?: string } = {}) =>
    new TollApi({ baseUrl: stack.gw, payment: { keypair: stack.payer, rpcUrl: stack.rpc.url, method }, ...caps });

  it.each([['usdc' as const], ['sol' as const], ['x402' as const]])(
    'pays a typed call by %s and returns the data with its receipt',
    async (method) => {
      const toll = api(method);
      const res = await toll.call('devutils.hashSha256', { text: 'abc' });
      expect(res.data).toEqual({
        algorithm: 'sha256',
        bytes: 3,
        digest: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      });
      expect(res.paid).toMatchObject({ method, amount: method === 'sol' ? '33334' : '5000' });
      const check = await http(`${stack.gw}/toll/payments/receipt?receipt=${encodeURIComponent(res.receipt!)}`);
      expect(check.body).toMatchObject({
        valid: true,
        claims: {
          operation_id: 'devutils.hashSha256',
          price: { per: 'call', usd: '0.005' },
          asset: method === 'sol' ? 'SOL' : 'USDC',
        },
      });
      expect(toll.spentUsd).toBe('0.005');
    },
  );

  it('calls a free operation without paying, and refuses invalid input with the API error', async () => {
    const toll = new TollApi({ baseUrl: stack.gw });
    expect((await toll.call('devutils.getHealth', {})).data).toMatchObject({ status: 'ok' });
    await expect(toll.call('devutils.genPassword', { length: 3 })).rejects.toMatchObject({
      status: 400,
      error: { code: 'INVALID_INPUT', details: { issues: [{ field: 'length', message: 'must be >= 4' }] } },
    });
    await expect(toll.call('devutils.genPassword', { length: 3 })).rejects.toBeInstanceOf(TollApiError);
    await expect(toll.call('devutils.genUuid', {})).rejects.toBeInstanceOf(PaymentRequiredError);
  });

  it('refuses a call priced above the per-call cap before paying anything', async () => {
    const before = await usdcBalance();
    await expect(api('usdc', { maxUsdPerCall: '0.001' }).call('devutils.genUuid', {})).rejects.toThrow(
      new SpendCapError('price $0.005 is above the per-call cap of $0.001'),
    );
    await expect(api('x402', { maxUsdPerCall: '0.001' }).call('devutils.genUuid', {})).rejects.toBeInstanceOf(
      SpendCapError,
    );
    expect(await usdcBalance()).toBe(before);
  });

  it('stops at the per-instance cap', async () => {
    const toll = api('usdc', { maxUsdTotal: '0.012' });
    await toll.call('devutils.genUuid', {});
    await toll.call('devutils.genUuid', {});
    const before = await usdcBalance();
    await expect(toll.call('devutils.genUuid', {})).rejects.toThrow(
      new SpendCapError('paying $0.005 would pass the total cap of $0.012 ($0.01 spent)'),
    );
    expect([toll.spentUsd, await usdcBalance()]).toEqual(['0.01', before]);
  });

  it('runs the README quickstart against the stack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toll-client-'));
    writeFileSync(join(dir, 'wallet.json'), JSON.stringify(Array.from(stack.payer.secretKey)));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(__dirname, '../../libs/client/examples/quickstart.js')],
      {
        env: {
          ...process.env,
          GATEWAY_URL: stack.gw,
          SOLANA_RPC_URL: stack.rpc.url,
          WALLET_FILE: join(dir, 'wallet.json'),
        },
      },
    );
    expect(stdout).toContain('sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(stdout).toMatch(/spent \$0\.01 so far/);
  }, 60_000);

  it('the CLI prints the proof on stdout in a reusable form: the same request repeated with it is answered again, not charged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toll-cli-'));
    writeFileSync(join(dir, 'wallet.json'), JSON.stringify(Array.from(stack.payer.secretKey)));
    const url = `${stack.gw}/toll/devutils/hash/sha256`;
    const cli = [
      join(__dirname, '../../tools/toll.js'),
      'call',
      url,
      '-X',
      'POST',
      '-d',
      '{"text":"abc"}',
      '--pay',
      'usdc',
      '--keypair',
      join(dir, 'wallet.json'),
      '--rpc',
      stack.rpc.url,
      '--yes',
    ];
    const out = JSON.parse((await promisify(execFile)(process.execPath, cli)).stdout);
    expect(out).toMatchObject({ status: 200, paid: { method: 'usdc', amount: '5000' } });
    // The client names each paid request with a random Idempotency-Key (the memo commits to it): it is part of the
    // proof.
    expect(out.proof).toEqual({
      x_payment_tx: out.paid.signature,
      toll_memo: out.paid.memo,
      url: `${url}?toll_memo=${encodeURIComponent(out.paid.memo)}`,
      headers: {
        'X-Payment-Tx': out.paid.signature,
        'Idempotency-Key': expect.stringMatching(/^toll-[A-Za-z0-9_-]{22}$/),
      },
    });
    expect(out.proof.toll_memo).toMatch(/^toll2:devutils\.hashSha256:/);
    const before = await usdcBalance();
    const again = await http(out.proof.url, {
      method: 'POST',
      headers: { ...out.proof.headers, 'content-type': 'application/json' },
      body: '{"text":"abc"}',
    });
    expect([again.status, again.headers.get('x-toll-redelivery'), again.body]).toEqual([200, '1', out.body]);
    expect(await usdcBalance()).toBe(before);
  }, 60_000);
});
