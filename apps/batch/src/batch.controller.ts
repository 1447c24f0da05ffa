import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './batch.schemas';
import { BatchService } from './batch.service';
import { PRICES } from './pricing';

const TIMEOUT_MS = 5_000;

@Controller()
export class BatchController {
  constructor(private readonly batch: BatchService) {}

  @TollRoute({
    operationId: 'batch.score',
    method: 'POST',
    path: '/toll/batch/score',
    summary:
      'Settlement risk of a signed payment voucher (IOU) before serving on credit: signature check, 0-100 score ' +
      'with factors, accept / limit / reject',
    description:
      'Verifies the Ed25519 signature over the canonical message, then scores expiry, issued_at, nonce reuse, ' +
      'amount against the payer history and payer reputation. ' +
      'Returns the maximum safe exposure and, for a valid voucher, the checkpoint_token to report its outcome with.',
    asks: [
      'should I accept this signed IOU before serving on credit',
      'risk score of a payment voucher',
      'check a voucher signature and decide accept, limit or reject',
      'how likely is this payer to settle this promise to pay',
      'evaluate credit risk of a deferred payment',
      'score this voucher before I give credit',
      'is this signed promise to pay good',
      'accept or reject a deferred-payment note',
    ],
    price: PRICES.score,
    payerProof: true, // the answer is a credential: only the paying wallet may redeem it
    input: S.ScoreInput,
    output: S.ScoreOutput,
    timeoutMs: TIMEOUT_MS,
  })
  score(msg: TollMessage<S.ScoreInput>) {
    return this.batch.score(msg.input, msg.payer, msg.deadline);
  }

  @TollRoute({
    operationId: 'batch.checkpoint',
    method: 'POST',
    path: '/toll/batch/checkpoint',
    summary: 'Report how a scored voucher ended (settled, defaulted or expired) into the payer reputation graph',
    description:
      'Needs the checkpoint_token its score returned. The first outcome is final: the same report again is a ' +
      'no-op, a different one is 409.',
    asks: [
      'tell the scorer the voucher was paid',
      'report that a payer defaulted on an IOU',
      'record the outcome of a scored voucher',
      'mark a voucher as expired unpaid',
      "update a payer's reputation after settlement",
      'the IOU was settled, update the graph',
      'log a voucher default for this payer',
      'checkpoint the final status of a voucher with its token',
    ],
    price: PRICES.checkpoint,
    input: S.CheckpointInput,
    output: S.CheckpointOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
  })
  checkpoint(msg: TollMessage<S.CheckpointInput>) {
    return this.batch.checkpoint(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'batch.getPayer',
    method: 'GET',
    path: '/toll/batch/payer/{address}',
    summary:
      "A payer's track record paying vouchers: settled, defaulted and expired counts and amounts (aggregates only)",
    asks: [
      'track record of a payer on vouchers',
      'how often has this wallet settled or defaulted',
      'payment reputation of an address',
      'history of IOUs settled by this payer',
      'is this payer trustworthy, past settlements and defaults',
      'how reliable has this payer been on IOUs',
      'settled versus defaulted totals for an address',
    ],
    price: PRICES.getPayer,
    input: S.PayerQuery,
    output: S.PayerOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getPayer(msg: TollMessage<S.PayerQuery>) {
    return this.batch.payer(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'batch.getHealth',
    method: 'GET',
    path: '/toll/batch/health',
    summary: 'Batch Scorer status, scoring weights and thresholds, and endpoint catalog',
    asks: [
      'is the batch scorer up',
      'what weights and thresholds does the voucher scorer use',
      'status of the IOU risk service',
      'is voucher scoring working',
      'voucher scorer thresholds and status',
      'batch scoring service health',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.batch.health();
  }
}
