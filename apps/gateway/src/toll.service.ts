import { Inject, Injectable } from '@nestjs/common';
import {
  TollError,
  canonicalJson,
  inputCheckSubjectOf,
  storedReply,
  unusedPaymentError,
  type ChallengeReply,
  type ChallengeRequest,
  type FieldIssue,
  type PaidCallSettlement,
  type PaymentProof,
  type StoredReply,
  type TollMessage,
  type TollReply,
} from '@toll/contracts';
import { APP_CONFIG, NatsBus } from '@toll/platform';
import { BALANCE_HEADERS, HEADERS, MEMO_QUERY_PARAM, inputSha256, requestSha256, sha256Hex } from '@toll/x402';
import type { Request, Response } from 'express';
import { BalanceLeases } from './balance-leases';
import { BlockLeases, type BlockSpendHandle, type BlockTake } from './block-leases';
import type { GatewayConfig } from './config';
import { PaymentsClient } from './payments.client';
import { publicBaseUrl } from './public-url';
import { RouteTable, type ResolvedRoute } from './route-table';

// Grace on top of a route's timeout, so a group's own deadline error arrives before our timer fires.
const DEADLINE_GRACE_MS = 250;
// The owner's balance read (payments.getBalance): this gateway reports the wallet's lease-paid calls first.
const BALANCE_READ = 'payments.getBalance';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
// An input check is a schema parse in the group: a short deadline, whatever the operation's own.
const INPUT_CHECK_TIMEOUT_MS = 2000;

export interface CallRequest {
  route: ResolvedRoute;
  input: Record<string, unknown>;
  requestId: string;
  resourceUrl: () => string; // what the challenge names as the paid resource; built only when a challenge needs it
  caller: TollMessage['caller'];
  proof?: PaymentProof;
  idempotencyKey?: string;
  // The request as sent: its path and its input minus path parameters (query or JSON body), what a balance
  // signature and a receipt's request_sha256 cover. Absent (MCP): the route's path template and the whole input.
  target?: { path: string; input: unknown };
}

export type CallOutcome =
  | { kind: 'challenge'; challenge: ChallengeReply }
  | {
      kind: 'answer';
      reply: StoredReply;
      uncharged?: string; // the group's reason for not charging; the hold was released
      settled?: PaidCallSettlement;
    };

