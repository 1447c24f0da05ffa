import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type SolUsdReply, type TollMessage } from '@toll/contracts';
import { GroupHealth, TollRoute } from '@toll/platform';
import * as S from './data.schemas';
import { DataService } from './data.service';
import { PRICES } from './pricing';

const QUICK_MS = 2_000;

@Controller()
export class DataController {
  constructor(
    private readonly data: DataService,
    private readonly health: GroupHealth,
  ) {}

  @TollRoute({
    operationId: 'data.getBundle',
    method: 'GET',
    path: '/api/data',
    summary: 'Crypto prices, ETF distribution yields, FDIC bank rates and staking yields in one response',
    description:
      'Each requested section is {items, as_of}, or {stale: true, data: null, as_of, reason} when its data is ' +
      'stale or missing; ' +
      'sections fail independently; when no requested section is fresh the answer is still a 200 but the payment ' +
      'stays unused (header x-toll-uncharged). ' +
      'Unknown include values are ignored; with none known, all sections are returned. Schema: GET /api/data/schema. ' +
      'Data provided by CoinGecko (https://www.coingecko.com), Powered by Pyth, Source: FDIC via FRED, ' +
      'DefiLlama, Nasdaq, Massive.',
    asks: [
      'crypto prices, ETF yields, bank savings rates and staking returns all in one call',
      'every section the data API publishes, together in one payload',
      'the complete data export, optionally only some sections',
      'one feed with coin prices and where to earn interest',
      'compare staking APY with high-yield savings accounts and fund payouts',
      'current bitcoin and solana prices plus the best CD rates',
      'a single dashboard payload of market prices and yields',
      'where can I park stablecoins for the best yield today',
      'snapshot of crypto quotes and savings rates for a portfolio report',
    ],
    price: PRICES.getBundle,
    input: S.GetBundleInput,
    output: S.DataBundle,
    timeoutMs: 20_000, // a cold staking load downloads DefiLlama's ~10 MB pool list
    sources: ['coingecko', 'pyth', 'nasdaq', 'polygon', 'fred', 'fredgraph', 'defillama', 'jito', 'marinade'],
  })
  getBundle(msg: TollMessage<S.GetBundleInput>) {
    return this.data.getBundle(S.parseInclude(msg.input.include), msg.deadline);
  }

  @TollRoute({
    operationId: 'data.getSchema',
    method: 'GET',
    path: '/api/data/schema',
    summary: 'JSON Schema (draft 2020-12) of the GET /api/data response',
    asks: [
      'what fields does the data bundle return',
      'JSON schema describing the unified data response',
      'machine-readable format of the prices and yields feed',
      'how is the bundle response structured before I parse it',
      'field definitions of the bundle payload',
      'generate types for the prices and yields response',
    ],
    price: PRICES.getSchema,
    input: S.EmptyInput,
    output: S.JsonSchemaOutput,
    timeoutMs: QUICK_MS,
  })
  getSchema() {
    return S.DATA_BUNDLE_JSON_SCHEMA;
  }

  @TollRoute({
    operationId: 'data.getHealth',
    method: 'GET',
    path: '/toll/data/health',
    summary: 'Data bundle service info: per-section freshness and source, tolls, price refresh interval, cache',
    asks: [
      'is the data bundle up and how fresh is each section',
      'when were the prices and yields last refreshed',
      'status of the combined prices and rates feed',
      'is the market data bundle service working',
      'is the prices-and-yields bundle stale',
      'which source feeds each section of the bundle',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: QUICK_MS,
  })
  getHealth() {
    return { ...this.health.describe(), ...this.data.health() };
  }

  // Internal: payments asks for the live SOL/USD rate to quote lamports; no fresh price → SERVICE_UNAVAILABLE.
  @MessagePattern(SUBJECTS.dataSolUsd)
  solUsd(): SolUsdReply {
    return this.data.solUsd();
  }
}
