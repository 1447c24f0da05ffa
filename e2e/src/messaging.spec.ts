import { Client } from 'pg';
import { payerProofHeaders, type MemoChallenge } from '@toll/client';
import type { RunningGroup } from '@toll/platform';
import { http } from '@toll/testing';
import { startMessaging } from '../../apps/messaging/src/bootstrap';
import { runPoolCommand } from '../../apps/messaging/src/pool-cli';
import { PoolSweeper } from '../../apps/messaging/src/pool-sweeper';
import { startFakeBotApi, type FakeBotApi } from '../../apps/messaging/test/fake-bot-api';
import { stackHarness } from './stack-harness';

const BOT = 7_000_000_301;

// A bot-month paid through the gateway and payments on the local chain: an empty pool is refused with the
// hold released, and the same proof then buys the bot once the operator has filled the pool.
describe('messaging through gateway and payments', () => {
  let api: FakeBotApi;
  let messaging: RunningGroup;
  let env: Record<string, string>;
  const { stack, sendPayment } = stackHarness({
    setup: async () => {
      api = await startFakeBotApi();
      api.addBot(BOT);
      return api;
    },
    database: 'toll_messaging_e2e',
    groups: [
      async (common, { database }) => {
        env = {
          ...common,
          DATABASE_URL: database,
          MESSAGING_BOT_API_URL: api.url,
          MESSAGING_MANAGER_BOT_TOKEN: api.managerToken,
          MESSAGING_SWEEP_ENABLED: 'false',
        };
        return (messaging = await startMessaging(env));
      },
    ],
    ready: ['/toll/messaging/health'],
  });

  it('refuses input the schema can check before asking for money', async () => {
    const res = await http(`${stack.gw}/toll/messaging/provision`, { method: 'POST', json: { name: 'x'.repeat(65) } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['name']);
  });

  it('refuses before any payment while the pool is empty, then sells the bot-month with its receipt once a bot is free', async () => {
    const path = '/toll/messaging/provision';
    const body = { name: 'E2E Helper' };
    // The empty pool is announced like an open circuit: 503 with Retry-After, no challenge, nobody pays (issue 33).
    const empty = await http(`${stack.gw}${path}`, { method: 'POST', json: body });
    expect(empty.status).toBe(503);
    expect(empty.headers.get('retry-after')).toBe('300');
    expect(empty.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(empty.body.error.message).toContain('no bot is free in the pool');
    expect(empty.body.error.message).toContain('no payment was taken');

    expect(await runPoolCommand(['add', String(BOT)], env)).toEqual([
      `${BOT}: added @toll_pool_${BOT}_bot; it is reset before its first lease`,
    ]);
    await messaging.app.get(PoolSweeper).runOnce();
    let challenge = await http(`${stack.gw}${path}`, { method: 'POST', json: body });
    for (let i = 0; i < 100 && challenge.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 200));
      challenge = await http(`${stack.gw}${path}`, { method: 'POST', json: body });
    }
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    expect(c.usdc.amount_atomic).toBe('500000'); // 0.50 per bot-month
    const sig = await sendPayment(c);
    // The answer (bot token, lease_key) is a credential: only the payer redeems it, with its signature.
    const url = `${stack.gw}${path}?toll_memo=${encodeURIComponent(c.memo)}`;
    const proof = payerProofHeaders(
      'messaging.provision',
      c.memo,
      url,
      { method: 'POST', body: JSON.stringify(body) },
      stack.payer,
    );
    const redeem = () => http(url, { method: 'POST', json: body, headers: { 'x-payment-tx': sig, ...proof } });

    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    expect(served.headers.get('payment-response')).toBeTruthy();
    expect(served.body).toMatchObject({
      platform: 'telegram',
      renewal: false,
      lease: { period_days: 30, renewals: 0 },
      bot: { id: BOT, username: `toll_pool_${BOT}_bot`, token: api.bots.get(BOT)!.token, name: 'E2E Helper' },
      updates: { mode: 'polling', webhook_url: null },
    });
    expect(api.bots.get(BOT)!.name).toBe('E2E Helper');
    const claims = Buffer.from(served.headers.get('x-toll-receipt')!.split('.')[0], 'base64url').toString('utf8');
    expect(JSON.parse(claims)).toMatchObject({
      operation_id: 'messaging.provision',
      price: { per: 'bot-month', usd: '0.50' },
      amount_atomic: '500000',
      payer: stack.payer.publicKey.toBase58(),
    });
    expect(claims).not.toContain(api.bots.get(BOT)!.token.split(':')[1]); // the receipt never carries the token

    // The answer kept for redelivery is sealed at rest: the ledger never holds the token in the clear, and a lost
    // answer still comes back whole on the same proof.
    const ledger = new Client({ connectionString: stack.paymentsDatabaseUrl });
    await ledger.connect();
    const { rows } = await ledger.query<{ body: string }>('SELECT body FROM replies');
    await ledger.end();
    expect(rows.length).toBe(1);
    expect(rows[0].body).not.toContain(api.bots.get(BOT)!.token.split(':')[1]);
    const again = await redeem();
    expect([again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([200, '1', served.text]);

    // The pool's one bot is leased now: a new lease is refused before payment again, but a renewal needs no free bot
    // and is offered its challenge (the hold names lease_id as the input it does not cover).
    let full = await http(`${stack.gw}${path}`, { method: 'POST', json: body });
    for (let i = 0; i < 100 && full.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 200));
      full = await http(`${stack.gw}${path}`, { method: 'POST', json: body });
    }
    expect([full.status, full.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    const renewal = { lease_id: served.body.lease.lease_id, lease_key: served.body.lease.lease_key };
    const renew = await http(`${stack.gw}${path}`, { method: 'POST', json: renewal });
    expect(renew.status).toBe(402);
    expect(renew.body.toll.memo).toMatch(/^toll2:messaging\.provision:0\.50:/);
  });
});
