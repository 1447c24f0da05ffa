import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { Clock, GroupHealth } from '@toll/platform';
import { failedLast, ProviderOutcomes, SwrCache, type Cached, type CachePolicy } from '@toll/upstream';
import type * as S from './bridge.schemas';
import { BRIDGES, carriesToken, referenceRoute, resolveBridge, servesRoute, type BridgeRow } from './bridge-table';
import { CHAIN_IDS, CHAINS, resolveChain, type ChainId } from './chains';
import { incidentFactor, liquidityFactor, securityFactor, total, type Incident } from './score';
import { DefiLlamaClient, type BridgeVolume, type Hack } from './upstreams/defillama.client';

const HOUR = 3_600_000;
// Bridge volumes and TVL update hourly upstream: an hour fresh, a day stale. Hacks change rarely: a day, a week.
const VOLUME_TTL: CachePolicy = { freshMs: HOUR, staleMs: 24 * HOUR };
const HACKS_TTL: CachePolicy = { freshMs: 24 * HOUR, staleMs: 7 * 24 * HOUR };
// The all-bridges list compares every bridge on the same transfer.
const REFERENCE = { amount_usd: 100_000, token: 'USDC' };
const STALE_ROW_MS = 365 * 24 * HOUR;
const ATTRIBUTION = 'Incident data: DefiLlama hacks database (https://defillama.com/hacks), free with attribution';
const TERMS = 'Keyless, free with attribution to DefiLlama; fair use (no published limit)';

@Injectable()
export class BridgeService {
  private readonly cache: SwrCache;
  // Every TollError counts against the host.
  private readonly sourceHealth = new ProviderOutcomes<'defillama' | 'defillama-bridges'>(
    () => this.clock.now(),
    () => true,
  );

  constructor(
    private readonly llama: DefiLlamaClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
  ) {
    this.cache = new SwrCache(500, () => this.clock.now());
  }

  async score(input: S.ScoreInput, deadline: number): Promise<S.ScoreOutput> {
    const bridge = resolveBridge(input.bridge);
    if (!bridge)
      throw new TollError('NOT_FOUND', `Unknown bridge "${input.bridge}"`, {
        known_bridges: BRIDGES.map((b) => ({ id: b.id, name: b.name, aliases: b.aliases })),
      });
    const [from, to] = [this.chain(input.from_chain), this.chain(input.to_chain)];
    const token = input.token.toUpperCase();
    const base = {
      bridge: { id: bridge.id, name: bridge.name, category: bridge.category },
      route: { from_chain: from, to_chain: to, token, amount_usd: input.amount_usd },
      alternatives: BRIDGES.filter((b) => b !== bridge && servesRoute(b, from, to) && carriesToken(b, token)).map(
        (b) => ({ id: b.id, name: b.name }),
      ),
      table_row: { source: bridge.source, reviewed: bridge.reviewed },
    };
    const refusal = !servesRoute(bridge, from, to)
      ? `${bridge.name} does not connect ${CHAINS[from].name} and ${CHAINS[to].name}`
      : !carriesToken(bridge, token)
        ? `${bridge.name} does not carry ${token} (it carries ${(bridge.tokens as string[]).join(', ')})`
        : null;
    if (refusal) {
      return {
        ...base,
        serves_route: false,
        reason: refusal,
        score: null,
        grade: null,
        factors: [],
        last_incident: null,
        freshness: null,
        notes: [],
      };
    }
    const scored = await this.scoreRoute(bridge, input.amount_usd, deadline);
    return { ...base, serves_route: true, reason: null, ...scored };
  }

