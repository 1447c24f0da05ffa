import { Keypair } from '@solana/web3.js';
import {
  SUBJECTS,
  TollError,
  perBlock,
  perCall,
  type BlockLeaseRequest,
  type BlockLeaseRevoke,
  type LeaseRequest,
  type LeaseRevoke,
  type PaymentProof,
  type PaymentsTermsReply,
} from '@toll/contracts';
import { JsonLogger, type NatsBus } from '@toll/platform';
import { scratchDatabase } from '@toll/testing';
import { ReceiptSigner, balanceSigningText, issueMemo, localReceiptSeed } from '@toll/x402';
import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { BalanceLeases, type LeaseSpendHandle } from '../../apps/gateway/src/balance-leases';
import { BlockLeases } from '../../apps/gateway/src/block-leases';
import { GatewayConfig } from '../../apps/gateway/src/config';
import { BalanceRepository } from '../../apps/payments/src/balance.repository';
import { BlockLeaseRepository } from '../../apps/payments/src/block-lease.repository';
import { BlockLeaseService } from '../../apps/payments/src/block-lease.service';
import { PaymentsConfig } from '../../apps/payments/src/config';
import { LeaseRepository } from '../../apps/payments/src/lease.repository';
import { LeaseService } from '../../apps/payments/src/lease.service';
import { LedgerRepository, type NewPayment } from '../../apps/payments/src/ledger.repository';
import { PrismaService } from '../../apps/payments/src/prisma.service';
import { deploymentOf, resolveTerms } from '../../apps/payments/src/terms';

// Model-based test of balance leases: the real gateway side (BalanceLeases, its book and journal on disk) and the real
// ledger side (LeaseService, LeaseRepository on Postgres), with payments' NATS replaced by direct calls (JSON on the
// way, as on the wire) so a seeded random sequence of acquire, spend, settle, gateway kill and restart, expiry, cap
// change and withdrawal runs fast. After every step the ledger is checked against what the callers were given.
// Withdrawal has no route (balances cannot be withdrawn): it is modelled here at the ledger level as what a
// withdrawal must do, revoke the wallet's leases in the transaction that lowers what it may spend (setCaps), then
// take money out of available.

const L = 40_000n; // PAYMENTS_LEASE_MAX_ATOMIC
const PRICES = [1_000n, 5_000n, 10_000n];
const SEQUENCES = Number(process.env.LEASE_MODEL_SEQUENCES ?? 8);
const STEPS = Number(process.env.LEASE_MODEL_STEPS ?? 60);
const BLOCK_CAP = 6; // PAYMENTS_BLOCK_LEASE_MAX_CREDITS

const db = scratchDatabase('toll_lease_model');
const logger = new JsonLogger('test', 'error');
const paymentsConfig = PaymentsConfig.parse({
  DATABASE_URL: db.url,
  PAYMENTS_LEASE_MAX_ATOMIC: String(L),
  PAYMENTS_LEASE_GRACE_SECONDS: '5',
  PAYMENTS_BLOCK_LEASE_MAX_CREDITS: String(BLOCK_CAP),
});

// Both models share the scratch database (each works on its own wallet or block); dropped once both are done.
afterAll(() => db.drop());

// One gateway process of the model: a lease driver built by `make` on an in-process bus (every request answered by
// `answer`, its data JSON round-tripped as on the wire) whose revoke subscription joins `listeners`. kill is kill -9:
// no shutdown report; the timer and the subscription die with the process.
function modelGateway<D extends BalanceLeases | BlockLeases, M>(
  dir: string,
  answer: (subject: string, data: unknown) => Promise<unknown>,
  listeners: Set<(m: M) => void>,
  make: (bus: NatsBus, nats: NatsConnection, config: GatewayConfig) => D,
) {
  const bus = {
    request: async (subject: string, data: unknown) =>
      JSON.parse(JSON.stringify(await answer(subject, JSON.parse(JSON.stringify(data))))),
  } as unknown as NatsBus;
  let listener: ((m: M) => void) | undefined;
  const nats = {
    subscribe: (_s: string, o: { callback: (e: unknown, m: { data: Uint8Array }) => void }) => {
      listener = (m) => o.callback(null, { data: new TextEncoder().encode(JSON.stringify(m)) });
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener!) };
    },
  } as unknown as NatsConnection;
  const driver = make(
    bus,
    nats,
    GatewayConfig.parse({ GATEWAY_LEASE_JOURNAL_DIR: dir, GATEWAY_LEASE_REPORT_MS: '5000' }),
  );
  driver.onModuleInit();
  return {
    driver,
    kill: () => {
      clearInterval(driver['ticker']);
      if (listener) listeners.delete(listener);
    },
  };
}

// mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('balance leases, model-based (real ledger on Postgres, real gateway book and journal)', () => {
  let prisma: PrismaService;
  let balances: BalanceRepository;
  let service: LeaseService;
  const revokeListeners = new Set<(m: LeaseRevoke) => void>();
  let paymentsDown = false;
  let paymentsTerms: PaymentsTermsReply;
  const deployment = deploymentOf(resolveTerms(paymentsConfig));

  const sql = async (text: string, params: unknown[] = []) => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    prisma = new PrismaService(paymentsConfig, logger);
    await prisma.onModuleInit();
    balances = new BalanceRepository(prisma);
    const nats = {
      publish: (_s: string, data: string) => revokeListeners.forEach((f) => f(JSON.parse(data))),
    } as unknown as NatsConnection;
    const receipts = new ReceiptSigner(localReceiptSeed());
    service = new LeaseService(
      new LeaseRepository(prisma),
      receipts,
      resolveTerms(paymentsConfig),
      nats,
      paymentsConfig,
      logger,
    );
    // What payments answers on payments.terms (BalanceService.signatureTerms and the receipt key).
    paymentsTerms = {
      ...deployment,
      clock_skew_seconds: paymentsConfig.PAYMENTS_BALANCE_CLOCK_SKEW_SECONDS,
      balance_v1_until: paymentsConfig.PAYMENTS_BALANCE_V1_UNTIL,
      receipt_public_key: receipts.publicKeyBase64,
    };
  });

  afterAll(() => prisma.onModuleDestroy());

  // A gateway process: its BalanceLeases talks to the lease service through JSON, as over NATS; killing it drops its
  // memory and keeps its journal directory.
  const gatewayProcess = (dir: string) => {
    const { driver, kill } = modelGateway(
      dir,
      async (subject, data) => {
        if (paymentsDown) throw new TollError('SERVICE_UNAVAILABLE', `no service is answering ${subject}`);
        return subject === SUBJECTS.paymentsTerms ? paymentsTerms : service.lease(data as LeaseRequest);
      },
      revokeListeners,
      (bus, nats, config) => new BalanceLeases(bus, nats, config, logger),
    );
    return { leases: driver, kill };
  };

  const signer = (kp: Keypair) => {
    const key = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), kp.secretKey.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    });
    return (): Extract<PaymentProof, { kind: 'balance' }> => {
      const signed = {
        method: 'GET',
        path: '/toll/shop/item',
        input_sha256: 'a'.repeat(64),
        timestamp: String(Math.floor(Date.now() / 1000)),
        nonce: randomBytes(12).toString('base64url'),
      };
      return {
        kind: 'balance',
        wallet: kp.publicKey.toBase58(),
        signature: sign(null, Buffer.from(balanceSigningText(signed, deployment)), key).toString('base64'),
        ...signed,
      };
    };
  };

  for (let n = 0; n < SEQUENCES; n++) {
    const seed = 1000 + n;
    it(`keeps the ledger true to the receipts, sequence seed ${seed}`, async () => {
      const random = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
      const kp = Keypair.generate();
      const wallet = kp.publicKey.toBase58();
      const deposit = BigInt(50_000 + Math.floor(random() * 200_000));
      await sql(`INSERT INTO balances (wallet, available_atomic) VALUES ($1, $2)`, [wallet, deposit.toString()]);
      const signed = signer(kp);
      const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'toll-lease-model-')));
      const gateways = dirs.map(gatewayProcess);
      let withdrawn = 0n;
      let faults = 0; // gateway kills and lease expiries
      const receipts = new Map<string, { nonce: string; amount: bigint }>(); // entry id → what the caller holds
      const served = new Map<string, bigint>(); // nonce → price, each signed request the callers were served
      const sent: Array<{ proof: Extract<PaymentProof, { kind: 'balance' }>; price: bigint }> = [];
      const log: string[] = [];

      const check = async (step: string) => {
        // One statement, one snapshot: a report committing meanwhile cannot split the figures.
        const [b] = await sql(
          `SELECT available_atomic::text AS a, day_atomic::text AS d,
             (SELECT coalesce(sum(held_atomic), 0)::text FROM balance_leases WHERE wallet = $1 AND status IN ('active', 'revoked')) AS held,
             (SELECT coalesce(max(held_atomic), 0)::text FROM balance_leases WHERE wallet = $1) AS most,
             (SELECT coalesce(json_agg(json_build_object('id', id, 'nonce', nonce, 'amount', amount_atomic::text)), '[]') FROM balance_entries WHERE wallet = $1 AND kind = 'debit') AS entries
           FROM balances WHERE wallet = $1`,
          [wallet],
        );
        const h = b;
        const entries: Array<{ id: string; nonce: string; amount: string }> = b.entries;
        const charged = entries.reduce((s, e) => s + BigInt(e.amount), 0n);
        const at = `${step} (seed ${seed}; ${log.slice(-6).join(', ')})`;
        // No balance below zero, and what is held never more than what was deposited and not spent or withdrawn.
        expect([at, BigInt(b.a) >= 0n, BigInt(b.d) >= 0n]).toEqual([at, true, true]);
        expect([at, BigInt(h.most) <= L]).toEqual([at, true]);
        expect([at, BigInt(b.a) + BigInt(h.held) + charged + withdrawn]).toEqual([at, deposit]);
        // Each nonce charged at most once; every charge is a receipt a caller holds, for the same amount.
        expect([at, new Set(entries.map((e) => e.nonce)).size]).toEqual([at, entries.length]);
        for (const e of entries) expect([at, e.id, receipts.get(e.id)?.amount]).toEqual([at, e.id, BigInt(e.amount)]);
        // The customer is never charged more than their receipts: at most once per signed request served.
        const owed = [...served.values()].reduce((s, p) => s + p, 0n);
        expect([at, charged <= owed]).toEqual([at, true]);
      };

      const spend = async (g: number, replay: boolean) => {
        // A replay is the same signed request: same path, so the same price.
        const { proof, price } = replay && sent.length ? pick(sent) : { proof: signed(), price: pick(PRICES) };
        if (!replay) sent.push({ proof, price });
        const route = {
          operationId: 'shop.getItem',
          path: '/toll/shop/item',
          price: perCall((Number(price) / 1e6).toString()),
        };
        let take;
        try {
          take = await gateways[g].leases.take(proof, route, `r-${sent.length}`, 'b'.repeat(64), false);
        } catch (e) {
          log.push(`spend g${g}: ${(e as TollError).code}`);
          return;
        }
        log.push(`spend g${g} ${price}${replay ? ' replay' : ''}: ${take.kind}`);
        if (take.kind !== 'spend') return;
        // our failure: not charged
        if (random() < 0.15) return gateways[g].leases.giveBack(take.handle as LeaseSpendHandle);
        const { receipt } = gateways[g].leases.served(take.handle, { json: `{"served":${sent.length}}`, headers: {} });
        const claims = new ReceiptSigner(localReceiptSeed()).check(receipt);
        if (!claims.valid) throw new Error('receipt does not verify');
        receipts.set(claims.claims.settlement.reference!, { nonce: proof.nonce, amount: price });
        served.set(proof.nonce, price);
      };

      for (let step = 0; step < STEPS; step++) {
        const g = Math.floor(random() * 2);
        const r = random();
        if (r < 0.45) await spend(g, false);
        else if (r < 0.52) await spend(g, true);
        else if (r < 0.67) {
          log.push(`settle g${g}`);
          await gateways[g].leases.flush();
        } else if (r < 0.74) {
          log.push(`kill and restart g${g}`);
          gateways[g].kill();
          faults++;
          gateways[g] = gatewayProcess(dirs[g]);
          await gateways[g].leases.flush();
        } else if (r < 0.8) {
          log.push('expiry');
          faults++;
          await sql(`UPDATE balance_leases SET expires_at = now() - interval '10 seconds' WHERE wallet = $1`, [wallet]);
          for (const gw of gateways) for (const l of gw.leases.book.leases.values()) l.expiresAtMs = 0;
          await service['leases'].releaseExpired(paymentsConfig.PAYMENTS_LEASE_GRACE_SECONDS);
        } else if (r < 0.87) {
          const cap = random() < 0.5 ? null : BigInt(Math.floor(random() * 100_000));
          log.push(`cap ${cap}`);
          if (await balances.setCaps(wallet, null, cap)) service.revoke({ wallet, reason: 'caps_changed' });
        } else if (r < 0.92) {
          const amount = BigInt(Math.floor(random() * 30_000));
          log.push(`withdraw ${amount}`);
          if (await balances.setCaps(wallet, null, null)) service.revoke({ wallet, reason: 'caps_changed' });
          const done = await sql(
            `UPDATE balances SET available_atomic = available_atomic - $2 WHERE wallet = $1 AND available_atomic ` +
              `>= $2 RETURNING 1`,
            [wallet, amount.toString()],
          );
          if (done.length) withdrawn += amount;
        } else {
          paymentsDown = !paymentsDown;
          log.push(paymentsDown ? 'payments down' : 'payments up');
        }
        // Reports a revocation started run on their own: let them land before looking.
        for (let i = 0; i < 200 && gateways.some((gw) => gw.leases['reporting'].size > 0); i++)
          await new Promise((r) => setTimeout(r, 5));
        await check(`step ${step}`);
      }

      // Recovery: payments back, both gateways report and close, the leases expire and are swept.
      paymentsDown = false;
      for (const gw of gateways) {
        await gw.leases.flush();
        await gw.leases.onApplicationShutdown();
        gw.kill();
      }
      await sql(`UPDATE balance_leases SET expires_at = now() - interval '10 seconds' WHERE wallet = $1`, [wallet]);
      await service['leases'].releaseExpired(paymentsConfig.PAYMENTS_LEASE_GRACE_SECONDS);
      await check('after recovery');
      const [{ held }] = await sql(
        `SELECT coalesce(sum(held_atomic), 0)::text AS held FROM balance_leases WHERE wallet = $1 AND status IN ` +
          `('active', 'revoked')`,
        [wallet],
      );
      expect(held).toBe('0');
      // A fault loses at most L of our money per gateway: calls served and never charged (the journal makes that 0
      // after a kill; a lease that expired before its gateway reported is charged only while the balance covers it).
      const charged = new Set(
        (await sql(`SELECT nonce FROM balance_entries WHERE wallet = $1`, [wallet])).map((e) => e.nonce),
      );
      const lost = [...served].filter(([nonce]) => !charged.has(nonce)).reduce((s, [, p]) => s + p, 0n);
      expect([seed, lost <= 2n * L * BigInt(faults)]).toEqual([seed, true]);
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }, 60_000);
  }
});

