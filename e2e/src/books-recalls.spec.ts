import { http } from '@toll/testing';
import { startBooks } from '../../apps/books/src/bootstrap';
import { startRecalls } from '../../apps/recalls/src/bootstrap';
import { appFixtures as cases, stackHarness } from './stack-harness';

// Book Metadata and Recall Search behind the real gateway and payments on the local chain: paid answers carry a
// receipt, a NOT_FOUND or an upstream failure is never charged, and bad input is refused before any 402.
describe('books and recalls through gateway and payments', () => {
  const upstreams = (u: string) => ({
    BOOKS_OPENLIBRARY_URL: u,
    BOOKS_GOOGLE_URL: u,
    RECALLS_OPENFDA_URL: u,
    RECALLS_CPSC_URL: u,
    RECALLS_NHTSA_URL: u,
    RECALLS_VPIC_URL: u,
  });
  const { stack, upstream, pay } = stackHarness({
    upstream: [],
    groups: [
      (env, { upstream: u }) => startBooks({ ...env, ...upstreams(u) }),
      (env, { upstream: u }) => startRecalls({ ...env, ...upstreams(u) }),
    ],
    ready: ['/toll/books/health', '/toll/recalls/health'],
  });

  it('sells an ISBN lookup for 0.005 USDC with a receipt', async () => {
    upstream.use(cases('books', 'open-library/books.ikigai', 'google-books/volumes.empty'));
    const { challenge: c, redeem } = await pay('/toll/books/book?isbn=0143130722');
    expect(c.usdc.amount_atomic).toBe('5000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      book: { isbn_13: '9780143130727', title: 'Ikigai' },
      freshness: { stale: false },
    });
    const receipt = served.headers.get('x-toll-receipt')!;
    const check = await http(`${stack.gw}/toll/payments/receipt?receipt=${encodeURIComponent(receipt)}`);
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
    const bad = await http(`${stack.gw}/toll/books/book?isbn=not-an-isbn`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['isbn']);
    const batch = await http(`${stack.gw}/toll/books/batch`, {
      method: 'POST',
      json: { isbns: Array(21).fill('9780143130727') },
    });
    expect(batch.status).toBe(400);
  });

  it('sells a VIN recall check for 0.01 USDC with a receipt', async () => {
    upstream.use(cases('recalls', 'nhtsa-vpic/decode.honda-accord-2003', 'nhtsa-recalls/by-vehicle.honda-accord-2003'));
    const { challenge: c, redeem } = await pay('/toll/recalls/vin?vin=1HGCM82633A004352');
    expect(c.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ vehicle: { make: 'HONDA', model: 'Accord', year: 2003 }, count: 2 });
    const check = await http(
      `${stack.gw}/toll/payments/receipt?receipt=${encodeURIComponent(served.headers.get('x-toll-receipt')!)}`,
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
    const vin = await http(`${stack.gw}/toll/recalls/vin?vin=1HGCM82633O004352`);
    expect([vin.status, vin.body.error.details.issues.map((i: { field: string }) => i.field)]).toEqual([400, ['vin']]);
    const date = await http(`${stack.gw}/toll/recalls/search?q=salmonella&from=2025-1-1`);
    expect([date.status, date.body.error.details.issues.map((i: { field: string }) => i.field)]).toEqual([
      400,
      ['from'],
    ]);
  });
});
