// The Solana JSON-RPC methods this gateway forwards, and how each may be cached. README.md has the same
// table for callers. Ages are how old an answer may be when we serve it; a value from the cache is never
// older than its method's TTL, and only cluster parameters are ever served stale (labelled) on an outage.

export type Commitment = 'processed' | 'confirmed' | 'finalized';

export interface Ttl {
  freshMs: number;
  staleMs: number; // served (with x-toll-cache: stale) only when no upstream answers
}

// One slot is ~400 ms; anything read at `processed` can change with every slot.
const SLOT_MS = 400;

// Account and token state, by commitment. `processed` moves every slot; `confirmed` trails it by a slot or
// two; `finalized` already trails the tip by ~32 slots (~13 s), so a little more age costs proportionally less.
export const ACCOUNT_STATE_TTL_MS: Record<Commitment, number> = {
  processed: SLOT_MS,
  confirmed: 1_000,
  finalized: 3_000,
};
// Chain-tip numbers (slot, block height, epoch info, signature statuses): one slot.
export const CHAIN_TIP_TTL_MS = SLOT_MS;
// A blockhash lives ~150 blocks (~60 s): one second of age leaves a caller ~59 s to land its transaction.
export const BLOCKHASH_TTL_MS = 1_000;
// Priority fees cover the last 150 slots: two seconds barely moves that window.
export const FEE_TTL_MS = 2_000;
// A finalized transaction or block never changes.
export const FINALIZED_HISTORY_TTL_MS = 3_600_000;
// A confirmed one has a supermajority vote; only a rare fork could still drop it.
export const CONFIRMED_HISTORY_TTL_MS = 5_000;
// A block's time is written in the block; only a dropped fork could change the answer.
export const BLOCK_TIME_TTL_MS = 60_000;
// Cluster-wide aggregates the node recomputes itself (supply, vote accounts, performance samples).
export const AGGREGATE_TTL_MS = 10_000;
// getLargestAccounts: the node caches this list itself for up to two hours.
export const LARGEST_ACCOUNTS_TTL_MS = 60_000;
// Parameters that change at most per epoch (~2 days) or on upgrades: rent, inflation, version, leader schedule.
export const CLUSTER_PARAMS_TTL: Ttl = { freshMs: 300_000, staleMs: 3_600_000 };
// Fixed for the life of the cluster: genesis hash, epoch schedule.
export const CLUSTER_CONSTANT_TTL: Ttl = { freshMs: 86_400_000, staleMs: 7 * 86_400_000 };

export type CacheRule =
  | { kind: 'never'; why: string }
  | { kind: 'fixed'; ttl: Ttl }
  | { kind: 'by-commitment'; ms: Record<Commitment, number> } // the request's commitment, default finalized
  | { kind: 'history' }; // finalized: FINALIZED_HISTORY_TTL_MS, confirmed: CONFIRMED_HISTORY_TTL_MS

export interface MethodPolicy {
  write: boolean; // sent to exactly one upstream, never hedged, never cached, re-sent only if it provably never left
  cache: CacheRule;
}

const read = (cache: CacheRule): MethodPolicy => ({ write: false, cache });
const fixed = (freshMs: number, staleMs = 0) => read({ kind: 'fixed', ttl: { freshMs, staleMs } });
const params = (ttl: Ttl) => read({ kind: 'fixed', ttl });
const accountState = read({ kind: 'by-commitment', ms: ACCOUNT_STATE_TTL_MS });
const history = read({ kind: 'history' });
// The answer describes the node that gave it; another node's cached answer would misreport ours.
const perNode = read({ kind: 'never', why: 'describes the node that answers' });

