import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { http } from '@toll/testing';
import { startRpc } from '../../apps/rpc/src/bootstrap';
import { startStack, type Stack } from './stack';

// The RPC gateway billed per block: one payment buys exactly 1,000 requests through the real gateway and payments.
describe('rpc through gateway and payments, per block of 1,000', () => {
  let stack: Stack;
  let gw: string;

  beforeAll(async () => {
    stack = await startStack({
      groups: [
        (natsUrl, rpcUrl) =>
          startRpc({
            NATS_URL: natsUrl,
            LOG_LEVEL: 'error',
            NATS_GRACE_PERIOD_MS: '50',
            ANNOUNCE_INTERVAL_MS: '500',
            RPC_UPSTREAM_URLS: rpcUrl,
          }),
      ],
    });
    gw = stack.gateways[0].url;
    for (let i = 0; i < 100 && (await http(`${gw}/toll/rpc/health`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
  }, 60_000);

  afterAll(() => stack.stop());

  it('explains the block in the 402, and a block bought by GET pays for POST calls too', async () => {
    const first = await http(`${gw}/toll/rpc/?method=getSlot`);
    expect(first.status).toBe(402);
    const c: MemoChallenge = first.body.toll;
    expect(first.body.toll.how_to_pay).toContainEqual(
      expect.stringMatching(/^One payment buys 1000 requests to \/toll\/rpc\/ \(GET and POST alike\)/),
    );
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const proof = { headers: { 'x-payment-tx': sig } };
    const byGet = await http(`${gw}/toll/rpc/?method=getSlot&toll_memo=${encodeURIComponent(c.memo)}`, proof);
    expect([byGet.status, byGet.headers.get('x-toll-credits-remaining')]).toEqual([200, '999']);
    const byPost = await http(`${gw}/toll/rpc/?toll_memo=${encodeURIComponent(c.memo)}`, {
      method: 'POST',
      json: { jsonrpc: '2.0', id: 7, method: 'getSlot' },
      ...proof,
    });
    expect([byPost.status, byPost.headers.get('x-toll-credits-remaining'), byPost.body.id]).toEqual([200, '998', 7]);
  });

  it('serves 1,000 requests on one proof, with the credits left in a header, then answers 402', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] };
    const first = await http(`${gw}/toll/rpc/`, { method: 'POST', json: body });
    expect(first.status).toBe(402);
    const c: MemoChallenge = first.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const call = () =>
      http(`${gw}/toll/rpc/?toll_memo=${encodeURIComponent(c.memo)}`, {
        method: 'POST',
        json: body,
        headers: { 'x-payment-tx': sig },
      });
    const remaining: number[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const results = await Promise.all(Array.from({ length: 10 }, call));
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.any(String) });
        remaining.push(Number(r.headers.get('x-toll-credits-remaining')));
      }
    }
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    const over = await call();
    expect(over.status).toBe(402);
    expect(over.body.error).toBe('block_used_up');
  }, 120_000);
});