// The request lifecycle (architecture §4): match → validate → (pay) → forward → settle or release.
@Injectable()
export class TollService {
  constructor(
    private readonly table: RouteTable,
    private readonly bus: NatsBus,
    private readonly payments: PaymentsClient,
    private readonly leases: BalanceLeases,
    private readonly blocks: BlockLeases,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async handle(req: Request, res: Response, requestId: string): Promise<void> {
    // HEAD is GET without the body (RFC 9110 §9.3.2); Express leaves the body out of a HEAD response by itself.
    const match = this.table.match(req.method === 'HEAD' ? 'GET' : req.method, req.path);
    if (match.kind === 'not-found') throw new TollError('NOT_FOUND', `No operation at ${req.method} ${req.path}`);
    if (match.kind === 'method-not-allowed') {
      const allowed = match.allowed.includes('GET') ? [...match.allowed, 'HEAD'] : match.allowed;
      res.setHeader('Allow', allowed.join(', '));
      throw new TollError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`, { allowed });
    }
    const { route } = match;
    // metrics labels (metrics.ts)
    Object.assign(res.locals, { operation: route.operationId, free: route.price === null });
    const input = this.inputOf(route, req, match.params);
    this.validate(route, input);
    const idempotencyKey = idempotencyKeyOf(req);
    const caller = { ip: req.ip ?? '', userAgent: req.get('user-agent') };
    const target = { path: req.path, input: signedInputOf(route, req) };
    const outcome = await this.call({
      route,
      input,
      requestId,
      caller,
      resourceUrl: () => this.resourceUrl(req),
      proof: proofOf(req, route.method, target),
      idempotencyKey,
      target,
    });
    if (outcome.kind === 'challenge') return this.sendChallenge(res, outcome.challenge);
    if (outcome.uncharged !== undefined) res.setHeader('x-toll-uncharged', headerText(outcome.uncharged));
    const { settled } = outcome;
    if (settled) {
      res.setHeader(HEADERS.paymentResponse, settled.paymentResponse);
      res.setHeader('x-toll-receipt', settled.receipt);
      if (settled.creditsRemaining !== undefined)
        res.setHeader('x-toll-credits-remaining', String(settled.creditsRemaining));
      if (settled.redelivery !== undefined) res.setHeader(HEADERS.redelivery, String(settled.redelivery));
      if (settled.balanceAtomic !== undefined) res.setHeader('x-toll-balance-atomic', settled.balanceAtomic);
    }
    send(res, outcome.reply);
  }

  // Refuses input the announced schema (or the gateway's own input rules) refuses, before anything else happens.
  validate(route: ResolvedRoute, input: Record<string, unknown>): void {
    const issues = this.table.validate(route, input);
    if (issues.length) throw new TollError('INVALID_INPUT', 'Input failed validation', { issues });
  }

  // One call of an operation with validated input, whatever the transport (HTTP or MCP): pre-check → challenge, or
  // verify → forward → settle or release. Payments decides every step; this only carries its answers.
  async call(req: CallRequest): Promise<CallOutcome> {
    const { route, input, requestId, proof, idempotencyKey } = req;
    const message: TollMessage = { input, requestId, deadline: Date.now() + route.timeoutMs, caller: req.caller };
    if (route.price === null) {
      if (route.operationId === BALANCE_READ && typeof input.wallet === 'string')
        await this.leases.reportWallet(input.wallet);
      return { kind: 'answer', reply: storedReply(await this.forward(route, message)) };
    }

    // Rules the announced schema cannot carry are judged by the group before any payment step, proof or not:
    // an x402 proof is settled on chain inside verify, so a refusal after it would cost the caller real money.
    if (route.inputCheck)
      await this.bus.request(
        inputCheckSubjectOf(route.operationId),
        { input, requestId },
        { timeoutMs: Math.min(route.timeoutMs, INPUT_CHECK_TIMEOUT_MS), requestId },
      );
    // The group said it cannot serve this operation now: say so before anyone pays, and when to come back. A memo-flow
    // proof is a transfer already on chain: it goes on to payments, which redelivers an answer already paid for (a lost
    // answer must not wait for the operation to come back) and otherwise refuses the same way, the proof unused.
    const down = this.table.unavailable(route, input);
    const refusal = down && {
      message:
        `${route.operationId} cannot be served right now (${down.reason}); no payment was taken, and a proof you ` +
        `sent stays unused. Retry after ${down.retryAfterSeconds} s.`,
      retry_after_seconds: down.retryAfterSeconds,
    };
    if (refusal && proof?.kind !== 'memo')
      throw new TollError('SERVICE_UNAVAILABLE', refusal.message, { retry_after_seconds: refusal.retry_after_seconds });
    const target = req.target ?? { path: route.path, input };
    const request_sha256 = requestSha256(route.operationId, route.method, target.path, target.input);
    const priced = this.priced(route);
    // The memo of a challenge commits to this request, so whoever reads it on chain cannot redeem it for another.
    // Built only when payments is asked: a call paid from a lease needs neither the binding nor the resource URL.
    const challengeOf = (): ChallengeRequest => ({
      requestId,
      resourceUrl: req.resourceUrl(),
      route: priced,
      binding_key: requestKeyOf(route.operationId, input, idempotencyKey),
      request_sha256,
    });
    if (!proof) return { kind: 'challenge', challenge: await this.payments.challenge(challengeOf()) };

    // A per-call proof pays for one request, so the request itself is the idempotency key; a block proof or a balance
    // pays for many, so only an explicit Idempotency-Key makes a repeat a redelivery instead of the next charge.
    if (proof.kind === 'balance') {
      const leased = await this.fromLease(route, message, proof, priced, request_sha256, challengeOf, idempotencyKey);
      if (leased) return leased;
    }
    // A prepaid block's calls after its first (payments verified it) are paid from this gateway's lease on its credits.
    let block: Extract<BlockTake, { kind: 'payments' }> | undefined;
    if (route.price.per === 'block' && proof.kind !== 'balance' && !refusal) {
      const take = await this.blocks.take(proof, priced, requestId, request_sha256, idempotencyKey !== undefined);
      if (take.kind === 'spend') return this.fromBlockLease(route, message, take.handle, priced);
      block = take;
    }
    const challenge = challengeOf();
    const many = route.price.per === 'block' || proof.kind === 'balance';
    const requestKey = !many || idempotencyKey ? challenge.binding_key : undefined;
    // Payments verifies and holds, forwards to the group, and settles or releases (PaidCallRequest).
    const paid = await this.payments
      .paidCall({
        ...challenge,
        proof,
        requestKey,
        subject: route.subject,
        timeoutMs: route.timeoutMs,
        input,
        caller: req.caller,
        request_sha256,
        ...(refusal ? { unavailable: refusal } : {}),
      })
      .finally(() => block?.done());
    if (paid.kind === 'challenge') return paid;
    return {
      kind: 'answer',
      reply: { json: paid.json, headers: paid.headers },
      uncharged: paid.uncharged,
      settled: paid.settled,
    };
  }

  // A balance call paid from this gateway's lease: no payments round trip and no SQL when the lease covers it
  // (docs/payments.md, "Balance leases"). Undefined: payments decides the call as before.
  private async fromLease(
    route: ResolvedRoute,
    message: TollMessage,
    proof: Extract<PaymentProof, { kind: 'balance' }>,
    priced: ChallengeRequest['route'],
    request_sha256: string,
    challengeOf: () => ChallengeRequest,
    idempotencyKey: string | undefined,
  ): Promise<CallOutcome | undefined> {
    const take = await this.leases.take(proof, priced, message.requestId, request_sha256, idempotencyKey !== undefined);
    if (take.kind === 'payments') return undefined;
    if (take.kind === 'nonce_reused')
      return {
        kind: 'challenge',
        challenge: await this.payments.challenge({ ...challengeOf(), reason: 'nonce_reused' }),
      };
    let answer: TollReply;
    try {
      answer = await this.forward(route, { ...message, payer: proof.wallet });
    } catch (err) {
      // Our failure: the price goes back to the lease, the caller is not charged.
      this.leases.giveBack(take.handle);
      throw unusedPaymentError(err, priced, 'balance');
    }
    const reply = storedReply(answer);
    if (answer.uncharged !== undefined) {
      this.leases.giveBack(take.handle);
      return { kind: 'answer', reply, uncharged: answer.uncharged };
    }
    return { kind: 'answer', reply, settled: this.leases.served(take.handle, reply) };
  }

  // A prepaid block call paid from this gateway's lease on the block (docs/payments.md, "Prepaid blocks on leases").
  private async fromBlockLease(
    route: ResolvedRoute,
    message: TollMessage,
    handle: BlockSpendHandle,
    priced: ChallengeRequest['route'],
  ): Promise<CallOutcome> {
    let answer: TollReply;
    try {
      answer = await this.forward(route, { ...message, payer: handle.payment.payer });
    } catch (err) {
      // Our failure: the credit goes back to the lease, the caller is not charged.
      this.blocks.giveBack(handle);
      throw unusedPaymentError(err, priced, handle.payment.transaction ?? undefined);
    }
    const reply = storedReply(answer);
    if (answer.uncharged !== undefined) {
      this.blocks.giveBack(handle);
      return { kind: 'answer', reply, uncharged: answer.uncharged };
    }
    return { kind: 'answer', reply, settled: this.blocks.served(handle, reply) };
  }

  private forward(route: ResolvedRoute, message: TollMessage): Promise<TollReply> {
    // The answer's body is passed through as the group wrote it, never read here.
    return this.bus.request<TollReply>(route.subject, message, {
      timeoutMs: route.timeoutMs + DEADLINE_GRACE_MS,
      requestId: message.requestId,
      rawBody: true,
    });
  }

  private inputOf(route: ResolvedRoute, req: Request, rawParams: Record<string, string>): Record<string, unknown> {
    const params: Record<string, string> = {};
    for (const [name, raw] of Object.entries(rawParams)) {
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        throw new TollError('INVALID_INPUT', 'Input failed validation', {
          issues: [{ field: name, message: 'is not valid percent-encoding' }],
        });
      }
    }
    if (route.method === 'GET') {
      strictQuery(req.originalUrl);
      const query = { ...(req.query as Record<string, unknown>) };
      delete query[MEMO_QUERY_PARAM]; // payment proof, not operation input
      return { ...query, ...params };
    }
    const body: unknown = req.body;
    if (Array.isArray(body) && route.arrayBodyField) return { [route.arrayBodyField]: body, ...params };
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new TollError('INVALID_INPUT', 'A JSON object body is required', {
        issues: [{ field: '(body)', message: 'send a JSON object with Content-Type: application/json' }],
      });
    }
    return { ...(body as Record<string, unknown>), ...params };
  }

  private priced(route: ResolvedRoute): ChallengeRequest['route'] {
    const { operationId, method, path, summary, inputSchema, outputSchema, paidAs, payerProof } = route;
    return { operationId, method, path, summary, inputSchema, outputSchema, paidAs, payerProof, price: route.price! };
  }

  private resourceUrl(req: Request): string {
    const url = new URL(req.originalUrl, publicBaseUrl(this.config, req));
    url.searchParams.delete(MEMO_QUERY_PARAM);
    return url.toString();
  }

  private sendChallenge(res: Response, challenge: ChallengeReply) {
    res.setHeader(HEADERS.paymentRequired, challenge.headerValue);
    res.setHeader('cache-control', 'no-store');
    sendJson(res, 402, JSON.stringify(challenge.body));
  }
}

// A group's free text as a header value: printable ASCII, bounded.
const headerText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);

function send(res: Response, reply: StoredReply) {
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  sendJson(res, 200, reply.json);
}

// Written straight to Node's response, past Express's res.send: no body hash for an ETag, so no 304 either (a
// paid answer must reach the payer whole, and hashing every answer was measurable CPU). Node leaves the body out
// of a HEAD response itself.
function sendJson(res: Response, status: number, json: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(json));
  res.end(json);
}

// Express decodes bad percent-encoding leniently (invalid UTF-8 becomes U+FFFD): refuse it instead, naming the field.
function strictQuery(url: string) {
  const at = url.indexOf('?');
  if (at < 0) return;
  const issues: FieldIssue[] = [];
  for (const pair of url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = decoded(eq < 0 ? pair : pair.slice(0, eq));
    if (key === undefined)
      issues.push({ field: '(query)', message: 'a parameter name is not valid UTF-8 percent-encoding' });
    else if (eq >= 0 && decoded(pair.slice(eq + 1)) === undefined)
      issues.push({ field: key, message: 'is not valid UTF-8 percent-encoding' });
  }
  if (issues.length) throw new TollError('INVALID_INPUT', 'Input failed validation', { issues });
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

const idempotencyKeyOf = (req: Request) => checkedIdempotencyKey(req.get(HEADERS.idempotencyKey), 'Idempotency-Key');

// An idempotency key as the caller sent it (header, or MCP _meta), refused when malformed under the name it came by.
export function checkedIdempotencyKey(key: unknown, field: string): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new TollError('INVALID_INPUT', 'Idempotency-Key is malformed', {
      issues: [{ field, message: 'must be 1 to 255 printable ASCII characters without spaces' }],
    });
  }
  return key;
}

// Names one request: operation, input with keys in canonical order (query parameter order does not matter), key.
const requestKeyOf = (operationId: string, input: Record<string, unknown>, idempotencyKey = '') =>
  sha256Hex(`${operationId}\n${canonicalJson(input)}\n${idempotencyKey}`);

// What a balance signature covers besides method and path: the query (minus the memo-flow parameter) or the JSON body.
function signedInputOf(route: ResolvedRoute, req: Request): unknown {
  if (route.method !== 'GET') return req.body;
  const query = { ...(req.query as Record<string, unknown>) };
  delete query[MEMO_QUERY_PARAM];
  return query;
}

function proofOf(req: Request, method: string, target: { path: string; input: unknown }): PaymentProof | undefined {
  const balanceSignature = req.get(BALANCE_HEADERS.signature);
  if (balanceSignature !== undefined) {
    const [wallet, timestamp, nonce] = [
      req.get(BALANCE_HEADERS.wallet) ?? '',
      req.get(BALANCE_HEADERS.timestamp) ?? '',
      req.get(BALANCE_HEADERS.nonce) ?? '',
    ];
    return {
      kind: 'balance',
      wallet,
      timestamp,
      nonce,
      signature: balanceSignature,
      method,
      path: target.path,
      input_sha256: inputSha256(target.input),
    };
  }
  const payer = req.get(HEADERS.payerSignature);
  const payer_signature = payer === undefined ? {} : { payer_signature: payer };
  const signature = req.get(HEADERS.paymentSignature);
  if (signature) return { kind: 'x402', paymentSignature: signature, ...payer_signature };
  const tx = req.get(HEADERS.paymentTx);
  const memo = req.query[MEMO_QUERY_PARAM];
  if (tx || memo !== undefined)
    return { kind: 'memo', signature: tx ?? '', memo: typeof memo === 'string' ? memo : '', ...payer_signature };
  return undefined;
}
