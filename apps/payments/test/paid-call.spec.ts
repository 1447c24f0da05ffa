import { Keypair } from '@solana/web3.js';
import { TollError, type PaidCallRequest } from '@toll/contracts';
import { JsonLogger, NatsBus } from '@toll/platform';
import type { SolanaRpc } from '@toll/solana';
import { natsClient, respond, scratchDatabase, startNats, type NatsServer } from '@toll/testing';
import { balanceSigningText, inputSha256, requestSha256, sha256Hex } from '@toll/x402';
import { createPrivateKey, randomBytes, randomUUID, sign } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { BalanceRepository } from '../src/balance.repository';
import { BalanceService } from '../src/balance.service';
import { ChallengeService } from '../src/challenge.service';
import { PaymentsConfig } from '../src/config';
import type { Facilitator } from '../src/facilitator';
import { LedgerRepository } from '../src/ledger.repository';
import { PaidCallService } from '../src/paid-call.service';
import { PrismaService } from '../src/prisma.service';
import { ReceiptSigner } from '@toll/x402';
import { ReplySeal } from '../src/reply-seal';
import { SettlementService } from '../src/settlement.service';
import type { SolPriceService } from '../src/sol-price.service';
import { deploymentOf, resolveTerms } from '../src/terms';
import { VerifyService } from '../src/verify.service';

const db = scratchDatabase('toll_payments_paid_call');
const config = PaymentsConfig.parse({ DATABASE_URL: db.url });
const logger = new JsonLogger('test', 'error');
const PATH = '/toll/shop/item';

