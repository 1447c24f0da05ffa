import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './tron.schemas';
import { TronService } from './tron.service';

// Room for the node's own timeout (3 s) and one failover to the next node.
const TIMEOUT_MS = 8_000;

@Controller()
export class TronController {
  constructor(private readonly tron: TronService) {}

  @TollRoute({
    operationId: 'tron.estimate',
    method: 'POST',
    path: '/toll/tron/estimate',
    summary:
      'Energy, bandwidth and TRX burn of a USDT TRC-20 transfer, recipient-aware (holds USDT or not, activated), ' +
      'net of the sender’s own resources',
    description:
      "Reads the TRON node: the recipient's USDT balance picks the 64,285 or 130,285 energy band, the sender's " +
      'staked energy and free bandwidth are ' +
      'subtracted, and the burn uses the live getEnergyFee and getTransactionFee. TRX/USD comes from the data ' +
      'group. Addresses are base58check: a bad ' +
      'checksum is refused before payment.',
    asks: [
      'how much TRX will sending USDT on Tron burn',
      'energy and bandwidth needed for a TRC-20 transfer',
      'cost of sending tether to a new Tron wallet',
      'do I have enough TRX to send 100 USDT',
      'fee for a USDT transfer on TRON',
      'how much energy does a tether transfer on tron use',
      'will my TRC20 transfer burn TRX',
      'cost to send usdt from my T address',
    ],
    price: PRICES.estimate,
    input: S.EstimateInput,
    output: S.EstimateOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['tron-node'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  estimate(msg: TollMessage<S.EstimateInput>) {
    return this.tron.estimate(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'tron.getPrices',
    method: 'GET',
    path: '/toll/tron/prices',
    summary: 'TRON energy unit price, bandwidth price and TRX/USD, with the TRX burned by a USDT transfer in each band',
    asks: [
      'current price of Tron energy and bandwidth',
      'TRX to USD rate and what a USDT transfer burns',
      'energy unit price on the TRON network',
      'how expensive is Tron energy today',
      'TRX price in dollars and bandwidth cost',
      'how many TRX does a usdt transfer burn at current rates',
    ],
    price: PRICES.getPrices,
    input: S.EmptyInput,
    output: S.PricesOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['UPSTREAM_ERROR'],
  })
  getPrices(msg: TollMessage<Record<string, never>>) {
    return this.tron.prices(msg.deadline);
  }

  @TollRoute({
    operationId: 'tron.getHealth',
    method: 'GET',
    path: '/toll/tron/health',
    summary: 'Tron energy service status: nodes, last node success and failure, TRX/USD source, tolls',
    asks: [
      'is the Tron energy service up',
      'status of the TRON nodes used for estimates',
      'is the tron fee estimator working',
      'last node failure of the tron service',
      'tron node status for the energy estimator',
      'is the TRX price source working',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 3_000,
  })
  getHealth() {
    return this.tron.health();
  }
}
