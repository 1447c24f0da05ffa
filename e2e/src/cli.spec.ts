import { PublicKey, type Keypair } from '@solana/web3.js';
import { associatedTokenAddress } from '@toll/solana';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faults } from './shop-group';
import { USDC } from './stack';
import { DEPOSIT_READY, stackHarness } from './stack-harness';

const CLI = join(__dirname, '../../tools/toll.js');

// The CLI as a script runs it: stdin is never a terminal here, so nothing can be asked.
const run = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('toll CLI', () => {
  it('--help prints every command and option and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const word of [
      'call <url>',
      'deposit <tier>',
      'balance',
      '--pay <method>',
      'balance (a signed request',
      '--keypair',
      '--rpc',
      '--gateway',
      '-X',
      '--data',
      '--limit',
      'credit <signature>',
      '--memo',
      '--yes',
      '--no-reuse',
      '--help',
    ])
      expect(stdout).toContain(word);
    expect((await run(['help'])).code).toBe(0);
  });

  it('refuses an unknown command or option with the usage, exit 2', async () => {
    const { code, stderr } = await run(['fly']);
    expect([code, stderr]).toEqual([2, expect.stringMatching(/^unknown command fly\n\nusage: /)]);
    expect((await run(['call', 'http://x', '--pay', 'gold'])).code).toBe(2);
  });

  describe('against a stack', () => {
    const { stack, connection } = stackHarness({
      ready: [{ path: '/toll/shop/flaky', until: (res) => res.status === 402 }, DEPOSIT_READY],
    });
    let dir: string;
    const usdc = async (k: Keypair) =>
      (await connection.getTokenAccountBalance(associatedTokenAddress(k.publicKey, new PublicKey(USDC)))).value.amount;
    const common = () => ['--keypair', join(dir, 'wallet.json'), '--rpc', stack.rpc.url, '--gateway', stack.gw];

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'toll-cli-'));
      writeFileSync(join(dir, 'wallet.json'), JSON.stringify(Array.from(stack.payer.secretKey)));
    });

    it('fails loudly, paying nothing, when it would have to ask and stdin is not a terminal', async () => {
      const before = await usdc(stack.payer);
      const { code, stdout, stderr } = await run(['call', `${stack.gw}/toll/shop/item`, ...common()]);
      expect([code, stdout]).toEqual([1, '']);
      expect(stderr).toContain(
        'cannot ask for confirmation: stdin is not a terminal. Pass --yes to pay without asking.',
      );
      expect(await usdc(stack.payer)).toBe(before);
    });

    it('remembers the proof of a call that failed after payment and spends it on the next call of that operation', async () => {
      faults.failNextFlaky = true;
      const failed = await run(['call', `${stack.gw}/toll/shop/flaky`, '--yes', ...common()]);
      expect(JSON.parse(failed.stdout)).toMatchObject({
        status: 502,
        body: { error: { details: { payment: { status: 'unused' } } } },
      });
      expect(failed.code).toBe(1);
      const saved = JSON.parse(readFileSync(join(dir, 'toll-proofs.json'), 'utf8'));
      expect(saved).toEqual([
        expect.objectContaining({
          operation: `GET ${stack.gw}/toll/shop/flaky`,
          x_payment_tx: JSON.parse(failed.stdout).paid.signature,
        }),
      ]);
      const before = await usdc(stack.payer);
      const again = await run(['call', `${stack.gw}/toll/shop/flaky`, ...common()]); // no --yes: reusing pays nothing new
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(
        `reusing an unused proof for GET ${stack.gw}/toll/shop/flaky (transaction ${saved[0].x_payment_tx}`,
      );
      expect(JSON.parse(again.stdout)).toMatchObject({
        status: 200,
        paid: { method: 'reused', signature: saved[0].x_payment_tx },
        body: { served: expect.any(Number) },
      });
      expect(await usdc(stack.payer)).toBe(before);
      expect(JSON.parse(readFileSync(join(dir, 'toll-proofs.json'), 'utf8'))).toEqual([]);
    }, 60_000);

    it('deposits, reads the balance and pays a call from it', async () => {
      const deposit = await run(['deposit', '1', '--yes', ...common()]);
      expect(JSON.parse(deposit.stdout)).toMatchObject({ status: 200, body: { credit_atomic: '1000000' } });
      const paid = await run(['call', `${stack.gw}/toll/shop/item`, '--pay', 'balance', ...common()]);
      expect(JSON.parse(paid.stdout)).toMatchObject({
        status: 200,
        paid: { method: 'balance', amount: '10000', asset: 'USDC' },
      });
      const balance = await run(['balance', '--limit', '5', ...common()]);
      expect(balance.code).toBe(0);
      expect(JSON.parse(balance.stdout)).toMatchObject({
        status: 200,
        body: {
          wallet: stack.payer.publicKey.toBase58(),
          available_atomic: '990000',
          ledger: [{ kind: 'debit' }, { kind: 'credit' }],
        },
      });
      expect(existsSync(join(dir, 'wallet.json'))).toBe(true);
    }, 60_000);

    it('credits the remembered proof of a failed call to the balance, and forgets it', async () => {
      faults.failNextFlaky = true;
      const failed = await run(['call', `${stack.gw}/toll/shop/flaky`, '--yes', ...common()]);
      const signature = JSON.parse(failed.stdout).paid.signature;
      expect(JSON.parse(failed.stdout).body.error.details.payment.credit).toMatchObject({
        path: '/toll/payments/balance/credit',
        body: { transaction: signature },
      });
      const credited = await run(['credit', signature, ...common()]);
      expect(credited.code).toBe(0);
      expect(JSON.parse(credited.stdout)).toMatchObject({
        status: 200,
        body: { transaction: signature, basis: 'unused', credit_atomic: '10000', available_atomic: '1000000' },
      });
      expect(JSON.parse(readFileSync(join(dir, 'toll-proofs.json'), 'utf8'))).toEqual([]);
      const again = await run(['credit', signature, ...common()]);
      expect([again.code, JSON.parse(again.stdout)]).toEqual([
        1,
        {
          status: 409,
          body: {
            error: expect.objectContaining({
              code: 'CONFLICT',
              details: expect.objectContaining({ reason: 'proof_already_credited' }),
            }),
          },
        },
      ]);
    }, 60_000);
  });
});
