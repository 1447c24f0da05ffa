import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './fees.schemas';
import { FeesService } from './fees.service';
import { PRICES } from './pricing';

// Room for an address-lookup-table read, then the fee market and a simulation side by side, each with a fallback.
const TX_TIMEOUT_MS = 10_000;
const SOURCE =
  'Source: Solana JSON-RPC getRecentPrioritizationFees (the last 150 slots) and simulateTransaction on the ' +
  'configured endpoints ' +
  '(rpc-1 primary, then fallbacks); the response names the endpoint that answered. Priority levels: low = p25, ' +
  'medium = p50, high = p75. ' +
  'Lamport amounts and micro-lamport prices are integer strings computed exactly.';

@Controller()
export class FeesController {
  constructor(private readonly fees: FeesService) {}

  @TollRoute({
    operationId: 'fees.getFees',
    method: 'GET',
    path: '/toll/fees/fees',
    summary:
      'Current Solana priority-fee percentiles (p25/p50/p75/p90/p99, micro-lamports per compute unit) over the ' +
      'recent slots',
    description: `${SOURCE} Cached for 2 s; if every endpoint fails, up to 60 s old samples are served labelled stale.`,
    asks: [
      'current Solana priority fee levels',
      'what are people paying in micro-lamports per compute unit right now',
      'network congestion fee percentiles over recent slots',
      'typical priority fee market on Solana today',
      'median and p90 priority fees',
      'how busy is the Solana network, fee-wise',
      'priority fee distribution right now',
      "what's the going rate for compute units",
    ],
    price: PRICES.getFees,
    input: S.EmptyInput,
    output: S.GetFeesOutput,
    timeoutMs: 5_000,
    errors: ['UPSTREAM_ERROR'],
  })
  getFees(msg: TollMessage<Record<string, never>>) {
    return this.fees.fees(msg.deadline);
  }

  @TollRoute({
    operationId: 'fees.estimate',
    method: 'POST',
    path: '/toll/fees/estimate',
    summary:
      'Total fee of a transaction (or of writes to given accounts) at a priority: signatures × 5,000 + ' +
      'ceil(compute units × price / 10⁶) lamports',
    description:
      `${SOURCE} Give exactly one of transaction_base64 or accounts. Compute units come from the transaction's ` +
      `SetComputeUnitLimit ` +
      'when it has one, else from simulation (sigVerify off, blockhash replaced); the answer says which. The ' +
      'price is the chosen ' +
      "percentile of the fee market of the transaction's writable accounts (or of the given accounts).",
    asks: [
      'how much will this Solana transaction cost in fees',
      'estimate the lamports I need for a high-priority transfer',
      'what priority fee should I set for my transaction',
      'total cost to land a transaction touching these accounts',
      'price my transaction before sending it',
      'lamports needed to get my swap confirmed fast',
      'fee quote for a transaction in base64',
      'compute the cost of sending this tx at medium priority',
    ],
    price: PRICES.estimate,
    input: S.EstimateInput,
    output: S.EstimateOutput,
    timeoutMs: TX_TIMEOUT_MS,
    sources: ['solana-rpc'],
    errors: ['UPSTREAM_ERROR'],
  })
  estimate(msg: TollMessage<S.EstimateInput>) {
    return this.fees.estimate(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'fees.optimize',
    method: 'POST',
    path: '/toll/fees/optimize',
    summary:
      'Fee-optimized unsigned transaction: compute-unit limit from simulation plus margin, compute-unit price ' +
      'for the priority',
    description:
      `${SOURCE} The transaction is simulated (sigVerify off, blockhash replaced); its SetComputeUnitLimit and ` +
      `SetComputeUnitPrice are ` +
      'replaced by a limit of min(1,400,000, max(floor, ceil(units × margin))) and the priority price, placed ' +
      'first; every other ' +
      'instruction, account, lookup table and the blockhash are kept. A failing simulation is a 400 with its ' +
      'error and logs.',
    asks: [
      'set the right compute unit limit and price on my transaction',
      'rewrite my unsigned transaction so it lands cheaply',
      'add compute budget instructions sized by simulation',
      'make my transaction fee-efficient before signing',
      'tune compute budget of my transaction',
      'return my transaction with priority fee instructions added',
      'size the compute budget of an unsigned transaction for me',
      'optimize the priority fee settings inside my transaction',
    ],
    price: PRICES.optimize,
    input: S.OptimizeInput,
    output: S.OptimizeOutput,
    timeoutMs: TX_TIMEOUT_MS,
    sources: ['solana-rpc'],
    errors: ['UPSTREAM_ERROR'],
  })
  optimize(msg: TollMessage<S.OptimizeInput>) {
    return this.fees.optimize(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'fees.getHealth',
    method: 'GET',
    path: '/toll/fees/health',
    summary:
      'Fee oracle status: each RPC endpoint probed live (status, latency, slot), tolls, cache stats, settings ' +
      'and the catalog',
    asks: [
      'is the fee oracle up',
      'status of the priority fee estimator and its RPC endpoints',
      'is the Solana fee service working',
      'fee oracle latency and settings',
      'fee estimator upstream status',
      'which RPC endpoints does the fee oracle probe',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 3_000,
  })
  getHealth() {
    return this.fees.health();
  }
}
