import { paymentAccounts } from '../../tools/payments-health';
import { stackHarness } from './stack-harness';

// `npm start` and `npm run demo` fund the accounts the payments health names (tools/payments-health.js). Read here from
// the live health, so a renamed field fails this test instead of crashing `npm start` on a fresh clone (issue 33).
describe('the payments health as the local tools read it', () => {
  const { stack } = stackHarness();

  it('names the recipient and the fee payer under the fields the tools read', async () => {
    let health: unknown;
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${stack.gw}/toll/payments/health`);
      if (res.ok) {
        health = await res.json();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const accounts = paymentAccounts(health);
    expect(accounts.recipient).toBe(stack.recipient.toBase58());
    expect(accounts.feePayer).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(accounts.feePayer).not.toBe(accounts.recipient);
  });

  it('refuses a health without those fields, naming the one missing', () => {
    expect(() =>
      paymentAccounts({ terms: { recipient: stack.recipient.toBase58(), feePayer: stack.recipient.toBase58() } }),
    ).toThrow(/terms\.fee_payer/);
    expect(() =>
      paymentAccounts({ terms: { recipient: 'not a key', fee_payer: stack.recipient.toBase58() } }),
    ).toThrow();
  });
});
