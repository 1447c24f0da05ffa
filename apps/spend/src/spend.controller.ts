import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './spend.schemas';
import { SpendService } from './spend.service';

const TIMEOUT_MS = 5_000;

@Controller()
export class SpendController {
  constructor(private readonly spend: SpendService) {}

  @TollRoute({
    operationId: 'spend.check',
    method: 'POST',
    path: '/toll/spend/check',
    summary:
      'Before paying: may this agent spend this amount? Allow or deny against its budget (per payment, daily, ' +
      'weekly, monthly), with every reason',
    description:
      'Checks per-transaction, daily, weekly and monthly limits, blocked recipients and allowed categories ' +
      '(registry capability tags). ' +
      'An allowed check reserves the amount (held for hold_seconds: confirm it, possibly for less, or void it; ' +
      'otherwise it counts in full). ' +
      'Every decision is written to the audit log. No policy for the agent: 404, the payment stays unused.',
    asks: [
      'can my agent pay this amount right now',
      'approve or deny a purchase against the budget',
      "is this payment within my bot's limits",
      'ask permission before spending',
      "would this charge exceed today's allowance",
      "does this purchase fit my agent's budget",
      'pre-approve a payment for my bot',
      'am I allowed to pay this invoice',
      'is a purchase from this merchant allowed for my agent',
    ],
    price: PRICES.check,
    payerProof: true, // the answer is a credential: only the paying wallet may redeem it
    input: S.CheckInput,
    output: S.CheckOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND'],
  })
  check(msg: TollMessage<S.CheckInput>) {
    return this.spend.check(msg.input, msg.payer, msg.requestId, msg.deadline);
  }

  @TollRoute({
    operationId: 'spend.confirm',
    method: 'POST',
    path: '/toll/spend/confirm',
    summary:
      'Record the final amount of an approved spend (at most what was approved); the rest goes back to the budget',
    description:
      'Needs the decision_id the check returned. Repeating the same confirm is a no-op; a different amount after ' +
      'confirming is 409.',
    asks: [
      'finalize an approved payment with the actual amount',
      'the purchase went through, commit it to the budget',
      'settle a spend decision after paying',
      'record the final charge of an allowed payment',
      'payment done, charge it against the allowance',
      'commit the actual amount spent after approval',
    ],
    price: PRICES.confirm,
    input: S.ConfirmInput,
    output: S.ReservationOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  confirm(msg: TollMessage<S.ConfirmInput>) {
    return this.spend.confirm(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'spend.void',
    method: 'POST',
    path: '/toll/spend/void',
    summary: 'Cancel an approved spend that never happened, giving the reserved amount back to the budget',
    description:
      'Needs the decision_id the check returned; possible until void_until (409 afterwards or once confirmed). ' +
      'Repeating it is a no-op.',
    asks: [
      'cancel an approved spend that never happened',
      'the payment failed, release the reserved budget',
      'undo a spending approval',
      'return held budget for an aborted purchase',
      'release the budget hold, the purchase was abandoned',
      'the approved payment was never sent',
    ],
    price: PRICES.void,
    input: S.VoidInput,
    output: S.ReservationOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  void(msg: TollMessage<S.VoidInput>) {
    return this.spend.void(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'spend.setPolicy',
    method: 'POST',
    path: '/toll/spend/policy',
    summary:
      "Set an agent's spending rules: limits per payment, day, week and month, allowed categories, blocked recipients",
    description:
      'The first write creates the policy and returns policy_secret and read_key once; every later write needs ' +
      'policy_secret (403 otherwise). ' +
      'Each change is a new version; the audit names the version that decided.',
    asks: [
      'set daily and monthly budget limits for my agent',
      'restrict which categories my bot may pay for',
      'block payments to a recipient',
      'configure a per-payment maximum for an agent',
      'create spending rules for a bot',
      "change my agent's monthly cap",
      'update the blocked recipients and allowed categories',
    ],
    price: PRICES.setPolicy,
    input: S.PolicyInput,
    output: S.PolicyWriteOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['FORBIDDEN'],
  })
  setPolicy(msg: TollMessage<S.PolicyInput>) {
    return this.spend.setPolicy(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'spend.getPolicy',
    method: 'GET',
    path: '/toll/spend/policy/{agent_id}',
    summary: "An agent's spending rules and live budget usage: used, left and when each day, week and month resets",
    asks: [
      'what budget rules apply to my agent',
      'how much of the daily budget has my bot used and what is left',
      "when does my agent's monthly allowance reset",
      'read the current limits configured for an agent',
      'how much budget is left for my agent today',
      'view the limits and usage of a bot',
      'remaining weekly allowance of an agent',
      'show the spending policy currently in force for an agent',
      'which caps and categories are configured for an agent',
      'the budget rules my bot runs under today',
    ],
    price: PRICES.getPolicy,
    input: S.PolicyQuery,
    output: S.PolicyOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  getPolicy(msg: TollMessage<S.PolicyQuery>) {
    return this.spend.getPolicy(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'spend.getAudit',
    method: 'GET',
    path: '/toll/spend/audit/{agent_id}',
    summary:
      "History of an agent's spend decisions, newest first: allowed or refused, why, and by which policy version",
    description: 'Append-only. Pages with limit (1-100) and cursor (next_cursor of the previous page).',
    asks: [
      "history of my agent's spending decisions",
      'all the spend attempts of an agent, allowed and refused',
      'which payments were refused and why',
      'audit trail of allowed and denied spends',
      'past approvals for my bot, newest first',
      'log of denied and approved payments for an agent',
      "why was my bot's payment refused earlier",
    ],
    price: PRICES.getAudit,
    input: S.AuditQuery,
    output: S.AuditOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  getAudit(msg: TollMessage<S.AuditQuery>) {
    return this.spend.getAudit(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'spend.getHealth',
    method: 'GET',
    path: '/toll/spend/health',
    summary: 'Spend Governance (agent budgets) status, rules and endpoint catalog',
    asks: [
      'is the spend governance service up',
      'status of the agent budget service',
      'is the budget checker working',
      'spending guard status and rules',
      'budget guard service status',
      'is agent spend control running',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.spend.health();
  }
}
