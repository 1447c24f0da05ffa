import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import {
  http,
  late,
  loadFixtures,
  pollUntil,
  queryOn,
  scratchDatabase,
  startFakeUpstream,
  type FakeUpstream,
  type Fixture,
  type HttpResult,
} from '@toll/testing';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { join } from 'node:path';
import { startStack, type Stack, type StackOptions } from './stack';

type Env = Record<string, string>;
type Closeable = { close(): unknown } | { stop(): unknown } | { end(): unknown };

// What a group of an e2e stack is started with: NATS, the fake upstream and the scratch database of the harness.
export interface StackUrls {
  nats: string;
  rpc: string;
  upstream: string; // '' without a fake upstream
  database: string; // '' without a scratch database
}

export interface StackHarnessOptions extends Omit<StackOptions, 'groups'> {
  // each group by its own bootstrap; `env` holds NATS and the quiet defaults, `urls` what the group may point at
  groups?: Array<(env: Env, urls: StackUrls) => Promise<{ close(): Promise<void> }>>;
  upstream?: Fixture[]; // a fake upstream serving these from the start (`[]`: nothing until `upstream.use`)
  database?: string; // a scratch database (prefix) for the groups, dropped after
  ready?: Ready[]; // what every gateway must answer before the first test

  setup?: () => Promise<Closeable>; // something the groups need running first (a fake bot API), stopped after
}

// A path every gateway must answer with 200, or a request whose answer must pass `until`.
export type Ready =
  string | { path: string; init?: RequestInit & { json?: unknown }; until: (res: HttpResult) => boolean };

// Payments answer a deposit request (a 402 to pay into a balance) once the gateway has its routes.
export const DEPOSIT_READY: Ready = {
  path: '/toll/payments/balance/deposit-1',
  init: { method: 'POST', json: {} },
  until: (res) => res.status === 402,
};

export interface PaidCall {
  challenge: MemoChallenge;
  sig: string;
  redeem(): Promise<HttpResult>; // the same request with the memo and the payment transaction
}

export interface StackHarness {
  stack: Stack;
  upstream: FakeUpstream;
  connection: Connection; // to the stack's chain, confirmed
  // 402 → pay the challenge in USDC with its memo from the stack's payer → `redeem` repeats the call with the proof
  pay(path: string, json?: unknown): Promise<PaidCall>;
  sendPayment(challenge: MemoChallenge): Promise<string>; // the challenge paid in USDC by the stack's payer: signature
  sql(text: string, params?: unknown[]): Promise<any[]>; // a query on the payments ledger, on its own connection
  track<T extends Closeable>(part: T): T; // something the spec opened on the stack (a client, a browser): closed first
}

const ok = (res: HttpResult) => res.status === 200;
const close = (part: Closeable) => ('close' in part ? part.close() : 'stop' in part ? part.stop() : part.end());

// An app's recorded upstream responses (apps/<app>/test/fixtures), all of them or the named `<upstream>/<case>`s.
export function appFixtures(app: string, ...ids: string[]): Fixture[] {
  const all = loadFixtures(join(__dirname, '../../apps', app, 'test/fixtures'));
  if (!ids.length) return all;
  const named = all.filter((f) => ids.includes(`${f.upstream}/${f.case}`));
  if (named.length !== ids.length) throw new Error(`${app} lacks a fixture of ${ids.join(', ')}`);
  return named;
}

// An x402 client paying from the stack's payer on its chain.
export async function payerX402(stack: Stack): Promise<x402Client> {
  const signer = await createKeyPairSignerFromBytes(stack.payer.secretKey);
  const client = new x402Client().register('solana:*', new ExactSvmScheme(signer as never, { rpcUrl: stack.rpc.url }));
  return client.setSpendControls(false); // the local USDC mint sits at the devnet address
}

const GROUP_DEFAULTS: Env = { LOG_LEVEL: 'error', NATS_GRACE_PERIOD_MS: '50', ANNOUNCE_INTERVAL_MS: '500' };

// The scaffolding of an e2e spec in one call: the stack (NATS, chain, payments, gateways), a fake upstream, a scratch
// database and the groups under test, started in beforeAll and stopped in afterAll; the spec keeps its assertions.
export function stackHarness({
  groups = [],
  upstream: fixtures,
  database,
  ready = [],
  setup,
  ...stackOptions
}: StackHarnessOptions = {}): StackHarness {
  const db = database ? scratchDatabase(database) : undefined;
  let stack: Stack | undefined;
  let fake: FakeUpstream | undefined;
  let connection: Connection | undefined;
  const tracked: Closeable[] = [];
  let helper: Closeable | undefined;

  beforeAll(async () => {
    helper = await setup?.();
    fake = fixtures ? await startFakeUpstream(fixtures) : undefined;
    stack = await startStack({
      ...stackOptions,
      groups: groups.map((start) => (nats: string, rpc: string) => {
        const urls = { nats, rpc, upstream: fake?.url ?? '', database: db?.url ?? '' };
        return start({ ...GROUP_DEFAULTS, NATS_URL: nats }, urls);
      }),
    });
    connection = new Connection(stack.rpc.url, 'confirmed');
    for (const gateway of stack.gateways)
      for (const probe of ready) {
        const { path, init, until } = typeof probe === 'string' ? { path: probe, init: {}, until: ok } : probe;
        await pollUntil(() => http(`${gateway.url}${path}`, init), until, 15_000);
      }
  }, 60_000);

  afterAll(async () => {
    for (const part of [...tracked.splice(0).reverse(), stack, fake, helper]) if (part) await close(part);
    await db?.drop();
  }, 60_000);

  const harness: StackHarness = {
    stack: late('stack', () => stack),
    upstream: late('upstream', () => fake),
    connection: late('connection', () => connection),
    pay: async (path, json) => {
      const { gw } = harness.stack;
      const init = json === undefined ? {} : { method: 'POST', json };
      const asked = await http(`${gw}${path}`, init);
      expect(asked.status).toBe(402);
      const challenge: MemoChallenge = asked.body.toll;
      const sig = await harness.sendPayment(challenge);
      const url = `${gw}${path}${path.includes('?') ? '&' : '?'}toll_memo=${encodeURIComponent(challenge.memo)}`;
      return { challenge, sig, redeem: () => http(url, { ...init, headers: { 'x-payment-tx': sig } }) };
    },
    sendPayment: (challenge) => {
      const { payer } = harness.stack;
      return sendAndConfirm(connection!, payer, memoPaymentInstructions(challenge, 'USDC', payer.publicKey));
    },
    sql: (text, params) => queryOn(harness.stack.paymentsDatabaseUrl, text, params),
    track: (part) => (tracked.push(part), part),
  };
  return harness;
}
