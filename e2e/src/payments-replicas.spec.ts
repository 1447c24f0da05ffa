import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { http } from '@toll/testing';
import { wrapFetchWithPayment } from '@x402/fetch';
import { served } from './shop-group';
import { payerX402, stackHarness } from './stack-harness';

describe('two gateway and two payments replicas', () => {
  const { stack } = stackHarness({ gateways: 2, payments: 2, ready: ['/toll/shop/health'] });

  it('serves the same proof sent concurrently to both gateways exactly once', async () => {
    const connection = new Connection(stack.rpc.url, 'confirmed');
    for (let round = 0; round < 5; round++) {
      const c: MemoChallenge = (await http(`${stack.gateways[0].url}/toll/shop/item`)).body.toll;
      const sig = await sendAndConfirm(
        connection,
        stack.payer,
        memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
      );
      const before = served.item;
      const results = await Promise.all(
        [...stack.gateways, ...stack.gateways].map((g) =>
          http(`${g.url}/toll/shop/item?toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': sig } }),
        ),
      );
      // One call is served; the others were refused while it held the credit, or arrived after it settled and got
      // its answer redelivered (same body, marked x-toll-redelivery). Either way the group ran once.
      const first = results.filter((r) => r.status === 200 && !r.headers.get('x-toll-redelivery'));
      expect(first).toHaveLength(1);
      for (const r of results.filter((x) => x !== first[0])) {
        if (r.status === 200) expect(r.body).toEqual(first[0].body);
        else expect([r.status, r.body.error]).toEqual([402, 'proof_in_use']);
      }
      expect(served.item).toBe(before + 1);
    }
  });

  it('is paid by a stock x402 v2 client (@x402/fetch with a Solana keypair), once per payment', async () => {
    const client = await payerX402(stack);
    const sent: string[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const signature =
        new Headers(init?.headers).get('payment-signature') ??
        (input instanceof Request ? input.headers.get('payment-signature') : null);
      if (signature) sent.push(signature);
      return fetch(input, init);
    };
    const paidFetch = wrapFetchWithPayment(recordingFetch, client);
    const before = served.item;
    const res = await paidFetch(`${stack.gateways[1].url}/toll/shop/item`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ served: before + 1 });
    const settlement = JSON.parse(Buffer.from(res.headers.get('payment-response')!, 'base64').toString());
    expect(settlement).toMatchObject({
      success: true,
      network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      payer: stack.payer.publicKey.toBase58(),
    });
    expect(sent).toHaveLength(1);
    // The same request again on another gateway: the stored answer, not a second call or charge.
    const replay = await http(`${stack.gateways[0].url}/toll/shop/item`, { headers: { 'payment-signature': sent[0] } });
    expect([replay.status, replay.headers.get('x-toll-redelivery'), replay.body]).toEqual([
      200,
      '1',
      { served: before + 1 },
    ]);
    const other = await http(`${stack.gateways[0].url}/toll/shop/item`, {
      headers: { 'payment-signature': sent[0], 'idempotency-key': 'another-request' },
    });
    expect([other.status, other.body.error]).toEqual([402, 'memo_wrong_input']); // its memo names the first request
    expect(served.item).toBe(before + 1);
  });
});
