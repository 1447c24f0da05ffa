import { Keypair, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { getBase58Decoder } from '@solana/kit';
import { memoPaymentInstructions, sendAndConfirm, tollCall, type MemoChallenge } from '@toll/client';
import { PROGRAMS, associatedTokenAddress } from '@toll/solana';
import { http } from '@toll/testing';
import { issueMemo } from '@toll/x402';
import { randomBytes } from 'node:crypto';
import { faults, served } from './shop-group';
import { MEMO_SECRET } from './stack';
import { stackHarness } from './stack-harness';

describe('paid calls on a local chain, through gateway, NATS and Postgres', () => {
  const { stack, connection } = stackHarness({ ready: ['/toll/shop/health'] });

  const challenge = async (path: string): Promise<MemoChallenge> => {
    const res = await http(`${stack.gw}${path}`);
    expect(res.status).toBe(402);
    return res.body.toll;
  };
  const redeem = (path: string, signature: string, memo: string, base = stack.gw) =>
    http(`${base}${path}?toll_memo=${encodeURIComponent(memo)}`, { headers: { 'x-payment-tx': signature } });
  const pay = (c: MemoChallenge, asset: 'SOL' | 'USDC', overrides: { amount?: bigint; memo?: string } = {}) =>
    sendAndConfirm(connection, stack.payer, memoPaymentInstructions(c, asset, stack.payer.publicKey, overrides));
  const refusedWith = (res: { status: number; body: any; headers: Headers }, reason: string) => {
    expect(res.status).toBe(402);
    expect(res.body.error).toBe(reason);
    expect(res.body.toll.memo).toMatch(/^toll2:/); // a fresh challenge to pay again
    expect(res.headers.get('payment-required')).toBeTruthy();
  };

  it.each([['USDC' as const], ['SOL' as const]])(
    'serves a valid %s memo payment once; the same request again is redelivered, another is refused',
    async (asset) => {
      const c = await challenge('/toll/shop/item');
      const signature = await pay(c, asset);
      const before = served.item;
      const ok = await redeem('/toll/shop/item', signature, c.memo);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ served: before + 1 });
      const receipt = ok.headers.get('x-toll-receipt')!;
      const check = await http(`${stack.gw}/toll/payments/receipt?receipt=${encodeURIComponent(receipt)}`);
      expect(check.body).toMatchObject({
        valid: true,
        claims: {
          operation_id: 'shop.getItem',
          price: { per: 'call', usd: '0.01' },
          asset,
          transaction: signature,
          payer: stack.payer.publicKey.toBase58(),
        },
      });
      const settle = JSON.parse(Buffer.from(ok.headers.get('payment-response')!, 'base64').toString());
      expect(settle).toMatchObject({
        success: true,
        transaction: signature,
        network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      });
      // The caller lost the answer and asks again: the same body and receipt id, no second run, no second charge.
      const again = await redeem('/toll/shop/item', signature, c.memo);
      expect([again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([200, '1', ok.text]);
      const claims = (r: typeof ok) =>
        JSON.parse(Buffer.from(r.headers.get('x-toll-receipt')!.split('.')[0], 'base64url').toString());
      expect(claims(again)).toMatchObject({
        receipt_id: claims(ok).receipt_id,
        payment_id: claims(ok).payment_id,
        transaction: signature,
      });
      // Another request on the same proof is a new purchase: refused, and the memo names only the request that got it.
      const another = await http(`${stack.gw}/toll/shop/item?toll_memo=${encodeURIComponent(c.memo)}`, {
        headers: { 'x-payment-tx': signature, 'idempotency-key': 'second-item' },
      });
      refusedWith(another, 'memo_wrong_input');
      expect(served.item).toBe(before + 1);
    },
  );

  it('redelivers a paid answer at most PAYMENTS_REDELIVERY_MAX (3) times, then refuses the proof', async () => {
    const c = await challenge('/toll/shop/item');
    const signature = await pay(c, 'USDC');
    const before = served.item;
    expect((await redeem('/toll/shop/item', signature, c.memo)).status).toBe(200);
    for (const n of ['1', '2', '3'])
      expect((await redeem('/toll/shop/item', signature, c.memo)).headers.get('x-toll-redelivery')).toBe(n);
    refusedWith(await redeem('/toll/shop/item', signature, c.memo), 'proof_already_redeemed');
    expect(served.item).toBe(before + 1);
  });

  it('on a block payment, repeats with the same Idempotency-Key are redelivered and cost no credit', async () => {
    const c = await challenge('/toll/shop/block');
    const sig = await pay(c, 'USDC');
    const before = served.block;
    const call = (key?: string) =>
      http(`${stack.gw}/toll/shop/block?toll_memo=${encodeURIComponent(c.memo)}`, {
        headers: { 'x-payment-tx': sig, ...(key ? { 'idempotency-key': key } : {}) },
      });
    const outcome = (r: Awaited<ReturnType<typeof call>>) => [
      r.status,
      r.body,
      r.headers.get('x-toll-credits-remaining'),
      r.headers.get('x-toll-redelivery'),
    ];
    expect(outcome(await call('order-1'))).toEqual([200, { served: before + 1 }, '999', null]);
    expect(outcome(await call('order-1'))).toEqual([200, { served: before + 1 }, '999', '1']);
    expect(outcome(await call('order-2'))).toEqual([200, { served: before + 2 }, '998', null]);
    expect(outcome(await call())).toEqual([200, { served: before + 3 }, '997', null]);
    expect(outcome(await call())).toEqual([200, { served: before + 4 }, '996', null]);
  });

  it('rejects a malformed Idempotency-Key before asking for money', async () => {
    const res = await http(`${stack.gw}/toll/shop/item`, { headers: { 'idempotency-key': 'has spaces in it' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters without spaces' },
    ]);
  });

  it('lets the client library pay in each memo asset', async () => {
    for (const method of ['usdc', 'sol'] as const) {
      const res = await tollCall(
        `${stack.gw}/toll/shop/item`,
        {},
        { keypair: stack.payer, rpcUrl: stack.rpc.url, method },
      );
      expect(res.status).toBe(200);
      expect(res.paid).toMatchObject({ method, asset: method.toUpperCase() });
    }
  });

  describe('refuses, never serves, with a reason code', () => {
    let before: number;
    beforeEach(() => (before = served.item));
    afterEach(() => expect(served.item).toBe(before));

    it('wrong amount', async () => {
      const c = await challenge('/toll/shop/item');
      refusedWith(await redeem('/toll/shop/item', await pay(c, 'USDC', { amount: 9_999n }), c.memo), 'amount_too_low');
    });

    it('wrong recipient', async () => {
      const c = await challenge('/toll/shop/item');
      const elsewhere = Keypair.generate().publicKey;
      const sig = await sendAndConfirm(connection, stack.payer, [
        SystemProgram.transfer({ fromPubkey: stack.payer.publicKey, toPubkey: elsewhere, lamports: 1_000_000_000n }),
        new TransactionInstruction({ programId: PROGRAMS.memo, keys: [], data: Buffer.from(c.memo) }),
      ]);
      refusedWith(await redeem('/toll/shop/item', sig, c.memo), 'wrong_recipient');
    });

    it('wrong mint', async () => {
      const c = await challenge('/toll/shop/item');
      const fake = Keypair.generate().publicKey;
      stack.rpc.chain.createMint({ address: fake, decimals: 6, mintAuthority: Keypair.generate().publicKey });
      stack.rpc.chain.mintTo(stack.payer.publicKey, fake, 1_000_000n);
      stack.rpc.chain.mintTo(stack.recipient, fake, 0n);
      const ix = memoPaymentInstructions(
        {
          ...c,
          usdc: {
            ...c.usdc,
            mint: fake.toBase58(),
            token_account: associatedTokenAddress(stack.recipient, fake).toBase58(),
          },
        },
        'USDC',
        stack.payer.publicKey,
      );
      refusedWith(
        await redeem('/toll/shop/item', await sendAndConfirm(connection, stack.payer, ix), c.memo),
        'wrong_mint',
      );
    });

    it('toll_memo without the X-Payment-Tx header: the missing header is named', async () => {
      const c = await challenge('/toll/shop/item');
      refusedWith(
        await http(`${stack.gw}/toll/shop/item?toll_memo=${encodeURIComponent(c.memo)}`),
        'payment_tx_header_missing',
      );
    });

    it('missing memo', async () => {
      const c = await challenge('/toll/shop/item');
      const [transfer] = memoPaymentInstructions(c, 'USDC', stack.payer.publicKey);
      refusedWith(
        await redeem('/toll/shop/item', await sendAndConfirm(connection, stack.payer, [transfer]), c.memo),
        'memo_missing',
      );
    });

    it('altered memo (a lower price written into it)', async () => {
      const c = await challenge('/toll/shop/item');
      const altered = c.memo.replace(':10000:', ':1:');
      refusedWith(
        await redeem('/toll/shop/item', await pay(c, 'USDC', { memo: altered, amount: 1n }), altered),
        'memo_signature_invalid',
      );
    });

    it('memo issued for another route', async () => {
      const c = await challenge('/toll/shop/other');
      refusedWith(await redeem('/toll/shop/item', await pay(c, 'USDC'), c.memo), 'memo_wrong_route');
    });

    it('expired memo', async () => {
      const c = await challenge('/toll/shop/item');
      const { memo } = issueMemo(MEMO_SECRET, {
        operationId: 'shop.getItem',
        usd: '0.01',
        usdcAtomic: 10_000n,
        lamports: null,
        expiresAt: Math.floor(Date.now() / 1000) - 5,
      });
      refusedWith(await redeem('/toll/shop/item', await pay(c, 'USDC', { memo }), memo), 'memo_expired');
    });

    it('failed transaction', async () => {
      const c = await challenge('/toll/shop/item');
      const [transfer, memo] = memoPaymentInstructions(c, 'USDC', stack.payer.publicKey);
      transfer.data.writeUInt8(9, 9); // wrong decimals: the token program rejects it, the fee is still charged
      const { blockhash } = await connection.getLatestBlockhash();
      const tx = new Transaction({ feePayer: stack.payer.publicKey, recentBlockhash: blockhash }).add(transfer, memo);
      tx.sign(stack.payer);
      const sig = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
      for (let i = 0; i < 40 && !(await connection.getSignatureStatus(sig)).value; i++)
        await new Promise((r) => setTimeout(r, 50));
      refusedWith(await redeem('/toll/shop/item', sig, c.memo), 'transaction_failed');
    });

    it('unknown signature', async () => {
      const c = await challenge('/toll/shop/item');
      refusedWith(
        await redeem('/toll/shop/item', getBase58Decoder().decode(randomBytes(64)), c.memo),
        'transaction_not_found',
      );
    });

    it('a signature already used with another memo', async () => {
      const c = await challenge('/toll/shop/item');
      const sig = await pay(c, 'USDC');
      expect((await redeem('/toll/shop/item', sig, c.memo)).status).toBe(200);
      before = served.item;
      const other = await challenge('/toll/shop/item');
      refusedWith(await redeem('/toll/shop/item', sig, other.memo), 'signature_already_used');
    });
  });

  it('does not charge when the group fails after a valid proof, and the same proof then succeeds', async () => {
    const c = await challenge('/toll/shop/flaky');
    const sig = await pay(c, 'USDC');
    faults.failNextFlaky = true;
    const failed = await redeem('/toll/shop/flaky', sig, c.memo);
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('UPSTREAM_ERROR');
    expect(failed.headers.get('payment-response')).toBeNull();
    const retried = await redeem('/toll/shop/flaky', sig, c.memo);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('x-toll-receipt')).toBeTruthy();
    expect(retried.headers.get('x-toll-redelivery')).toBeNull();
  });

  it('serves exactly 1,000 requests on one block payment, then answers 402', async () => {
    const c = await challenge('/toll/shop/block');
    const sig = await pay(c, 'USDC');
    const before = served.block;
    let ok = 0;
    for (let batch = 0; batch < 100; batch++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => redeem('/toll/shop/block', sig, c.memo)));
      ok += results.filter((r) => r.status === 200).length;
    }
    expect(ok).toBe(1000);
    expect(served.block).toBe(before + 1000);
    refusedWith(await redeem('/toll/shop/block', sig, c.memo), 'block_used_up');
  }, 120_000);

  it('rejects an invalid request before asking for money, with or without proof', async () => {
    const res = await http(`${stack.gw}/toll/shop/item?unexpected=1`, { headers: { 'x-payment-tx': '1'.repeat(88) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_INPUT');
  });
});
