import { Inject, Injectable } from '@nestjs/common';
import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  type PublicKey,
  type VersionedTransaction,
} from '@solana/web3.js';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import { SwrCache, type Cached, type CachePolicy } from '@toll/upstream';
import type { FeesConfig } from './config';
import { LEVELS, METHOD, presentMarket, summarize, type FeeMarket, type Priority } from './fee-market';
import { computeUnitLimit, feeParts, LAMPORTS_PER_SIGNATURE, MAX_COMPUTE_UNIT_LIMIT } from './fee-math';
import * as S from './fees.schemas';
import {
  decodeTransaction,
  invalidTransaction,
  MAX_FEE_MARKET_ACCOUNTS,
  toBase64,
  transactionFacts,
  withComputeBudget,
  type TransactionFacts,
} from './transaction';
import { SolanaRpcClient, type Answer, type RawAccount, type Simulation } from './upstreams/solana-rpc.client';

const SECOND = 1_000;
// Fee samples: a slot is ~400 ms, so a couple of seconds is still the current market; after a minute the
// 150-slot window has rolled over, so older samples are never served, not even as stale.
const FEE_MARKET_TTL: CachePolicy = { freshMs: 2 * SECOND, staleMs: 60 * SECOND };
// Health probes call every endpoint: at most once per 5 s however often /health is asked.
const PROBE_TTL: CachePolicy = { freshMs: 5 * SECOND, staleMs: 0 };
const PROBE_TIMEOUT_MS = 1_000;
// Keys are sets of accounts; each entry holds one market summary (under 1 KB).
const CACHE_MAX_ENTRIES = 2_000;
const MAX_LOGS = 100;

interface Market {
  market: FeeMarket;
  notes: string[];
}

interface Priced {
  priority: Priority;
  percentile: number;
  price: bigint;
  cached: Cached<Market>;
}

@Injectable()
export class FeesService {
  private readonly cache: SwrCache;
  private readonly probes: SwrCache;

  constructor(
    private readonly rpc: SolanaRpcClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: FeesConfig,
  ) {
    this.cache = new SwrCache(CACHE_MAX_ENTRIES, () => this.clock.now());
    this.probes = new SwrCache(1, () => this.clock.now());
  }

  async fees(deadline: number): Promise<S.GetFeesOutput> {
    const cached = await this.market([], deadline);
    const { percentiles } = cached.value.market;
    const levels = {
      low: percentiles[LEVELS.low].toString(),
      medium: percentiles[LEVELS.medium].toString(),
      high: percentiles[LEVELS.high].toString(),
    };
    return {
      ...presentMarket(cached.value.market),
      levels,
      level_percentiles: LEVELS,
      method: METHOD,
      ...provenance(cached, []),
    };
  }

  async estimate(input: S.EstimateInput, deadline: number): Promise<S.EstimateOutput> {
    if (input.accounts) {
      const priced = await this.priced(input.accounts, input.priority, deadline);
      const units = input.compute_units ?? S.DEFAULT_COMPUTE_UNITS;
      return this.estimated(
        priced,
        input.signatures ?? S.DEFAULT_SIGNATURES,
        units,
        input.compute_units === undefined ? 'default' : 'input',
        null,
        [],
      );
    }
    const b64 = input.transaction_base64 as string;
    const tx = decodeTransaction(b64);
    const { facts, tables, notes } = await this.read(tx, deadline);
    const simulated = facts.unitLimit === null ? this.simulate(b64, deadline) : undefined;
    const [priced, simulation] = await Promise.all([this.priced(facts.writable, input.priority, deadline), simulated]);
    if (simulation) {
      notes.push(
        ...simulation.notes,
        'The transaction sets no compute-unit limit, so the priority fee is priced on the simulated units; as it ' +
          'is, the runtime would charge ' +
          'its price on the default limit (200,000 per non-builtin instruction). /toll/fees/optimize sets a limit.',
      );
    }
    const units = simulation ? simulation.value.unitsConsumed : (facts.unitLimit as number);
    return this.estimated(
      priced,
      facts.signatures,
      units,
      simulation ? 'simulation' : 'instruction',
      { facts, tables },
      notes,
    );
  }