  async bridges(deadline: number): Promise<S.BridgesOutput> {
    const rows = await Promise.all(
      BRIDGES.map(async (b) => {
        const [from, to] = referenceRoute(b);
        const token = carriesToken(b, REFERENCE.token) ? REFERENCE.token : (b.tokens as string[])[0];
        const s = await this.scoreRoute(b, REFERENCE.amount_usd, deadline);
        const value = (n: string) => s.factors.find((f) => f.name === n)!.value;
        return {
          bridge: { id: b.id, name: b.name, category: b.category },
          route: { from_chain: from, to_chain: to, token },
          score: s.score,
          grade: s.grade,
          factors: { security: value('security')!, liquidity: value('liquidity'), incidents: value('incidents')! },
          last_incident: s.last_incident,
          table_row: { source: b.source, reviewed: b.reviewed },
          freshness: s.freshness,
        };
      }),
    );
    const sorted = rows.sort((a, b) => b.score - a.score || a.bridge.id.localeCompare(b.bridge.id));
    const stale = sorted.find((r) => r.freshness.stale);
    const oldest = sorted.map((r) => r.freshness.as_of).sort()[0];
    return {
      reference:
        `Each bridge scored on its reference route (its canonical pair, or Ethereum to the first other chain it ` +
        `serves) for $${REFERENCE.amount_usd} of ${REFERENCE.token} (or the first token it carries), best first`,
      bridges: sorted.map(({ freshness: _freshness, ...r }, i) => ({ rank: i + 1, ...r })),
      freshness: {
        as_of: oldest,
        stale: Boolean(stale),
        ...(stale?.freshness.reason ? { reason: stale.freshness.reason } : {}),
      },
    };
  }