// The same model for prepaid blocks on leases: the real gateway side (BlockLeases, its book and journal on disk) and
// the real ledger side (BlockLeaseService, BlockLeaseRepository, and LedgerRepository's per-request hold and settle
// for the calls payments.call decides), with payments' NATS replaced by direct calls. A random sequence of spends on
// two gateways, per-request calls, settles, kills and restarts, expiries and payments going down; after every step the
// block's ledger is checked against the receipts the callers hold.
describe('block leases, model-based (real ledger on Postgres, real gateway book and journal)', () => {
  let prisma: PrismaService;
  let ledger: LedgerRepository;
  let service: BlockLeaseService;
  const revokeListeners = new Set<(m: BlockLeaseRevoke) => void>();
  let paymentsDown = false;
  const terms = resolveTerms(paymentsConfig);
  const receiptKey = new ReceiptSigner(localReceiptSeed());

  const sql = async (text: string, params: unknown[] = []) => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    prisma = new PrismaService(paymentsConfig, logger);
    await prisma.onModuleInit();
    ledger = new LedgerRepository(prisma);
    const nats = {
      publish: (_s: string, data: string) => revokeListeners.forEach((f) => f(JSON.parse(data))),
    } as unknown as NatsConnection;
    service = new BlockLeaseService(new BlockLeaseRepository(prisma), receiptKey, terms, nats, paymentsConfig, logger);
  });

  afterAll(() => prisma.onModuleDestroy());

  const gatewayProcess = (dir: string) => {
    const { driver, kill } = modelGateway(
      dir,
      async (subject, data) => {
        if (paymentsDown) throw new TollError('SERVICE_UNAVAILABLE', `no service is answering ${subject}`);
        return service.lease(data as BlockLeaseRequest);
      },
      revokeListeners,
      (bus, nats, config) => new BlockLeases(bus, nats, config, logger),
    );
    return { blocks: driver, kill };
  };

  for (let n = 0; n < SEQUENCES; n++) {
    const seed = 2000 + n;
    it(`keeps the block's ledger true to the receipts, sequence seed ${seed}`, async () => {
      const random = rng(seed);
      const total = 20 + Math.floor(random() * 40);
      const route = { operationId: 'shop.getPack', path: '/toll/shop/pack', price: perBlock('0.01', total) };
      const signature = Keypair.generate().publicKey.toBase58() + Keypair.generate().publicKey.toBase58();
      const { memo } = issueMemo(terms.memoSecret, {
        operationId: route.operationId,
        usd: '0.01',
        usdcAtomic: 10_000n,
        lamports: null,
        expiresAt: Math.floor(Date.now() / 1000) + 600,
        binding: null,
      });
      const payment: NewPayment = {
        kind: 'memo',
        proofKey: signature,
        txSignature: signature,
        memo,
        operationId: route.operationId,
        priceUsd: '0.01',
        asset: 'USDC',
        amountAtomic: 10_000n,
        payer: Keypair.generate().publicKey.toBase58(),
        network: terms.network.caip2,
        creditsTotal: total,
      };
      // The block's first call, verified and settled through payments.call.
      const first = await ledger.hold(payment, 'first', 30);
      if (!first.ok) throw new Error(first.reason);
      await ledger.settle(first.holdId);
      const receipts = new Set<string>([first.holdId]);
      const proof = { kind: 'memo' as const, signature, memo };
      const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'toll-block-model-')));
      const gateways = dirs.map(gatewayProcess);
      let faults = 0;
      const log: string[] = [];

      const check = async (step: string) => {
        const [b] = await sql(
          `SELECT p.credits_total AS total, p.credits_used AS used, p.credits_held AS held,
             (SELECT coalesce(sum(held_credits), 0)::int FROM block_leases WHERE payment_id = p.id AND status IN ('active', 'revoked')) AS leased,
             (SELECT coalesce(max(held_credits), 0)::int FROM block_leases WHERE payment_id = p.id) AS most,
             (SELECT count(*)::int FROM holds WHERE payment_id = p.id AND status = 'held') AS holding,
             (SELECT coalesce(json_agg(id), '[]') FROM holds WHERE payment_id = p.id AND status = 'settled') AS settled
           FROM payments p WHERE p.proof_key = $1`,
          [signature],
        );
        const at = `${step} (seed ${seed}; ${log.slice(-6).join(', ')})`;
        // Never more credits used or held than the block has; held is exactly what leases and holds hold.
        expect([at, b.used + b.held <= b.total, b.most <= BLOCK_CAP]).toEqual([at, true, true]);
        expect([at, b.held]).toEqual([at, b.leased + b.holding]);
        // Every credit used is a settled hold, and every settled hold a receipt a caller holds (each once).
        expect([at, b.settled.length]).toEqual([at, b.used]);
        for (const id of b.settled as string[]) expect([at, id, receipts.has(id)]).toEqual([at, id, true]);
      };

      const spend = async (g: number) => {
        let take;
        try {
          take = await gateways[g].blocks.take(proof, route, `r-${receipts.size}`, 'b'.repeat(64), false);
        } catch (e) {
          log.push(`spend g${g}: ${(e as TollError).code}`);
          return;
        }
        log.push(`spend g${g}: ${take.kind}`);
        if (take.kind === 'payments') {
          // payments.call: the per-request hold and settle, when payments answers.
          try {
            if (paymentsDown) return;
            const held = await ledger.hold(payment, `p-${receipts.size}`, 30);
            log.push(held.ok ? 'payments.call served' : `payments.call ${held.reason}`);
            if (!held.ok) return;
            await ledger.settle(held.holdId);
            receipts.add(held.holdId);
          } finally {
            take.done();
          }
          return;
        }
        if (random() < 0.15) return gateways[g].blocks.giveBack(take.handle); // our failure: not charged
        const { receipt } = gateways[g].blocks.served(take.handle, {
          json: `{"served":${receipts.size}}`,
          headers: {},
        });
        const claims = receiptKey.check(receipt);
        if (!claims.valid) throw new Error('receipt does not verify');
        receipts.add(claims.claims.receipt_id);
      };

      for (let step = 0; step < STEPS; step++) {
        const g = Math.floor(random() * 2);
        const r = random();
        if (r < 0.6) await spend(g);
        else if (r < 0.75) {
          log.push(`settle g${g}`);
          await gateways[g].blocks.flush();
        } else if (r < 0.83) {
          log.push(`kill and restart g${g}`);
          gateways[g].kill();
          faults++;
          gateways[g] = gatewayProcess(dirs[g]);
          await gateways[g].blocks.flush();
        } else if (r < 0.9) {
          log.push('expiry');
          faults++;
          await sql(
            `UPDATE block_leases SET expires_at = now() - interval '10 seconds'
             WHERE payment_id = (SELECT id FROM payments WHERE proof_key = $1)`,
            [signature],
          );
          for (const gw of gateways) for (const l of gw.blocks.book.leases.values()) l.expiresAtMs = 0;
          await service['leases'].releaseExpired(paymentsConfig.PAYMENTS_LEASE_GRACE_SECONDS);
        } else {
          paymentsDown = !paymentsDown;
          log.push(paymentsDown ? 'payments down' : 'payments up');
        }
        for (let i = 0; i < 200 && gateways.some((gw) => gw.blocks['reporting'].size > 0); i++)
          await new Promise((r) => setTimeout(r, 5));
        await check(`step ${step}`);
      }

      // Recovery: payments back, both gateways report and close, the leases expire and are swept.
      paymentsDown = false;
      for (const gw of gateways) {
        await gw.blocks.flush();
        await gw.blocks.onApplicationShutdown();
        gw.kill();
      }
      await sql(
        `UPDATE block_leases SET expires_at = now() - interval '10 seconds'
         WHERE payment_id = (SELECT id FROM payments WHERE proof_key = $1)`,
        [signature],
      );
      await service['leases'].releaseExpired(paymentsConfig.PAYMENTS_LEASE_GRACE_SECONDS);
      await check('after recovery');
      const [b] = await sql(`SELECT credits_used AS used, credits_held AS held FROM payments WHERE proof_key = $1`, [
        signature,
      ]);
      expect([seed, b.held]).toEqual([seed, 0]);
      // A fault loses at most the lease cap of credits per gateway: calls served and never charged (the journal makes
      // that 0 after a kill; a lease that expired before its gateway reported is charged only from free credits).
      expect([seed, receipts.size - b.used <= 2 * BLOCK_CAP * faults]).toEqual([seed, true]);
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }, 60_000);
  }
});
