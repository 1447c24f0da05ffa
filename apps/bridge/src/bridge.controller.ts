import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './bridge.schemas';
import { BridgeService } from './bridge.service';
import { PRICES } from './pricing';

// Room for DefiLlama's own 5 s timeout and one retry.
const TIMEOUT_MS = 12_000;
const METHOD =
  'Security from a curated table of L2BEAT-style columns (who validates, upgradeability and delay, canonical vs ' +
  'wrapped token; each row with its source and review date), ' +
  'liquidity from DefiLlama TVL and 30-day volume against the amount, incidents from the DefiLlama hacks list.';

@Controller()
export class BridgeController {
  constructor(private readonly bridges: BridgeService) {}

  @TollRoute({
    operationId: 'bridge.score',
    method: 'POST',
    path: '/toll/bridge/score',
    summary:
      'Risk score of moving a token over a bridge between two chains: structural security, liquidity for the ' +
      'amount, hack history, each factor explained',
    description:
      `${METHOD} A bridge that does not connect the two chains is answered as such (serves_route false) with the ` +
      `bridges that do. Unknown names are 404 with the known ones.`,
    asks: [
      'how risky is it to bridge USDC from Ethereum to Solana',
      'safety rating for moving tokens across chains',
      'is this bridge safe for a large transfer',
      'cross-chain transfer risk with hack history and liquidity',
      'should I use Wormhole to send funds to Arbitrum',
      'risk of sending ETH over a bridge to Base',
      'rate the safety of this cross-chain route for my amount',
      'is it safe to bridge 10k USDT',
    ],
    price: PRICES.score,
    input: S.ScoreInput,
    output: S.ScoreOutput,
    sources: ['defillama', 'defillama-bridges'],
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND'],
  })
  score(msg: TollMessage<S.ScoreInput>) {
    return this.bridges.score(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'bridge.getBridges',
    method: 'GET',
    path: '/toll/bridge/bridges',
    summary: 'All tracked cross-chain bridges scored on a reference transfer and ranked, safest first',
    description: METHOD,
    asks: [
      'which cross-chain bridges are safest',
      'rank all bridges by security',
      'list the bridges you track with their scores',
      'compare bridge protocols for safety',
      'all bridges you rate, safest first',
      'which bridge protocols are supported for scoring',
      'which bridge protocols do you cover',
    ],
    price: PRICES.getBridges,
    input: S.EmptyInput,
    output: S.BridgesOutput,
    sources: ['defillama', 'defillama-bridges'],
    timeoutMs: TIMEOUT_MS,
  })
  getBridges(msg: TollMessage<Record<string, never>>) {
    return this.bridges.bridges(msg.deadline);
  }

  @TollRoute({
    operationId: 'bridge.getIncidents',
    method: 'GET',
    path: '/toll/bridge/incidents',
    summary:
      'Bridge hacks and exploits database: date, USD lost and returned, technique, source; filter by bridge and ' +
      'date, newest first',
    description:
      'From the DefiLlama hacks list (bridge hacks, plus rows matched to a tracked bridge), attribution required.',
    asks: [
      'past bridge hacks and how much was stolen',
      'history of exploits on cross-chain bridges',
      'was Ronin ever hacked and what was lost',
      'database of bridge security incidents by date',
      'recent bridge attacks and the technique used',
      'how much money was lost in bridge exploits',
      'list of hacked bridges this year',
    ],
    price: PRICES.getIncidents,
    input: S.IncidentsInput,
    output: S.IncidentsOutput,
    sources: ['defillama'],
    timeoutMs: TIMEOUT_MS,
  })
  getIncidents(msg: TollMessage<S.IncidentsInput>) {
    return this.bridges.incidents(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'bridge.getHealth',
    method: 'GET',
    path: '/toll/bridge/health',
    summary: 'Bridge scorer status: tracked bridges with review dates, chain names and aliases, sources, tolls',
    asks: [
      'is the bridge scorer up',
      'when were the bridge reviews last updated',
      'status of the bridge risk service',
      'which chains and aliases does the bridge service know',
      'bridge data review dates and sources',
      'is the bridge risk service ok',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.bridges.health();
  }
}