  async optimize(input: S.OptimizeInput, deadline: number): Promise<S.OptimizeOutput> {
    const tx = decodeTransaction(input.transaction_base64);
    const { facts, notes } = await this.read(tx, deadline);
    // Units do not depend on the price, so the market and the simulation run side by side; price 0 keeps the
    // simulated fee (which the payer must cover) at the base fee.
    const probe = toBase64(withComputeBudget(tx, MAX_COMPUTE_UNIT_LIMIT, 0n));
    const simulated = this.simulate(
      probe,
      deadline,
      'Instruction indexes count the SetComputeUnitLimit and SetComputeUnitPrice placed first.',
    );
    const [priced, simulation] = await Promise.all([this.priced(facts.writable, input.priority, deadline), simulated]);
    const { unitsConsumed, logs } = simulation.value;
    const margin = this.config.FEES_CU_MARGIN;
    const floor = this.config.FEES_CU_FLOOR;
    const limit = computeUnitLimit(unitsConsumed, margin, floor);
    const optimized = withComputeBudget(tx, limit, priced.price);
    const kept = optimized.message.compiledInstructions.length - 2;
    return {
      transaction_base64: toBase64(optimized),
      version: facts.version,
      ...pricing(priced, [...notes, ...simulation.notes]),
      units_consumed: unitsConsumed,
      compute_unit_limit: limit,
      limit_rule: {
        margin,
        floor,
        cap: MAX_COMPUTE_UNIT_LIMIT,
        formula: `min(${MAX_COMPUTE_UNIT_LIMIT}, max(${floor}, ceil(${unitsConsumed} × ${margin})))`,
      },
      ...fees(facts.signatures, limit, priced.price),
      replaced: { unit_limit: facts.unitLimit, unit_price: facts.unitPrice?.toString() ?? null },
      instructions: { kept, added: 2, removed: tx.message.compiledInstructions.length - kept },
      logs: (logs ?? []).slice(0, MAX_LOGS),
    };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const probed = await this.probes.get('probe', PROBE_TTL, async () => ({
      value: await this.rpc.probe(PROBE_TIMEOUT_MS),
      source: 'probe',
    }));
    const sources = this.rpc.endpoints.map((e, i) => {
      const { status, latency_ms, slot, error } = probed.value[i];
      const lastFailure = e.lastFailure && { at: e.lastFailure.at, message: e.lastFailure.message };
      return {
        id: e.name,
        role: e.role,
        host: e.host,
        status,
        latency_ms,
        slot,
        error,
        last_success_at: e.lastSuccessAt,
        last_latency_ms: e.lastLatencyMs,
        last_failure: lastFailure,
      };
    });
    return {
      ...described,
      status: sources.some((s) => s.status === 'down') ? 'degraded' : 'ok',
      sources,
      cache: { entries: this.cache.size, ...this.cache.stats },
      settings: {
        cu_margin: this.config.FEES_CU_MARGIN,
        cu_floor: this.config.FEES_CU_FLOOR,
        cu_cap: MAX_COMPUTE_UNIT_LIMIT,
        rpc_timeout_ms: this.rpc.timeoutMs,
        level_percentiles: LEVELS,
      },
    };
  }

  private estimated(
    priced: Priced,
    signatures: number,
    units: number,
    unitsSource: S.EstimateOutput['compute_units_source'],
    tx: { facts: TransactionFacts; tables: number } | null,
    notes: string[],
  ): S.EstimateOutput {
    const parts = fees(signatures, units, priced.price);
    return {
      ...pricing(priced, notes),
      compute_units: units,
      compute_units_source: unitsSource,
      ...parts,
      formula:
        `${signatures} × ${LAMPORTS_PER_SIGNATURE} + ceil(${units} × ${priced.price} / 1000000) = ` +
        `${parts.base_fee_lamports} + ${parts.priority_fee_lamports} = ${parts.total_fee_lamports}`,
      transaction: tx && {
        version: tx.facts.version,
        compute_budget: { unit_limit: tx.facts.unitLimit, unit_price: tx.facts.unitPrice?.toString() ?? null },
        writable_accounts: tx.facts.writable.length,
        lookup_tables: tx.tables,
      },
    };
  }

