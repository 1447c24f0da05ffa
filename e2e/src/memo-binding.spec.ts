import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { memoPaymentInstructions, payerProofHeaders, sendAndConfirm, tollCall, type MemoChallenge } from '@toll/client';
import { PROGRAMS } from '@toll/solana';
import { http, type HttpResult } from '@toll/testing';
import { decodeHeaderJson, encodeHeaderJson } from '@toll/x402';
import { x402Client } from '@x402/core/client';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { Client } from 'pg';
import { startDevutils } from '../../apps/devutils/src/bootstrap';
import { payerX402, stackHarness } from './stack-harness';

const HASH = '/toll/devutils/hash/sha256'; // an ordinary answer: POST {text}
const PASSWORD = '/toll/devutils/gen/password'; // an answer that is a credential (payerProof): GET ?length=

type Res = HttpResult;

// Issue 32: a memo payment is public on chain (the Memo instruction, the signature), and so is a settled x402
// transaction. An observer who redeems it first must not take the payer's money or service: another input is refused
// before anything is held, the same input gets only the payer's own answer, and an answer that is a credential needs
// the paying wallet's key.
describe('who can redeem a payment seen on chain', () => {
  const { stack, connection, track } = stackHarness({ groups: [startDevutils], ready: ['/toll/devutils/health'] });
  let ledger: Client;
  let x402: x402Client;
  const observerKey = Keypair.generate();

  beforeAll(async () => {
    ledger = track(new Client({ connectionString: stack.paymentsDatabaseUrl }));
    await ledger.connect();
    x402 = await payerX402(stack);
  });

  const hashAsk = (text: string, headers: Record<string, string> = {}, memo?: string) =>
    http(`${stack.gw}${HASH}${memo ? `?toll_memo=${encodeURIComponent(memo)}` : ''}`, {
      method: 'POST',
      json: { text },
      headers,
    });
  const passwordAsk = (length: number, headers: Record<string, string> = {}, memo?: string) =>
    http(`${stack.gw}${PASSWORD}?length=${length}${memo ? `&toll_memo=${encodeURIComponent(memo)}` : ''}`, { headers });
  const payMemo = (c: MemoChallenge) =>
    sendAndConfirm(connection, stack.payer, memoPaymentInstructions(c, 'USDC', stack.payer.publicKey));
  const refused = (res: Res, reason: string) => {
    expect([res.status, res.body.error, res.body.toll?.error?.reason]).toEqual([402, reason, reason]);
    expect(res.headers.get('payment-required')).toBeTruthy();
  };
  // What the ledger holds for a transaction or an x402 proof: its payment row and every hold taken on it.
  const recorded = async (where: { txSignature?: string; proofKeyLike?: string }) => {
    const { rows } = await ledger.query(
      `SELECT p.credits_used, p.credits_held, (SELECT count(*)::int FROM holds h WHERE h.payment_id = p.id) AS holds
       FROM payments p WHERE p.tx_signature = $1 OR p.proof_key = $1`,
      [where.txSignature ?? where.proofKeyLike],
    );
    return rows;
  };
  // The observer's view of a settled transaction: read from the chain as anyone can, its memo out of the Memo
  // instruction.
  const fromChain = async (signature: string) => {
    const res = await fetch(stack.rpc.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getTransaction',
        params: [signature, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
      }),
    });
    const wire = ((await res.json()) as { result: { transaction: [string, string] } }).result.transaction[0];
    const tx = VersionedTransaction.deserialize(Buffer.from(wire, 'base64'));
    const keys = tx.message.staticAccountKeys;
    const memoIx = tx.message.compiledInstructions.find((ix) => keys[ix.programIdIndex].equals(PROGRAMS.memo))!;
    return { wire, memo: Buffer.from(memoIx.data).toString('utf8') };
  };

  describe('memo flow (spec §5)', () => {
    it('an observer who redeems first with another input is refused and holds nothing; the payer is served; the same input gets the payer’s body', async () => {
      const challenge = await hashAsk('the payer asks this');
      const c: MemoChallenge = challenge.body.toll;
      expect(c.memo).toMatch(/^toll2:devutils\.hashSha256:/);
      const signature = await payMemo(c);

      const stolen = await hashAsk('the observer asks another thing', { 'x-payment-tx': signature }, c.memo);
      refused(stolen, 'memo_wrong_input');
      expect(await recorded({ txSignature: signature })).toEqual([]); // nothing recorded, nothing held

      const payer = await hashAsk('the payer asks this', { 'x-payment-tx': signature }, c.memo);
      expect(payer.status).toBe(200);
      expect(payer.body.digest).toMatch(/^[0-9a-f]{64}$/);

      const copy = await hashAsk('the payer asks this', { 'x-payment-tx': signature }, c.memo);
      expect([copy.status, copy.headers.get('x-toll-redelivery'), copy.text]).toEqual([200, '1', payer.text]);
      expect(await recorded({ txSignature: signature })).toEqual([{ credits_used: 1, credits_held: 0, holds: 1 }]);
    });

    it('on a route whose answer is a credential, refuses the same input without the payer’s key; the payer signs and is served', async () => {
      const c: MemoChallenge = (await passwordAsk(20)).body.toll;
      expect(c.payer_proof).toMatchObject({
        header: 'x-toll-payer-signature',
        format: 'toll-payer-v1\n<memo>\n<request_sha256>',
      });
      const signature = await payMemo(c);
      const tx = { 'x-payment-tx': signature };

      refused(await passwordAsk(64, tx, c.memo), 'memo_wrong_input');
      refused(await passwordAsk(20, tx, c.memo), 'payer_proof_missing');
      const url = `${stack.gw}${PASSWORD}?length=20&toll_memo=${encodeURIComponent(c.memo)}`;
      const forged = payerProofHeaders(c.operation_id!, c.memo, url, {}, observerKey);
      refused(await passwordAsk(20, { ...tx, ...forged }, c.memo), 'payer_proof_invalid');
      expect(await recorded({ txSignature: signature })).toEqual([]);

      const proof = payerProofHeaders(c.operation_id!, c.memo, url, {}, stack.payer);
      expect(proof['x-toll-payer-signature']).toBeTruthy();
      const served = await passwordAsk(20, { ...tx, ...proof }, c.memo);
      expect(served.status).toBe(200);
      expect(served.body.password).toHaveLength(20);
      // After the payer was served the observer still gets nothing; the payer's own repeat is a redelivery.
      refused(await passwordAsk(20, tx, c.memo), 'payer_proof_missing');
      const again = await passwordAsk(20, { ...tx, ...proof }, c.memo);
      expect([again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([200, '1', served.text]);
    });

    it('@toll/client and a plain client both just work: the client adds the payer proof when the 402 asks for it', async () => {
      const res = await tollCall(
        `${stack.gw}${PASSWORD}?length=24`,
        {},
        { keypair: stack.payer, rpcUrl: stack.rpc.url, method: 'usdc' },
      );
      expect([res.status, (res.body as { password: string }).password.length]).toEqual([200, 24]);
      expect(res.paid).toMatchObject({ method: 'usdc', payerSignature: expect.any(String) });
      const plain = await tollCall(
        `${stack.gw}${HASH}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'plain' }) },
        { keypair: stack.payer, rpcUrl: stack.rpc.url, method: 'usdc' },
      );
      expect([plain.status, plain.paid?.payerSignature]).toEqual([200, undefined]);
    });
  });

  describe('x402 exact, its settled transaction copied from the chain', () => {
    // Pays through a stock x402 v2 client; returns what was served and the settled transaction's signature.
    const payX402 = async (ask: (headers: Record<string, string>) => Promise<Res>) => {
      const required = decodeHeaderJson((await ask({})).headers.get('payment-required')!) as PaymentRequired;
      const payload = await x402.createPaymentPayload(required);
      const served = await ask({ 'payment-signature': encodeHeaderJson(payload) });
      expect(served.status).toBe(200);
      const settlement = decodeHeaderJson(served.headers.get('payment-response')!) as { transaction: string };
      return { served, payload, transaction: settlement.transaction };
    };
    // The observer rebuilds PAYMENT-SIGNATURE from public data: the transaction and memo on chain, the rest from a 402
    // of its own.
    const copied = async (transaction: string, ask: (headers: Record<string, string>) => Promise<Res>) => {
      const { wire, memo } = await fromChain(transaction);
      const own = decodeHeaderJson((await ask({})).headers.get('payment-required')!) as PaymentRequired;
      const accepted = { ...own.accepts[0], extra: { ...own.accepts[0].extra, memo } };
      return encodeHeaderJson({ x402Version: 2, accepted, payload: { transaction: wire } } as PaymentPayload);
    };

    it('refuses the copy with another input and holds nothing; the same input gets the payer’s body', async () => {
      const { served, transaction } = await payX402((h) => hashAsk('x402 payer text', h));
      const header = await copied(transaction, (h) => hashAsk('x402 observer text', h));
      const before = await recorded({ txSignature: transaction });
      refused(await hashAsk('x402 observer text', { 'payment-signature': header }), 'memo_wrong_input');
      expect(await recorded({ txSignature: transaction })).toEqual(before);
      const copy = await hashAsk('x402 payer text', { 'payment-signature': header });
      expect([copy.status, copy.headers.get('x-toll-redelivery'), copy.text]).toEqual([200, '1', served.text]);
    });

    it('on a route whose answer is a credential, refuses the copy without the payer’s key; the payer’s signed repeat is served', async () => {
      const { served, payload, transaction } = await payX402((h) => passwordAsk(32, h));
      const header = await copied(transaction, (h) => passwordAsk(32, h));
      const before = await recorded({ txSignature: transaction });
      refused(await passwordAsk(16, { 'payment-signature': header }), 'memo_wrong_input');
      refused(await passwordAsk(32, { 'payment-signature': header }), 'payer_proof_missing');
      const memo = (payload.accepted.extra as { memo: string }).memo;
      const forged = payerProofHeaders(
        'devutils.genPassword',
        memo,
        `${stack.gw}${PASSWORD}?length=32`,
        {},
        observerKey,
      );
      refused(await passwordAsk(32, { 'payment-signature': header, ...forged }), 'payer_proof_invalid');
      expect(await recorded({ txSignature: transaction })).toEqual(before);
      const proof = payerProofHeaders(
        'devutils.genPassword',
        memo,
        `${stack.gw}${PASSWORD}?length=32`,
        {},
        stack.payer,
      );
      const again = await passwordAsk(32, { 'payment-signature': encodeHeaderJson(payload), ...proof });
      expect([again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([200, '1', served.text]);
    });
  });
});
