import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { CONTRACT_HEADER, CONTRACT_VERSION, SUBJECTS, perCall, type ChallengeRequest } from '@toll/contracts';
import { NatsBus } from '@toll/platform';
import { http, natsClient, respond, waitFor } from '@toll/testing';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stackHarness } from './stack-harness';

// Groups release independently, so production runs today's gateway and payments next to groups built from
// older commits. A group speaking the previous contract (1: the manifest fixture below is what groups announced
// before envelopes were versioned, and it answers in version-1 envelopes) is served, paid calls included; a
// group speaking a version this build cannot serve is refused, visibly.
const V1_MANIFEST = JSON.parse(readFileSync(join(__dirname, 'fixtures/contract-1-manifest.json'), 'utf8'));

// A group as version 1 speaks it: no version header read or sent, replies without `contract`.
function startGroup(nc: NatsConnection, manifest: Record<string, unknown>, seen: Array<string | undefined>) {
  const announce = () => nc.publish(SUBJECTS.catalogAnnounce, Buffer.from(JSON.stringify(manifest)));
  const subs = [
    nc.subscribe(SUBJECTS.catalogRequest, { callback: announce }),
    nc.subscribe(`toll.${manifest.group}.>`, {
      callback: (_err, msg) => {
        seen.push(msg.headers?.get(CONTRACT_HEADER));
        const { id, pattern } = JSON.parse(Buffer.from(msg.data).toString('utf8'));
        const data = pattern.endsWith('.getHealth') ? { ok: true } : { quote: 'served by contract 1' };
        msg.respond(Buffer.from(JSON.stringify({ response: { data }, isDisposed: true, id })));
      },
    }),
  ];
  announce();
  const timer = setInterval(announce, 300);
  return () => {
    clearInterval(timer);
    subs.forEach((s) => s.unsubscribe());
  };
}

const challengeRequest = (requestId: string): ChallengeRequest => ({
  requestId,
  resourceUrl: 'http://127.0.0.1/toll/legacy/quote',
  route: {
    operationId: 'legacy.getQuote',
    method: 'GET',
    path: '/toll/legacy/quote',
    summary: 'A quote',
    price: perCall('0.01'),
    inputSchema: {},
    outputSchema: {},
  },
});

async function request(nc: NatsConnection, subject: string, data: unknown, contract?: string) {
  const h = natsHeaders();
  if (contract) h.set(CONTRACT_HEADER, contract);
  const reply = await nc.request(subject, Buffer.from(JSON.stringify({ pattern: subject, data, id: 'x' })), {
    timeout: 5_000,
    headers: h,
  });
  return JSON.parse(Buffer.from(reply.data).toString('utf8'));
}

