// What the local tools (npm start, npm run demo) read from the payments health: the accounts a local chain must fund.
// One reader, checked against the live health by e2e/src/payments-health.spec.ts, so a renamed field fails a test
// instead of crashing `npm start` on a fresh clone.
const { PublicKey } = require('@solana/web3.js');

// Our recipient needs rent-exempt SOL and a USDC account; the fee payer needs SOL for x402 settlements.
function paymentAccounts(health) {
  const terms = health?.terms;
  const named = { recipient: terms?.recipient, fee_payer: terms?.fee_payer };
  for (const [field, value] of Object.entries(named)) {
    if (typeof value !== 'string')
      throw new Error(
        `the payments health has no terms.${field} (got ${JSON.stringify(terms ? Object.keys(terms) : health)})`,
      );
    new PublicKey(value); // throws on anything but a base58 public key
  }
  return { recipient: named.recipient, feePayer: named.fee_payer };
}

async function readPaymentAccounts(gatewayUrl) {
  const res = await fetch(`${gatewayUrl}/toll/payments/health`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`GET ${gatewayUrl}/toll/payments/health answered ${res.status}`);
  return paymentAccounts(await res.json());
}

module.exports = { paymentAccounts, readPaymentAccounts };
