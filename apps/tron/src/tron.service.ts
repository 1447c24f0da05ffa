import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { Clock, GroupHealth } from '@toll/platform';
import { failedLast, ProviderOutcomes, SwrCache, type CachePolicy, type Cached } from '@toll/upstream';
import {
  atomicToUsdt,
  bandOf,
  ENERGY_TO_EMPTY,
  ENERGY_TO_HOLDER,
  sunToTrx,
  sunToUsd,
  TRANSFER_BYTES,
  usdtToAtomic,
} from './energy';
import type * as S from './tron.schemas';
import { TronNodeClient, type ChainParams, type Resources } from './upstreams/tron-node.client';
import { TrxPriceClient, type TrxUsd } from './upstreams/trx-price.client';

const MINUTE = 60_000;
// Chain parameters change only by committee proposal: an hour fresh, a week stale (upstreams.md §16).
const PARAMS_TTL: CachePolicy = { freshMs: 60 * MINUTE, staleMs: 7 * 24 * 60 * MINUTE };
// Account state is caller-specific and moves with every transfer: 30 s fresh, 5 min stale.
const ACCOUNT_TTL: CachePolicy = { freshMs: 30_000, staleMs: 5 * MINUTE };
// The data group refreshes prices about every 30 min; payments refuses one older than an hour.
const PRICE_TTL: CachePolicy = { freshMs: 5 * MINUTE, staleMs: 55 * MINUTE };
const CACHE_MAX_ENTRIES = 20_000;
const NO_RENT =
  'No energy-rental price source is configured: rental markets (e.g. tronenergyrent.com, tronrental.com) quote ' +
  '30-45 sun per energy for 1 h, ' +
  'often a third of the burn, but none offers a keyless price API this service may resell, so no rent price is quoted.';

interface Recipient {
  balance: bigint;
  activated: boolean;
}

@Injectable()
export class TronService {
  private readonly cache: SwrCache;
  // Every TollError counts against the node.
  private readonly nodeHealth = new ProviderOutcomes<'node'>(
    () => this.clock.now(),
    () => true,
  );

  constructor(
    private readonly node: TronNodeClient,
    private readonly price: TrxPriceClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
  ) {
    this.cache = new SwrCache(CACHE_MAX_ENTRIES, () => this.clock.now());
  }

  async estimate(input: S.EstimateInput, deadline: number): Promise<S.EstimateOutput> {
    const amount = usdtToAtomic(input.amount_usdt);
    const [params, recipient, sender, trxUsd, simulated] = await Promise.all([
      this.params(deadline),
      this.fromNode(`recipient:${input.to}`, ACCOUNT_TTL, async () => {
        const [balance, activated] = await Promise.all([
          this.node.usdtBalance(input.to, deadline),
          this.node.activated(input.to, deadline),
        ]);
        return { balance, activated } satisfies Recipient;
      }),
      this.fromNode(`resources:${input.from}`, ACCOUNT_TTL, () => this.node.resources(input.from, deadline)),
      this.trxUsd(deadline),
      input.contract_call
        ? this.tracked(() => this.node.simulateTransfer(input.from, input.to, amount, deadline))
        : Promise.resolve(null),
    ]);
    const p = params.value;
    const r = recipient.value;
    const s: Resources = sender.value;
    const band = bandOf(r.balance > 0n);
    const required = simulated ?? band.energy;
    const energyToBurn = Math.max(0, required - s.energyLeft);
    const bandwidthLeft = s.freeBandwidthLeft + s.stakedBandwidthLeft;
    const bandwidthBurned = bandwidthLeft < TRANSFER_BYTES;
    const energyBurn = BigInt(energyToBurn) * BigInt(p.energyFeeSun);
    const bandwidthBurn = bandwidthBurned ? BigInt(TRANSFER_BYTES) * BigInt(p.bandwidthFeeSun) : 0n;
    const total = energyBurn + bandwidthBurn;
    const notes = [
      ...(input.contract_call && simulated === null
        ? ['the node simulation of this transfer reverted (does the sender hold the USDT?): the band is used']
        : []),
      ...(r.activated
        ? []
        : [
            'the recipient is not activated: a USDT transfer does not activate it, and it cannot receive ' +
              'delegated (rented) energy until it is',
          ]),
      ...[params, recipient, sender]
        .filter((c) => c.freshness.stale)
        .map(
          (c) =>
            `node unreachable: account or chain data from ${c.freshness.fetchedAt} is used (${c.freshness.reason})`,
        ),
    ];
    return {
      from: input.from,
      to: input.to,
      amount_usdt: atomicToUsdt(amount),
      recipient: { holds_usdt: r.balance > 0n, usdt_balance: atomicToUsdt(r.balance), activated: r.activated },
      energy: {
        required,
        basis: simulated === null ? 'band' : 'simulation',
        band: band.band,
        sender_available: s.energyLeft,
        to_burn: energyToBurn,
      },
      bandwidth: { required_bytes: TRANSFER_BYTES, sender_available_bytes: bandwidthLeft, burned: bandwidthBurned },
      cost: {
        energy_burn_sun: energyBurn.toString(),
        bandwidth_burn_sun: bandwidthBurn.toString(),
        total_burn_sun: total.toString(),
        total_burn_trx: sunToTrx(total),
        total_burn_usd: trxUsd.usd === null ? null : sunToUsd(total, trxUsd.usd),
      },
      balance_check:
        input.trx_balance_sun === undefined
          ? null
          : {
              trx_balance_sun: String(input.trx_balance_sun),
              covers_burn: BigInt(input.trx_balance_sun) >= total,
              shortfall_sun: (total > BigInt(input.trx_balance_sun)
                ? total - BigInt(input.trx_balance_sun)
                : 0n
              ).toString(),
            },
      rent: { available: false, reason: NO_RENT },
      params: paramsView(params),
      trx_usd: trxUsd,
      notes,
    };
  }