  // The transaction's facts, with its address lookup tables read through the RPC.
  private async read(
    tx: VersionedTransaction,
    deadline: number,
  ): Promise<{ facts: TransactionFacts; tables: number; notes: string[] }> {
    const lookups = tx.message.addressTableLookups.map((l) => l.accountKey);
    if (!lookups.length) return { facts: transactionFacts(tx, []), tables: 0, notes: [] };
    const answer = await this.rpc.accounts(
      lookups.map((k) => k.toBase58()),
      deadline,
    );
    const tables = answer.value.map((account, i) => lookupTable(lookups[i], account));
    return { facts: transactionFacts(tx, tables), tables: tables.length, notes: answer.notes };
  }

  private async simulate(base64: string, deadline: number, note?: string): Promise<Answer<Simulation>> {
    const answer = await this.rpc.simulate(base64, deadline);
    const { err, logs, unitsConsumed } = answer.value;
    if (err !== null && err !== undefined) {
      const simulation = {
        err,
        logs: (logs ?? []).slice(0, MAX_LOGS),
        units_consumed: unitsConsumed,
        ...(note ? { note } : {}),
      };
      throw invalidTransaction(`simulation failed: ${JSON.stringify(err)}`, { simulation });
    }
    return answer;
  }

  private async priced(accounts: string[], priority: Priority, deadline: number): Promise<Priced> {
    const cached = await this.market(accounts, deadline);
    const percentile = LEVELS[priority];
    return { priority, percentile, price: cached.value.market.percentiles[percentile], cached };
  }

  private market(accounts: string[], deadline: number): Promise<Cached<Market>> {
    const unique = [...new Set(accounts)].sort();
    const asked = unique.slice(0, MAX_FEE_MARKET_ACCOUNTS);
    return this.cache.get(`market:${asked.join(',')}`, FEE_MARKET_TTL, async () => {
      const answer = await this.rpc.prioritizationFees(asked, deadline);
      if (!answer.value.length)
        throw new TollError('UPSTREAM_ERROR', `${answer.source} returned no prioritization-fee samples`, {
          upstream: answer.source,
        });
      const notes = [...answer.notes];
      if (unique.length > asked.length)
        notes.push(
          `The fee market covers the first ${asked.length} of ${unique.length} writable accounts (the RPC limit)`,
        );
      return { value: { market: summarize(asked, answer.value), notes }, source: answer.source };
    });
  }
}

function lookupTable(key: PublicKey, account: RawAccount): AddressLookupTableAccount {
  if (!account) throw invalidTransaction(`address lookup table ${key.toBase58()} does not exist`);
  if (account.owner !== AddressLookupTableProgram.programId.toBase58())
    throw invalidTransaction(`${key.toBase58()} is not an address lookup table (owner ${account.owner})`);
  try {
    return new AddressLookupTableAccount({
      key,
      state: AddressLookupTableAccount.deserialize(Buffer.from(account.data[0], 'base64')),
    });
  } catch (e) {
    throw invalidTransaction(`address lookup table ${key.toBase58()} could not be read: ${(e as Error).message}`);
  }
}

const fees = (signatures: number, units: number, price: bigint) => ({
  signatures,
  lamports_per_signature: LAMPORTS_PER_SIGNATURE.toString(),
  ...feeParts(signatures, units, price),
});

function pricing(priced: Priced, notes: string[]) {
  return {
    priority: priced.priority,
    percentile: priced.percentile,
    compute_unit_price: priced.price.toString(),
    fee_market: presentMarket(priced.cached.value.market),
    ...provenance(priced.cached, notes),
  };
}

// Who answered and how fresh it is; a stale answer carries its age (as_of) and the reason.
function provenance(cached: Cached<Market>, notes: string[]) {
  const { source, fetchedAt, stale, reason } = cached.freshness;
  return {
    source,
    freshness: { as_of: fetchedAt, stale, ...(reason ? { reason } : {}) },
    notes: [...cached.value.notes, ...notes],
  };
}