  async incidents(input: S.IncidentsInput, deadline: number): Promise<S.IncidentsOutput> {
    const only = input.bridge === undefined ? null : resolveBridge(input.bridge);
    if (input.bridge !== undefined && !only)
      throw new TollError('NOT_FOUND', `Unknown bridge "${input.bridge}"`, { known_bridges: BRIDGES.map((b) => b.id) });
    const hacks = await this.hacks(deadline);
    const rows = hacks.value
      .map((h) => ({ hack: h, bridge: BRIDGES.find((b) => matches(b, h)) ?? null }))
      .filter(({ hack, bridge }) => hack.bridgeHack === true || bridge !== null)
      .filter(({ bridge }) => !only || bridge === only)
      .map(({ hack, bridge }) => ({
        date: dateOf(hack),
        name: hack.name,
        bridge_id: bridge?.id ?? null,
        amount_usd: hack.amount,
        returned_usd: hack.returnedFunds,
        classification: hack.classification ?? null,
        technique: hack.technique ?? null,
        chains: hack.chain ?? [],
        source: hack.source ?? null,
      }))
      .filter((r) => (!input.since || r.date >= input.since) && (!input.until || r.date <= input.until))
      .sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name));
    return {
      count: rows.length,
      incidents: rows.slice(0, input.limit),
      attribution: ATTRIBUTION,
      freshness: freshnessOf([hacks]),
    };
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const sources = (['defillama', 'defillama-bridges'] as const).map((id) => ({
      id,
      base_url: id === 'defillama' ? this.llama.apiUrl : this.llama.bridgesUrl,
      terms: TERMS,
      ...this.sourceHealth.outcome(id),
    }));
    const failing = sources.some(failedLast);
    return {
      ...described,
      status: failing ? 'degraded' : 'ok',
      bridges: BRIDGES.map((b) => ({ id: b.id, name: b.name, reviewed: b.reviewed, source: b.source })),
      chains: CHAIN_IDS.map((id) => ({ id, name: CHAINS[id].name, aliases: [...CHAINS[id].aliases] })),
      sources,
    };
  }

  // Whether a score could be answered with no provider up: volumes and hacks are still in cache within their
  // stale windows (a bridge's TVL is optional to its score; a missing one is said so in the notes).
  cachedForScores(): boolean {
    return this.servable('volumes', VOLUME_TTL) && this.cachedForIncidents();
  }

  cachedForIncidents(): boolean {
    return this.servable('hacks', HACKS_TTL);
  }

  private servable(key: string, policy: CachePolicy): boolean {
    const entry = this.cache.peek(key);
    return (
      entry !== undefined && this.clock.now() - Date.parse(entry.freshness.fetchedAt) <= policy.freshMs + policy.staleMs
    );
  }

  private chain(name: string): ChainId {
    const id = resolveChain(name);
    if (!id)
      throw new TollError('NOT_FOUND', `Unknown chain "${name}"`, {
        known_chains: CHAIN_IDS.map((c) => ({ id: c, name: CHAINS[c].name, aliases: [...CHAINS[c].aliases] })),
      });
    return id;
  }

  private async scoreRoute(bridge: BridgeRow, amountUsd: number, deadline: number) {
    const [volumes, tvl, hacks] = await Promise.all([
      this.cached('volumes', VOLUME_TTL, 'defillama-bridges', () => this.llama.bridgeVolumes(deadline)),
      bridge.defillama.protocol_slug
        ? this.cached(`tvl:${bridge.defillama.protocol_slug}`, VOLUME_TTL, 'defillama', () =>
            this.llama.tvl(bridge.defillama.protocol_slug!, deadline),
          )
        : null,
      this.hacks(deadline),
    ]);
    const volume = volumes.value.find((v: BridgeVolume) =>
      [v.name, v.displayName].includes(bridge.defillama.bridge_name ?? ''),
    );
    const incidents: Incident[] = hacks.value
      .filter((h) => matches(bridge, h))
      .map((h) => ({
        date: dateOf(h),
        name: h.name,
        amount_usd: h.amount ?? 0,
        returned_usd: h.returnedFunds ?? 0,
        source: h.source ?? null,
      }));
    const now = this.clock.now();
    const incident = incidentFactor(incidents, now);
    const { last_incident, ...incidentsFactor } = incident;
    const factors = [
      securityFactor(bridge),
      liquidityFactor(amountUsd, { tvl_usd: tvl?.value ?? null, volume_30d_usd: volume?.volume30dUsd ?? null }),
      incidentsFactor,
    ];
    const used: Array<Cached<unknown>> = [volumes, hacks, ...(tvl ? [tvl] : [])];
    const notes = [
      ...(factors[1].value === null
        ? ['liquidity unknown (no TVL or volume figure): the total is over security and incidents only']
        : []),
      ...(now - Date.parse(bridge.reviewed) > STALE_ROW_MS
        ? [`the structural row was last reviewed ${bridge.reviewed}, over a year ago`]
        : []),
      'liquidity uses bridge-wide TVL and 30-day volume, not per-route figures',
    ];
    return { ...total(factors), factors, last_incident, freshness: freshnessOf(used), notes };
  }

  private hacks(deadline: number): Promise<Cached<Hack[]>> {
    return this.cached('hacks', HACKS_TTL, 'defillama', () => this.llama.hacks(deadline));
  }

  private cached<T>(
    key: string,
    policy: CachePolicy,
    source: 'defillama' | 'defillama-bridges',
    load: () => Promise<T>,
  ): Promise<Cached<T>> {
    return this.cache.get(key, policy, async () => ({ value: await this.sourceHealth.track(source, load), source }));
  }
}

const dateOf = (h: Hack) => new Date(h.date * 1000).toISOString().slice(0, 10);

const matches = (b: BridgeRow, h: Hack) => b.defillama.hack_names.some((n) => n.toLowerCase() === h.name.toLowerCase());

// The oldest of the inputs used, stale when any of them was served stale.
function freshnessOf(inputs: ReadonlyArray<Cached<unknown>>): { as_of: string; stale: boolean; reason?: string } {
  const stale = inputs.find((c) => c.freshness.stale);
  const asOf = inputs.map((c) => c.freshness.fetchedAt).sort()[0];
  return { as_of: asOf, stale: Boolean(stale), ...(stale?.freshness.reason ? { reason: stale.freshness.reason } : {}) };
}