  async prices(deadline: number): Promise<S.PricesOutput> {
    const [params, trxUsd] = await Promise.all([this.params(deadline), this.trxUsd(deadline)]);
    const p = params.value;
    const burn = (energy: number) => {
      const sun = BigInt(energy) * BigInt(p.energyFeeSun) + BigInt(TRANSFER_BYTES) * BigInt(p.bandwidthFeeSun);
      return { energy, trx: sunToTrx(sun), usd: trxUsd.usd === null ? null : sunToUsd(sun, trxUsd.usd) };
    };
    return {
      energy_unit_price_sun: p.energyFeeSun,
      bandwidth_unit_price_sun: p.bandwidthFeeSun,
      free_bandwidth_per_day: p.freeBandwidth,
      usdt_transfer_burn: { to_holder: burn(ENERGY_TO_HOLDER), to_empty: burn(ENERGY_TO_EMPTY) },
      trx_usd: trxUsd,
      params: paramsView(params),
    };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const trxUsd = await this.trxUsd(Date.now() + 1_500);
    const node = this.nodeHealth.outcome('node');
    return {
      ...described,
      status: failedLast(node) ? 'degraded' : 'ok',
      nodes: this.node.nodes,
      node,
      trx_usd: trxUsd,
      usdt_contract: this.node.usdtContract,
    };
  }

  private params(deadline: number): Promise<Cached<ChainParams>> {
    return this.fromNode('params', PARAMS_TTL, () => this.node.chainParameters(deadline));
  }

  private fromNode<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<Cached<T>> {
    return this.cache.get(key, policy, async () => ({ value: await this.tracked(load), source: 'tron-node' }));
  }

  // A missing price never fails an estimate: the TRX amounts stand, USD is null with the reason.
  private async trxUsd(deadline: number): Promise<S.EstimateOutput['trx_usd']> {
    try {
      const cached = await this.cache.get<TrxUsd>('trx-usd', PRICE_TTL, async () => ({
        value: await this.price.trxUsd(deadline),
        source: 'data',
      }));
      const { usd, source, asOf } = cached.value;
      return {
        usd,
        source,
        as_of: asOf,
        ...(cached.freshness.stale ? { reason: `stale: ${cached.freshness.reason}` } : {}),
      };
    } catch (e) {
      if (!(e instanceof TollError)) throw e;
      return { usd: null, source: null, as_of: null, reason: e.message };
    }
  }

  private tracked<T>(call: () => Promise<T>): Promise<T> {
    return this.nodeHealth.track('node', call);
  }
}

function paramsView(params: Cached<ChainParams>): S.EstimateOutput['params'] {
  const p = params.value;
  return {
    energy_fee_sun: p.energyFeeSun,
    bandwidth_fee_sun: p.bandwidthFeeSun,
    free_bandwidth_per_day: p.freeBandwidth,
    as_of: params.freshness.fetchedAt,
    stale: params.freshness.stale,
  };
}
