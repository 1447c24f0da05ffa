import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { http, loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { startBooks } from '../../apps/books/src/bootstrap';
import { startRecalls } from '../../apps/recalls/src/bootstrap';
import { startStack, type Stack } from './stack';

const fixtures = (app: string) => loadFixtures(join(__dirname, '../../apps', app, 'test/fixtures'));
const cases = (app: string, ...names: string[]) =>
  fixtures(app).filter((f) => names.includes(`${f.upstream}/${f.case}`));

// Book Metadata and Recall Search behind the real gateway and payments on the local chain: paid answers carry a
// receipt, a NOT_FOUND or an upstream failure is never charged, and bad input is refused before any 402.
describe('books and recalls through gateway and payments', () => {
  let stack: Stack;
  let upstream: FakeUpstream;
  let gw: string;

  const pay = async (path: string) => {
    const challenge = await http(`${gw}${path}`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    return {
      c,
      redeem: () => http(`${gw}${path}&toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': sig } }),
    };
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const env = (natsUrl: string) => ({
      NATS_URL: natsUrl,
      LOG_LEVEL: 'error',
      NATS_GRACE_PERIOD_MS: '50',
      ANNOUNCE_INTERVAL_MS: '500',
      BOOKS_OPENLIBRARY_URL: upstream.url,
      BOOKS_GOOGLE_URL: upstream.url,
      RECALLS_OPENFDA_URL: upstream.url,
      RECALLS_CPSC_URL: upstream.url,
      RECALLS_NHTSA_URL: upstream.url,
      RECALLS_VPIC_URL: upstream.url,
    });
    stack = await startStack({
      groups: [(natsUrl) => startBooks(env(natsUrl)), (natsUrl) => startRecalls(env(natsUrl))],
    });
    gw = stack.gateways[0].url;
    for (const group of ['books', 'recalls'])
      for (let i = 0; i < 100 && (await http(`${gw}/toll/${group}/health`)).status !== 200; i++)
        await new Promise((r) => setTimeout(r, 100));
  }, 60_000);

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
  });

  it('sells an ISBN lookup for 0.005 USDC with a receipt', async () => {
    upstream.use(cases('books', 'open-library/books.ikigai', 'google-books/volumes.empty'));
    const { c, redeem } = await pay('/toll/books/book?isbn=0143130722');
    expect(c.usdc.amount_atomic).toBe('5000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      book: { isbn_13: '9780143130727', title: 'Ikigai' },
      freshness: { stale: false },
    });
    const receipt = served.headers.get('x-toll-receipt')!;
    const check = await http(`${gw}/toll/payments/receipt?receipt=${encodeURIComponent(receipt)}`);
    expect(check.body).toMatchObject({
      valid: true,
      claims: { operation_id: 'books.getBook', price: { per: 'call', usd: '0.005' } },
    });
  });

  it('answers an unknown ISBN with 404 and releases the payment', async () => {
    upstream.use(cases('books', 'open-library/books.no-such-isbn', 'google-books/volumes.empty'));
    const { redeem } = await pay('/toll/books/book?isbn=9780000000002');
    const missing = await redeem();
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(missing.headers.get('payment-response')).toBeNull();
  });

  it('refuses a malformed ISBN and an oversized batch with a 400 before asking for money', async () => {
    const bad = await http(`${gw}/toll/books/book?isbn=not-an-isbn`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['isbn']);
    const batch = await http(`${gw}/toll/books/batch`, {
      method: 'POST',
      json: { isbns: Array(21).fill('9780143130727') },
    });
    expect(batch.status).toBe(400);
  });

  it('sells a VIN recall check for 0.01 USDC with a receipt', async () => {
    upstream.use(cases('recalls', 'nhtsa-vpic/decode.honda-accord-2003', 'nhtsa-recalls/by-vehicle.honda-accord-2003'));
    const { c, redeem } = await pay('/toll/recalls/vin?vin=1HGCM82633A004352');
    expect(c.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ vehicle: { make: 'HONDA', model: 'Accord', year: 2003 }, count: 2 });
    const check = await http(
      `${gw}/toll/payments/receipt?receipt=${encodeURIComponent(served.headers.get('x-toll-receipt')!)}`,
    );
    expect(check.body).toMatchObject({
      valid: true,
      claims: { operation_id: 'recalls.getVin', price: { per: 'call', usd: '0.01' } },
    });
  });

  it('does not charge when every recall dataset fails', async () => {
    upstream.use(cases('recalls', 'openfda/food.503', 'openfda/drug.503', 'openfda/device.503', 'cpsc/recall.503'));
    const { redeem } = await pay('/toll/recalls/search?q=salmonella');
    const failed = await redeem();
    expect([failed.status, failed.body.error.code]).toEqual([502, 'UPSTREAM_ERROR']);
    expect(failed.headers.get('payment-response')).toBeNull();
  });

  it('refuses a malformed VIN and a bad date with a 400 before asking for money', async () => {
    const vin = await http(`${gw}/toll/recalls/vin?vin=1HGCM82633O004352`);
    expect([vin.status, vin.body.error.details.issues.map((i: { field: string }) => i.field)]).toEqual([400, ['vin']]);
    const date = await http(`${gw}/toll/recalls/search?q=salmonella&from=2025-1-1`);
    expect([date.status, date.body.error.details.issues.map((i: { field: string }) => i.field)]).toEqual([
      400,
      ['from'],
    ]);
  });
});