// payments.call with balance proofs (no chain involved), the group a responder on a real NATS server: the paid
// call's lifecycle where the hold lives — served and settled, released after the group's failure or an uncharged
// answer, redelivered from the stored answer.
describe(PaidCallService.name, () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let prisma: PrismaService;
  let ledger: LedgerRepository;
  let balanceRepo: BalanceRepository;
  let receipts: ReceiptSigner;
  let paidCalls: PaidCallService;

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    prisma = new PrismaService(config, logger);
    await prisma.onModuleInit();
    ledger = new LedgerRepository(prisma);
    balanceRepo = new BalanceRepository(prisma);
    const terms = resolveTerms(config);
    const refuse = (what: string) =>
      new Proxy({}, { get: () => () => Promise.reject(new Error(`${what} was called`)) });
    const challenges = new ChallengeService(terms, { current: () => null } as unknown as SolPriceService);
    receipts = new ReceiptSigner(randomBytes(32));
    const seal = new ReplySeal('s'.repeat(32));
    const balances = new BalanceService(balanceRepo, challenges, receipts, seal, terms, config, logger);
    const verifier = new VerifyService(
      ledger,
      challenges,
      refuse('the chain') as SolanaRpc,
      refuse('the facilitator') as Facilitator,
      terms,
      seal,
      config,
      logger,
      balances,
    );
    const settlement = new SettlementService(ledger, receipts, seal, config, logger, balances, balanceRepo);
    paidCalls = new PaidCallService(verifier, settlement, new NatsBus(nc), logger);
  });

  afterAll(async () => {
    await prisma.onModuleDestroy();
    await nc.close();
    await nats.stop();
    await db.drop();
  });

  // A wallet with `atomic` USDC on its balance: a deposit of a tier that exists only in this test database.
  async function fundedWallet(atomic: bigint) {
    const payer = Keypair.generate();
    const wallet = payer.publicKey.toBase58();
    const tier = `test.deposit${atomic}`;
    const c = new Client({ connectionString: db.url });
    await c.connect();
    await c.query('INSERT INTO deposit_tiers (operation_id, credit_atomic) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      tier,
      atomic.toString(),
    ]);
    await c.end();
    const tx = randomBytes(32).toString('hex');
    const held = await ledger.hold(
      {
        kind: 'memo',
        proofKey: tx,
        txSignature: tx,
        memo: randomUUID(),
        operationId: tier,
        priceUsd: '1',
        asset: 'USDC',
        amountAtomic: 1n,
        payer: wallet,
        network: 'solana:test',
        creditsTotal: 1,
      },
      'r',
      60,
    );
    if (!held.ok) throw new Error('expected a deposit hold');
    await ledger.settle(held.holdId);
    const key = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), payer.secretKey.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    });
    return { wallet, key };
  }

  // One signed call of shop.getItem at 0.01 USD (10,000 atomic), each with its own nonce.
  function paidCall({ wallet, key }: Awaited<ReturnType<typeof fundedWallet>>, requestKey?: string): PaidCallRequest {
    const signed = {
      method: 'GET',
      path: PATH,
      input_sha256: inputSha256({}),
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: randomBytes(12).toString('hex'),
    };
    return {
      requestId: `r-${randomUUID()}`,
      resourceUrl: `http://toll.test${PATH}`,
      route: {
        operationId: 'shop.getItem',
        method: 'GET',
        path: PATH,
        summary: 'Item',
        price: { per: 'call', usd: '0.01' },
        inputSchema: {},
        outputSchema: {},
      },
      proof: {
        kind: 'balance',
        wallet,
        ...signed,
        signature: sign(
          null,
          Buffer.from(balanceSigningText(signed, deploymentOf(resolveTerms(config)))),
          key,
        ).toString('base64'),
      },
      requestKey,
      subject: 'toll.shop.getItem',
      timeoutMs: 1_000,
      input: {},
      caller: { ip: '203.0.113.7' },
      request_sha256: requestSha256('shop.getItem', 'GET', PATH, {}),
    };
  }

  // The reply without its raw-body mark (a symbol: it leaves as envelope + body text, reply-framing.ts).
  const plain = (reply: object) => Object.fromEntries(Object.entries(reply));
  const balanceOf = async (wallet: string) => (await balanceRepo.entries(wallet, 1))[0].balance_after_atomic.toString();

  it('forwards a verified call to the group with its payer and deadline, and settles on the exact body it served', async () => {
    const owner = await fundedWallet(50_000n);
    const body = '{"big":18446744073709551615}';
    const group = respond(nc, 'toll.shop.getItem', () => ({
      response: { data: null, json: body, headers: { 'x-toll-cache': 'hit', 'set-cookie': 'a=b' } },
    }));
    await nc.flush();
    const req = paidCall(owner);
    const reply = await paidCalls.call(req);
    group.stop();
    expect(plain(reply)).toEqual({
      kind: 'answer',
      json: body,
      headers: { 'x-toll-cache': 'hit' },
      settled: {
        paymentResponse: expect.any(String),
        receipt: expect.any(String),
        creditsRemaining: undefined,
        redelivery: undefined,
        balanceAtomic: '40000',
      },
    });
    expect(group.calls).toEqual([
      { input: {}, requestId: req.requestId, caller: req.caller, payer: owner.wallet, deadline: expect.any(Number) },
    ]);
    if (reply.kind !== 'answer') throw new Error('expected an answer');
    expect(receipts.check(reply.settled!.receipt)).toMatchObject({
      valid: true,
      claims: {
        operation_id: 'shop.getItem',
        payer: owner.wallet,
        amount_atomic: '10000',
        request_sha256: req.request_sha256,
        response_sha256: sha256Hex(body),
      },
    });
    expect(await balanceOf(owner.wallet)).toBe('40000');
  });

  it('releases the hold after the group fails and tells the caller nothing was taken', async () => {
    const owner = await fundedWallet(50_000n);
    const group = respond(nc, 'toll.shop.getItem', () => ({
      err: { code: 'UPSTREAM_ERROR', message: 'every provider failed', details: { retry_after_seconds: 30 } },
    }));
    await nc.flush();
    const failed = await paidCalls.call(paidCall(owner)).catch((e: unknown) => e);
    group.stop();
    expect(failed).toBeInstanceOf(TollError);
    expect((failed as TollError).toJSON()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'every provider failed',
      details: {
        retry_after_seconds: 30,
        payment: {
          status: 'unused',
          transaction: null,
          operation_id: 'shop.getItem',
          retry:
            'nothing was debited from your balance: sign this request again with a new nonce and timestamp to retry.',
        },
      },
    });
    expect(await balanceOf(owner.wallet)).toBe('50000');
    // Nobody answering the operation is our failure too.
    await expect(paidCalls.call(paidCall(owner))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { payment: { status: 'unused' } },
    });
    expect(await balanceOf(owner.wallet)).toBe('50000');
  });

  it('releases the hold for an answer the group serves uncharged', async () => {
    const owner = await fundedWallet(50_000n);
    const group = respond(nc, 'toll.shop.getItem', () => ({
      response: { data: { stale: true }, uncharged: 'nothing fresh to sell' },
    }));
    await nc.flush();
    const reply = await paidCalls.call(paidCall(owner));
    group.stop();
    expect(plain(reply)).toEqual({
      kind: 'answer',
      json: '{"stale":true}',
      headers: {},
      uncharged: 'nothing fresh to sell',
    });
    expect(await balanceOf(owner.wallet)).toBe('50000');
  });

  it('redelivers a repeated request from the stored answer, charged once and without asking the group again', async () => {
    const owner = await fundedWallet(50_000n);
    const group = respond(nc, 'toll.shop.getItem', () => ({ response: { data: { n: Math.random() } } }));
    await nc.flush();
    const first = await paidCalls.call(paidCall(owner, 'k'.repeat(64)));
    const again = await paidCalls.call(paidCall(owner, 'k'.repeat(64)));
    group.stop();
    if (first.kind !== 'answer' || again.kind !== 'answer') throw new Error('expected answers');
    expect([group.calls.length, again.json, again.settled?.redelivery]).toEqual([1, first.json, 1]);
    expect(await balanceOf(owner.wallet)).toBe('40000');
  });

  it('while the operation is unavailable, redelivers an answer already paid for and refuses anything else, asking nobody', async () => {
    const owner = await fundedWallet(50_000n);
    const group = respond(nc, 'toll.shop.getItem', () => ({ response: { data: { n: Math.random() } } }));
    await nc.flush();
    const first = await paidCalls.call(paidCall(owner, 'u'.repeat(64)));
    const unavailable = { message: 'shop.getItem cannot be served right now (pool empty)', retry_after_seconds: 300 };
    const again = await paidCalls.call({ ...paidCall(owner, 'u'.repeat(64)), unavailable });
    if (first.kind !== 'answer' || again.kind !== 'answer') throw new Error('expected answers');
    expect([again.json, again.settled?.redelivery]).toEqual([first.json, 1]);
    const refused = await paidCalls.call({ ...paidCall(owner), unavailable }).catch((e: unknown) => e);
    group.stop();
    expect((refused as TollError).toJSON()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: unavailable.message,
      details: { retry_after_seconds: 300, payment: { status: 'unused' } },
    });
    expect(group.calls).toHaveLength(1);
    expect(await balanceOf(owner.wallet)).toBe('40000');
  });

  it('answers a refused proof with a fresh challenge, asking nobody', async () => {
    const owner = await fundedWallet(50_000n);
    const group = respond(nc, 'toll.shop.getItem', () => ({ response: { data: {} } }));
    await nc.flush();
    const req = paidCall(owner);
    const forged = { ...req, proof: { ...req.proof, nonce: randomBytes(12).toString('hex') } } as PaidCallRequest;
    const reply = await paidCalls.call(forged);
    group.stop();
    expect(reply.kind).toBe('challenge');
    expect(group.calls).toEqual([]);
    expect(await balanceOf(owner.wallet)).toBe('50000');
  });
});