describe('mixed contract versions: today’s gateway and payments with older and newer groups', () => {
  const { stack, track } = stackHarness();
  let nc: NatsConnection;
  const stops: Array<() => void> = [];

  beforeAll(async () => {
    nc = track(await natsClient(stack.nats.url));
    track({ close: () => stops.forEach((stop) => stop()) });
  });

  it('serves a group speaking the previous contract, paid call with receipt included', async () => {
    expect(V1_MANIFEST.contract).toBe(CONTRACT_VERSION - 1);
    const seen: Array<string | undefined> = [];
    stops.push(startGroup(nc, V1_MANIFEST, seen));
    await waitFor(async () => ((await http(`${stack.gw}/toll/legacy/health`)).status === 200 ? true : undefined));

    const challenge = await http(`${stack.gw}/toll/legacy/quote`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const paid = await http(`${stack.gw}/toll/legacy/quote?toll_memo=${encodeURIComponent(c.memo)}`, {
      headers: { 'x-payment-tx': sig },
    });
    expect([paid.status, paid.body]).toEqual([200, { quote: 'served by contract 1' }]);
    expect(paid.headers.get('x-toll-receipt')).toBeTruthy();
    expect(paid.headers.get('payment-response')).toBeTruthy();
    // The gateway said which version it speaks; the old group ignored the header, as version 1 did.
    expect(new Set(seen)).toEqual(new Set([String(CONTRACT_VERSION)]));

    const health = await http(`${stack.gw}/healthz`);
    expect(health.body).toMatchObject({
      status: 'ok',
      contract: CONTRACT_VERSION,
      served_contracts: [CONTRACT_VERSION, CONTRACT_VERSION - 1],
      refused_groups: [],
    });
    expect(health.body.groups).toMatchObject({ legacy: 1, shop: CONTRACT_VERSION, payments: CONTRACT_VERSION });
  });

  it('refuses a group speaking a contract it cannot serve: none of its routes, named on /healthz and in the log', async () => {
    const errors: string[] = [];
    const spy = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: any) => (errors.push(String(chunk)), true));
    try {
      const future = {
        ...V1_MANIFEST,
        contract: CONTRACT_VERSION + 1,
        group: 'future',
        instanceId: 'future-1',
        routes: V1_MANIFEST.routes.map((r: any) => ({
          ...r,
          operationId: r.operationId.replace('legacy.', 'future.'),
          subject: r.subject.replace('.legacy.', '.future.'),
          path: r.path.replace('/legacy/', '/future/'),
        })),
      };
      stops.push(startGroup(nc, future, []));
      const health = await waitFor(async () => {
        const h = await http(`${stack.gw}/healthz`);
        return h.body.refused_groups.length ? h : undefined;
      });
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({
        status: 'degraded',
        refused_groups: [
          {
            group: 'future',
            contract: CONTRACT_VERSION + 1,
            problem:
              `speaks contract ${CONTRACT_VERSION + 1}; this build serves contracts ${CONTRACT_VERSION} and ` +
              `${CONTRACT_VERSION - 1}`,
          },
        ],
      });
      expect(health.body.groups.future).toBeUndefined();
      expect((await http(`${stack.gw}/toll/future/health`)).status).toBe(404);
      const logged = errors.map((l) => JSON.parse(l)).filter((l) => l.msg.startsWith('CONTRACT_UNSUPPORTED'));
      expect(logged).toEqual([
        expect.objectContaining({
          level: 'error',
          service: 'gateway',
          group: 'future',
          contract: CONTRACT_VERSION + 1,
        }),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('payments answers callers of the current and the previous contract in their version, and refuses any other', async () => {
    const v1 = await request(nc, SUBJECTS.paymentsChallenge, challengeRequest('mixed-v1'));
    expect(v1.err).toBeUndefined();
    expect(v1.response.headerValue).toEqual(expect.any(String));
    expect(v1.response.contract).toBeUndefined();

    const current = await request(
      nc,
      SUBJECTS.paymentsChallenge,
      challengeRequest('mixed-v2'),
      String(CONTRACT_VERSION),
    );
    expect(current.response.contract).toBe(CONTRACT_VERSION);

    const errors: string[] = [];
    const spy = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: any) => (errors.push(String(chunk)), true));
    try {
      const future = await request(
        nc,
        SUBJECTS.paymentsChallenge,
        challengeRequest('mixed-v3'),
        String(CONTRACT_VERSION + 1),
      );
      expect(future.err).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message:
          `the caller speaks contract "${CONTRACT_VERSION + 1}"; this build serves contracts ${CONTRACT_VERSION} ` +
          `and ${CONTRACT_VERSION - 1}`,
      });
      expect(errors.map((l) => JSON.parse(l)).filter((l) => l.msg.startsWith('CONTRACT_UNSUPPORTED'))).toEqual([
        expect.objectContaining({
          level: 'error',
          service: 'payments',
          from: SUBJECTS.paymentsChallenge,
          contract: String(CONTRACT_VERSION + 1),
        }),
      ]);
    } finally {
      spy.mockRestore();
    }
    const health = await http(`${stack.gw}/toll/payments/health`);
    expect(health.body.contract_refusals).toEqual([
      {
        from: SUBJECTS.paymentsChallenge,
        contract: String(CONTRACT_VERSION + 1),
        problem:
          `speaks contract "${CONTRACT_VERSION + 1}"; this build serves contracts ${CONTRACT_VERSION} and ` +
          `${CONTRACT_VERSION - 1}`,
        count: 1,
        last_at: expect.any(String),
      },
    ]);
  });

  it('a caller reads replies in the current and the previous contract and refuses any other', async () => {
    const bus = new NatsBus(nc);
    const reply = { contract: undefined as number | undefined, data: { ok: true } };
    const peer = respond(nc, 'toll.peer.getThing', () => ({ response: reply }));
    const ask = () =>
      bus.request<{ data: unknown }>('toll.peer.getThing', {}, { timeoutMs: 2_000, requestId: 'mixed-bus' });
    try {
      for (const contract of [undefined, CONTRACT_VERSION - 1, CONTRACT_VERSION]) {
        reply.contract = contract;
        expect((await ask()).data).toEqual({ ok: true });
      }
      reply.contract = CONTRACT_VERSION + 1;
      await expect(ask()).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message:
          `toll.peer.getThing answered in a contract this build cannot read: it speaks contract ` +
          `${CONTRACT_VERSION + 1}; this build serves contracts ${CONTRACT_VERSION} and ${CONTRACT_VERSION - 1}`,
      });
    } finally {
      peer.stop();
    }
  });
});
