import { STEP_SECONDS, appMetrics } from '@toll/telemetry';
import { Counter, Gauge, Histogram } from 'prom-client';

// Payments' own families (beside the platform's: handler timings per subject, payments.call's among them, statement
// latency per ledger statement, chain reads per RPC method). Money is counted in atomic units (USDC: 6 decimals, SOL:
// lamports), exact in a double up to 2^53 atomic units per series. Label values come from our code: flows, assets,
// operationIds, reason codes.
export const paymentsMetrics = () =>
  appMetrics('payments', (registry) => ({
    // flow: memo, x402, balance; result: ok (a hold was taken) or the refusal reason (docs/payments.md).
    verifications: new Counter({
      name: 'toll_payments_verifications_total',
      help: 'Proofs verified, by flow and result (ok or the refusal reason)',
      labelNames: ['flow', 'result'] as const,
      registers: [registry],
    }),
    settles: new Counter({
      name: 'toll_payments_settles_total',
      help: 'Holds settled, by flow and result (ok, error)',
      labelNames: ['flow', 'result'] as const,
      registers: [registry],
    }),
    releases: new Counter({
      name: 'toll_payments_releases_total',
      help: 'Holds given back, by reason (the error code of our failure, or UNCHARGED)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    // On-chain money received: counted once per payment, at its first settlement (a block's later credits add nothing).
    settledAtomic: new Counter({
      name: 'toll_payments_settled_atomic_total',
      help: 'Money received on chain, in atomic units of the asset (USDC: 1e-6, SOL: lamports), by asset and operation',
      labelNames: ['asset', 'operation'] as const,
      registers: [registry],
    }),
    // Payments credited to their payer's balance (POST /toll/payments/balance/credit), by basis
    // (proof-credit.service.ts).
    balanceCreditedAtomic: new Counter({
      name: 'toll_payments_balance_credited_atomic_total',
      help:
        "USDC atomic units of payments credited to their payer's prepaid balance, by basis (unused, " +
        'unused_credits, unredeemed, memo_expired, amount_too_low)',
      labelNames: ['basis'] as const,
      registers: [registry],
    }),
    // Calls paid from a prepaid balance (its deposits are on-chain payments above).
    balanceDebitedAtomic: new Counter({
      name: 'toll_payments_balance_debited_atomic_total',
      help: 'USDC atomic units debited from prepaid balances, by operation',
      labelNames: ['operation'] as const,
      registers: [registry],
    }),
    // Which signed form verified: v1 (no deployment lines) should fall to zero before PAYMENTS_BALANCE_V1_UNTIL.
    balanceSignatures: new Counter({
      name: 'toll_payments_balance_signatures_total',
      help: 'Balance signatures verified, by signed form (v1, v2)',
      labelNames: ['version'] as const,
      registers: [registry],
    }),
    // Calls gateways served from a balance lease and reported, charged now (a repeated report or replayed nonce adds
    // nothing).
    leaseCharged: new Counter({
      name: 'toll_payments_lease_calls_charged_total',
      help: 'Calls paid from balance leases, charged when their gateway reported them',
      registers: [registry],
    }),
    // Prepaid block calls gateways served from a block lease and reported, charged now (a repeated report adds
    // nothing).
    blockLeaseCharged: new Counter({
      name: 'toll_payments_block_lease_calls_charged_total',
      help: 'Prepaid block calls served from block leases, charged when their gateway reported them',
      registers: [registry],
    }),
    receiptSign: new Histogram({
      name: 'toll_payments_receipt_sign_duration_seconds',
      help: 'Ed25519 receipt signing',
      buckets: STEP_SECONDS,
      registers: [registry],
    }),
  }));

// A refusal reason as a label: our reason codes are snake_case words; anything else (a facilitator's free text)
// becomes `other`, so no outside party can mint label values.
export const reasonLabel = (reason: string) => (/^[a-z0-9_]{1,64}$/.test(reason) ? reason : 'other');

// Prepaid money we hold for payers, read from the ledger when scraped (one aggregate statement a scrape): available
// (spendable) and held (by calls in flight). A failed read keeps the last figures rather than failing the scrape.
export const balanceTotalsMetric = (read: () => Promise<{ available: bigint; held: bigint }>) =>
  appMetrics('payments.balance-totals', (registry) => {
    return new Gauge({
      name: 'toll_payments_balance_atomic',
      help:
        'Prepaid USDC atomic units held for payers, by state (available, held by calls in flight), read from the ' +
        'ledger at scrape time',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const totals = await read().catch(() => undefined);
        if (!totals) return;
        this.set({ state: 'available' }, Number(totals.available));
        this.set({ state: 'held' }, Number(totals.held));
      },
    });
  });
