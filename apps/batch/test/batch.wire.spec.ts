import { groupHarness } from '@toll/testing';
import { startBatch } from '../src/bootstrap';
import { EXPIRY, THRESHOLDS, WEIGHTS } from '../src/scoring';
import { callBatch, newPayer } from './batch-call';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SELLER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const OTHER_SELLER = 'So11111111111111111111111111111111111111112';

// The batch scorer over a real NATS server and a throwaway Postgres database.
describe('batch over NATS', () => {
  const { nc } = groupHarness({ name: 'batch', start: startBatch, database: 'toll_batch_wire' });
  const call = (operation: string, input: unknown, options?: { payer?: string; deadline?: number }) =>
    callBatch(nc, operation, input, options);
  const data = async (operation: string, input: unknown, options?: { payer?: string }) => {
    const reply = await call(operation, input, options);
    if (!reply.response) throw new Error(`${operation} failed: ${JSON.stringify(reply.err)}`);
    return reply.response.data;
  };
  const score = (voucher: unknown, payer = SELLER) => data('score', { voucher }, { payer });

  it('serves its health with the weights and thresholds the scorer uses', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({
      service: 'batch',
      title: 'Batch Scorer',
      status: 'ok',
      sources: [{ name: 'postgres', ok: true }],
      scoring: { weights: WEIGHTS, thresholds: THRESHOLDS, expiry: EXPIRY, new_payer_limit: '1000000' },
      tolls: [
        {
          operation_id: 'batch.score',
          method: 'POST',
          path: '/toll/batch/score',
          price: { per: 'call', usd: '0.005' },
        },
        { operation_id: 'batch.checkpoint', method: 'POST', path: '/toll/batch/checkpoint', price: null },
        { operation_id: 'batch.getPayer', method: 'GET', path: '/toll/batch/payer/{address}', price: null },
        { operation_id: 'batch.getHealth', method: 'GET', path: '/toll/batch/health', price: null },
      ],
    });
    expect(health.endpoints.map((e: any) => `${e.method} ${e.path} ${e.operation_id}`)).toEqual([
      'POST /toll/batch/score batch.score',
      'POST /toll/batch/checkpoint batch.checkpoint',
      'GET /toll/batch/payer/{address} batch.getPayer',
      'GET /toll/batch/health batch.getHealth',
    ]);
  });

  describe('score', () => {
    it('scores a valid voucher from a new payer: limited exposure, factors, a checkpoint token', async () => {
      const { voucher } = newPayer();
      const v = voucher({ amount: '5000000' });
      const s = await score(v);
      expect(s).toEqual({
        voucher_id: expect.stringMatching(/^[0-9a-f]{64}$/),
        payer: v.payer,
        amount: '5000000',
        score: 38,
        verdict: 'accept-with-limit',
        max_safe_exposure: '1000000',
        claim_by: new Date((v.expiry - 120) * 1000).toISOString(),
        factors: [
          {
            factor: 'signature',
            weight: 0,
            value: 0,
            points: 0,
            blocking: false,
            evidence: 'valid Ed25519 signature by payer over the canonical message',
          },
          {
            factor: 'nonce_reuse',
            weight: 0,
            value: 0,
            points: 0,
            blocking: false,
            evidence: 'first voucher of this payer with this nonce',
          },
          {
            factor: 'expiry',
            weight: 15,
            value: 0,
            points: 0,
            blocking: false,
            evidence: expect.stringMatching(/^\d+ s left to claim it on chain$/),
          },
          {
            factor: 'issued_at',
            weight: 10,
            value: 0,
            points: 0,
            blocking: false,
            evidence: expect.stringMatching(/^issued \d+ s ago$/),
          },
          {
            factor: 'amount_vs_history',
            weight: 20,
            value: 0.5,
            points: 10,
            blocking: false,
            evidence: 'no settled voucher from this payer to compare with',
          },
          {
            factor: 'reputation',
            weight: 55,
            value: 0.5,
            points: 28,
            blocking: false,
            evidence: 'no recorded outcome for this payer',
          },
        ],
        checkpoint_token: expect.stringMatching(/^bct_[A-Za-z0-9_-]{43}$/),
        scored_at: expect.stringMatching(ISO),
      });
    });

    it('rejects a voucher whose signature does not verify, without a token and without recording it', async () => {
      const { payer, voucher } = newPayer();
      const forged = { ...voucher(), amount: 9_000_000 };
      const s = await score(forged);
      expect([s.score, s.verdict, s.max_safe_exposure, s.claim_by, s.checkpoint_token]).toEqual([
        100,
        'reject',
        '0',
        null,
        null,
      ]);
      expect(s.factors[0]).toEqual({
        factor: 'signature',
        weight: 0,
        value: 1,
        points: 0,
        blocking: true,
        evidence: 'the signature does not verify against payer over the canonical message',
      });
      expect((await data('getPayer', { address: payer })).vouchers_scored).toBe(0);
    });

    it('rejects a second voucher with the same nonce, and not the same voucher scored again', async () => {
      const { voucher } = newPayer();
      const first = voucher({ nonce: 7 });
      const a = await score(first);
      expect((await score(first)).verdict).toBe(a.verdict);
      const b = await score(voucher({ nonce: '7', amount: 900_000 }));
      expect(b.verdict).toBe('reject');
      expect(b.factors[1]).toMatchObject({
        blocking: true,
        evidence: `the payer already used this nonce in voucher ${a.voucher_id} (amount 500000)`,
      });
    });

    it('rejects an expired voucher', async () => {
      const now = Math.floor(Date.now() / 1000);
      const s = await score(newPayer().voucher({ expiry: now - 10, issued_at: now - 100 }));
      expect([s.verdict, s.factors[2].blocking]).toEqual(['reject', true]);
    });

    it('refuses malformed vouchers in the schema, naming each field', async () => {
      const { voucher } = newPayer();
      const v = voucher();
      const bad = await call('score', {
        voucher: {
          ...v,
          payer: v.payer.slice(1),
          signature: v.signature.slice(4),
          amount: 1.5,
          nonce: 'has space',
          expiry: -1,
          extra: 1,
        },
      });
      expect(bad.err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: {
          issues: [
            {
              field: 'voucher.payer',
              message: 'must be the base64 of a 32-byte Ed25519 public key (44 characters ending in "=")',
            },
            { field: 'voucher.amount', message: expect.any(String) },
            { field: 'voucher.nonce', message: expect.any(String) },
            { field: 'voucher.expiry', message: 'must not be negative' },
            {
              field: 'voucher.signature',
              message: 'must be the base64 of a 64-byte Ed25519 signature (88 characters ending in "==")',
            },
            { field: 'voucher.extra', message: 'is not an accepted field' },
          ],
        },
      });
    });

    it('refuses a key of small order (one that "signs" for anyone) in the schema', async () => {
      const smallOrder = Buffer.alloc(32).toString('base64'); // the all-zero encoding, a point of order 4
      const reply = await call('score', {
        voucher: { ...newPayer().voucher(), payer: smallOrder, signature: Buffer.alloc(64).toString('base64') },
      });
      expect(reply.err.details.issues).toEqual([
        {
          field: 'voucher.payer',
          message: 'must be a valid Ed25519 public key (a point on the curve, not of small order)',
        },
      ]);
    });

    it('answers SERVICE_TIMEOUT when the deadline has passed', async () => {
      expect((await call('score', { voucher: newPayer().voucher() }, { deadline: Date.now() - 1 })).err).toEqual({
        code: 'SERVICE_TIMEOUT',
        message: 'The deadline passed before the batch database was reached; nothing was recorded',
      });
    });
  });

  describe('checkpoint', () => {
    it('records an outcome once: the same report is a no-op, a different one 409', async () => {
      const { payer, voucher } = newPayer();
      const s = await score(voucher());
      const report = {
        voucher_id: s.voucher_id,
        payer,
        amount: 500_000,
        status: 'settled',
        checkpoint_token: s.checkpoint_token,
      };
      expect(await data('checkpoint', report)).toEqual({
        voucher_id: s.voucher_id,
        payer,
        amount: '500000',
        status: 'settled',
        recorded: 'created',
        recorded_at: expect.stringMatching(ISO),
      });
      expect((await data('checkpoint', report)).recorded).toBe('unchanged');
      const conflicting = await call('checkpoint', { ...report, status: 'defaulted' });
      expect(conflicting.err).toEqual({
        code: 'CONFLICT',
        message: `Voucher ${s.voucher_id} already has a final outcome: settled for 500000`,
        details: { status: 'settled', amount: '500000', recorded_at: expect.stringMatching(ISO) },
      });
    });

    it('refuses a stranger: a token from another voucher is 403, an unscored voucher 404', async () => {
      const { payer, voucher } = newPayer();
      const mine = await score(voucher());
      const theirs = await score(voucher(), OTHER_SELLER);
      const report = {
        voucher_id: mine.voucher_id,
        payer,
        amount: 1,
        status: 'defaulted',
        checkpoint_token: theirs.checkpoint_token,
      };
      expect((await call('checkpoint', report)).err).toEqual({
        code: 'FORBIDDEN',
        message:
          `checkpoint_token was not issued for voucher ${mine.voucher_id}; only a seller that scored the voucher ` +
          `reports its outcome`,
      });
      expect((await call('checkpoint', { ...report, voucher_id: 'f'.repeat(64) })).err).toEqual({
        code: 'NOT_FOUND',
        message: `No voucher ${'f'.repeat(64)} of payer ${payer} was scored here; score it first`,
      });
      expect((await call('checkpoint', { ...report, payer: newPayer().payer })).err.code).toBe('NOT_FOUND');
    });

    it('refuses an amount above the voucher, and bad fields in the schema', async () => {
      const { payer, voucher } = newPayer();
      const s = await score(voucher());
      const report = {
        voucher_id: s.voucher_id,
        payer,
        amount: '500001',
        status: 'settled',
        checkpoint_token: s.checkpoint_token,
      };
      expect((await call('checkpoint', report)).err).toEqual({
        code: 'CONFLICT',
        message: "amount 500001 is more than the voucher's 500000",
        details: { voucher_amount: '500000' },
      });
      const bad = await call('checkpoint', {
        ...report,
        status: 'paid',
        voucher_id: 'XYZ',
        checkpoint_token: 'secret',
      });
      expect(bad.err.details.issues.map((i: any) => i.field)).toEqual(['voucher_id', 'status', 'checkpoint_token']);
    });
  });

  describe('payer reputation', () => {
    it('aggregates outcomes (never voucher rows) and feeds them into the next score', async () => {
      const { payer, voucher } = newPayer();
      for (const [status, seller] of [
        ['settled', SELLER],
        ['settled', OTHER_SELLER],
        ['expired', SELLER],
      ] as const) {
        const s = await score(voucher({ amount: 400_000 }), seller);
        await data('checkpoint', {
          voucher_id: s.voucher_id,
          payer,
          amount: 400_000,
          status,
          checkpoint_token: s.checkpoint_token,
        });
      }
      // A "/" in the base64 key travels percent-encoded in the path; over NATS it is already decoded.
      expect(await data('getPayer', { address: payer })).toEqual({
        payer,
        vouchers_scored: 3,
        outcomes: {
          settled: { count: 2, amount: '800000' },
          defaulted: { count: 0, amount: '0' },
          expired: { count: 1, amount: '400000' },
        },
        reporters: 2,
        first_seen_at: expect.stringMatching(ISO),
        last_outcome_at: expect.stringMatching(ISO),
        largest_settled: '400000',
        reputation_risk: 0.31,
      });
      const next = await score(voucher({ amount: 4_000_000 }));
      expect(next.factors.slice(4).map((f: any) => [f.factor, f.value, f.evidence])).toEqual([
        ['amount_vs_history', 1, "10× the payer's largest settled voucher (400000)"],
        ['reputation', 0.31, '2 settled, 0 defaulted, 1 expired, from 2 reporter(s)'],
      ]);
    });

    it('answers an unknown payer with empty aggregates', async () => {
      const { payer } = newPayer();
      expect(await data('getPayer', { address: payer })).toMatchObject({
        vouchers_scored: 0,
        reporters: 0,
        first_seen_at: null,
        largest_settled: null,
        reputation_risk: 0.5,
      });
    });
  });
});

// With its database gone the group says so: health degraded, operations SERVICE_UNAVAILABLE (not charged).
describe('batch without its database', () => {
  const { nc } = groupHarness({
    name: 'batch',
    start: startBatch,
    env: () => ({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/toll_batch_down', BATCH_MIGRATE_ON_START: 'false' }),
  });

  it('reports degraded health and refuses scores with SERVICE_UNAVAILABLE', async () => {
    expect((await callBatch(nc, 'getHealth', {})).response!.data).toMatchObject({
      status: 'degraded',
      reason: 'batch database unavailable',
    });
    expect((await callBatch(nc, 'score', { voucher: newPayer().voucher() })).err).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The batch database is unavailable; try again shortly',
    });
  });
});