export const METHODS = {
  getAccountInfo: accountState,
  getBalance: accountState,
  getBlock: history,
  getBlockCommitment: fixed(CHAIN_TIP_TTL_MS),
  getBlockHeight: fixed(CHAIN_TIP_TTL_MS),
  getBlockProduction: fixed(AGGREGATE_TTL_MS),
  getBlockTime: fixed(BLOCK_TIME_TTL_MS),
  getBlocks: accountState,
  getBlocksWithLimit: accountState,
  getClusterNodes: fixed(AGGREGATE_TTL_MS),
  getEpochInfo: fixed(CHAIN_TIP_TTL_MS),
  getEpochSchedule: params(CLUSTER_CONSTANT_TTL),
  getFeeForMessage: fixed(BLOCKHASH_TTL_MS),
  getFirstAvailableBlock: perNode,
  getGenesisHash: params(CLUSTER_CONSTANT_TTL),
  getHealth: perNode,
  getHighestSnapshotSlot: perNode,
  getIdentity: perNode,
  getInflationGovernor: params(CLUSTER_PARAMS_TTL),
  getInflationRate: params(CLUSTER_PARAMS_TTL),
  getInflationReward: params(CLUSTER_PARAMS_TTL),
  getLargestAccounts: fixed(LARGEST_ACCOUNTS_TTL_MS),
  getLatestBlockhash: fixed(BLOCKHASH_TTL_MS),
  getLeaderSchedule: params(CLUSTER_PARAMS_TTL),
  getMaxRetransmitSlot: perNode,
  getMaxShredInsertSlot: perNode,
  getMinimumBalanceForRentExemption: params(CLUSTER_PARAMS_TTL),
  getMultipleAccounts: accountState,
  getProgramAccounts: accountState,
  getRecentPerformanceSamples: fixed(AGGREGATE_TTL_MS),
  getRecentPrioritizationFees: fixed(FEE_TTL_MS),
  getSignatureStatuses: fixed(CHAIN_TIP_TTL_MS),
  getSignaturesForAddress: accountState,
  getSlot: fixed(CHAIN_TIP_TTL_MS),
  getSlotLeader: fixed(CHAIN_TIP_TTL_MS),
  getSlotLeaders: params(CLUSTER_PARAMS_TTL),
  getStakeMinimumDelegation: params(CLUSTER_PARAMS_TTL),
  getSupply: fixed(AGGREGATE_TTL_MS),
  getTokenAccountBalance: accountState,
  getTokenAccountsByDelegate: accountState,
  getTokenAccountsByOwner: accountState,
  getTokenLargestAccounts: accountState,
  getTokenSupply: accountState,
  getTransaction: history,
  getTransactionCount: fixed(CHAIN_TIP_TTL_MS),
  getVersion: params(CLUSTER_PARAMS_TTL),
  getVoteAccounts: fixed(AGGREGATE_TTL_MS),
  isBlockhashValid: fixed(CHAIN_TIP_TTL_MS),
  minimumLedgerSlot: perNode,
  // Runs against live state (often with replaceRecentBlockhash): the point is a fresh answer.
  simulateTransaction: read({ kind: 'never', why: 'simulates against live state' }),
  sendTransaction: { write: true, cache: { kind: 'never', why: 'a write' } },
} satisfies Record<string, MethodPolicy>;

export type RpcMethod = keyof typeof METHODS;
export const RPC_METHODS = Object.keys(METHODS) as [RpcMethod, ...RpcMethod[]];
// What GET may carry: a GET must not change anything.
export const READ_METHODS = RPC_METHODS.filter((m) => !METHODS[m].write) as [RpcMethod, ...RpcMethod[]];

const COMMITMENTS = new Set<string>(['processed', 'confirmed', 'finalized']);

// The request's config object: the last parameter that is a plain object.
const configOf = (params: unknown[]): Record<string, unknown> | undefined => {
  const last = params.at(-1);
  return last && typeof last === 'object' && !Array.isArray(last) ? (last as Record<string, unknown>) : undefined;
};

export type CacheDecision = { cacheable: true; ttl: Ttl } | { cacheable: false; why: string };

// Whether (and how long) one request's answer may be cached.
export function cacheDecision(
  method: RpcMethod,
  params: unknown[],
  overrides: Partial<Record<RpcMethod, Ttl>> = {},
): CacheDecision {
  const policy: MethodPolicy = METHODS[method];
  const config = configOf(params);
  // The caller wants state at least this recent; a cached answer cannot promise that.
  if (config && 'minContextSlot' in config) return { cacheable: false, why: 'minContextSlot' };
  const commitment = config?.commitment ?? 'finalized';
  if (typeof commitment !== 'string' || !COMMITMENTS.has(commitment))
    return { cacheable: false, why: 'unknown commitment' };
  const override = overrides[method];
  if (override && !policy.write)
    return override.freshMs > 0
      ? { cacheable: true, ttl: override }
      : { cacheable: false, why: 'disabled by configuration' };
  const rule = policy.cache;
  switch (rule.kind) {
    case 'never':
      return { cacheable: false, why: rule.why };
    case 'fixed':
      return { cacheable: true, ttl: rule.ttl };
    case 'by-commitment':
      return { cacheable: true, ttl: { freshMs: rule.ms[commitment as Commitment], staleMs: 0 } };
    case 'history':
      return {
        cacheable: true,
        ttl: { freshMs: commitment === 'finalized' ? FINALIZED_HISTORY_TTL_MS : CONFIRMED_HISTORY_TTL_MS, staleMs: 0 },
      };
  }
}

// RPC_CACHE_TTL_OVERRIDES: "getBalance=0,getVersion=60000/3600000" (fresh ms, optional stale ms; 0 turns caching off).
export function parseTtlOverrides(text: string): Partial<Record<RpcMethod, Ttl>> | string {
  const out: Partial<Record<RpcMethod, Ttl>> = {};
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\d{1,9})(?:\/(\d{1,10}))?$/.exec(part);
    if (!match) return `"${part}" is not method=freshMs[/staleMs]`;
    const method = match[1] as RpcMethod;
    if (!(method in METHODS) || METHODS[method].write) return `${method} is not a cacheable method`;
    out[method] = { freshMs: Number(match[2]), staleMs: Number(match[3] ?? 0) };
  }
  return out;
}
