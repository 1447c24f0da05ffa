import { TollError } from '@toll/contracts';
import { NodeFailure, type JsonRpcNode } from '@toll/upstream';

// Time kept back from the caller's deadline to answer it.
const DEADLINE_MARGIN_MS = 50;
// Latency samples kept per upstream (for p50/p90), and how many before p90 drives the hedge delay.
const LATENCY_WINDOW = 100;
const MIN_SAMPLES_FOR_P90 = 10;
// Weight of the newest sample in the moving average that orders upstreams.
const EWMA_ALPHA = 0.2;
const SLOT_PROBE = '{"jsonrpc":"2.0","id":0,"method":"getSlot","params":[{"commitment":"processed"}]}';

export interface PoolOptions {
  timeoutMs: number;
  sendTimeoutMs: number;
  hedge: { enabled: boolean; minMs: number; maxMs: number };
  failuresToTrip: number;
  cooldownMs: number;
  maxSlotLag: number;
}

export type UpstreamState = 'up' | 'lagging' | 'down';

interface Stats {
  samples: number[];
  ewma: number | null;
  consecutiveFailures: number;
  downUntil: number;
  slot: number | null;
  requests: number;
  failures: number;
  hedgesWon: number;
  lastSuccessAt: number | null;
  lastFailure: { at: number; reason: string } | null;
}

export interface Answered<T> {
  value: T;
  upstream: string;
}

// Turns an answer's text into a value; a throw marks the answer unusable (a broken node or proxy).
export type Parse<T> = (text: string) => T;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

// Several upstreams behind one call: ordered by health then latency, with a circuit breaker per upstream,
// failover on transport failures, hedged reads, and writes that are never re-sent unless they never left.
export class UpstreamPool {
  private readonly stats = new Map<JsonRpcNode, Stats>();
  private timer?: NodeJS.Timeout;

  constructor(
    readonly nodes: JsonRpcNode[],
    private readonly options: PoolOptions,
    private readonly log: (level: 'debug' | 'info' | 'warn', event: string, fields: Record<string, unknown>) => void,
  ) {
    for (const node of nodes) {
      this.stats.set(node, {
        samples: [],
        ewma: null,
        consecutiveFailures: 0,
        downUntil: 0,
        slot: null,
        requests: 0,
        failures: 0,
        hedgesWon: 0,
        lastSuccessAt: null,
        lastFailure: null,
      });
    }
  }

  state(node: JsonRpcNode, now = Date.now()): UpstreamState {
    const s = this.stats.get(node)!;
    if (s.downUntil > now) return 'down';
    const best = Math.max(...[...this.stats.values()].map((x) => x.slot ?? 0));
    return s.slot !== null && best - s.slot > this.options.maxSlotLag ? 'lagging' : 'up';
  }

  // Healthy first, then suspects (recent failures, lagging), then open circuits; faster first within a rank.
  ordered(exclude: ReadonlySet<string> = new Set()): JsonRpcNode[] {
    const now = Date.now();
    const rank = (n: JsonRpcNode) => {
      const state = this.state(n, now);
      return state === 'down' ? 2 : state === 'lagging' || this.stats.get(n)!.consecutiveFailures > 0 ? 1 : 0;
    };
    const ewma = (n: JsonRpcNode) => this.stats.get(n)!.ewma ?? Infinity;
    return this.nodes.filter((n) => !exclude.has(n.name)).sort((a, b) => rank(a) - rank(b) || ewma(a) - ewma(b));
  }

  hedgeDelayMs(node: JsonRpcNode): number {
    const { minMs, maxMs } = this.options.hedge;
    const samples = this.stats.get(node)!.samples;
    if (samples.length < MIN_SAMPLES_FOR_P90) return maxMs;
    return Math.min(
      maxMs,
      Math.max(
        minMs,
        percentile(
          [...samples].sort((a, b) => a - b),
          0.9,
        ),
      ),
    );
  }

  // A read: the best upstream, a hedge to the next one if it is slow, the next one at once if it fails.
  read<T>(
    body: string,
    deadline: number,
    parse: Parse<T>,
    exclude: ReadonlySet<string> = new Set(),
  ): Promise<Answered<T>> {
    const candidates = this.ordered(exclude);
    if (!candidates.length) return Promise.reject(new TollError('SERVICE_UNAVAILABLE', 'no upstream left to ask'));
    return new Promise((resolve, reject) => {
      const controllers: AbortController[] = [];
      const failures: Array<{ node: JsonRpcNode; failure: NodeFailure }> = [];
      let next = 0;
      let running = 0;
      let done = false;
      let hedgeTimer: NodeJS.Timeout | undefined;
      const finish = () => {
        done = true;
        clearTimeout(hedgeTimer);
        for (const c of controllers) c.abort();
      };
      const launch = (hedged: boolean) => {
        const node = candidates[next++];
        const controller = new AbortController();
        controllers.push(controller);
        running++;
        this.attempt(node, body, deadline, this.options.timeoutMs, controller, parse).then(
          (value) => {
            if (done) return;
            if (hedged) this.stats.get(node)!.hedgesWon++;
            finish();
            resolve({ value, upstream: node.name });
          },
          (failure: NodeFailure) => {
            running--;
            if (done) return;
            failures.push({ node, failure });
            if (failure.kind === 'too-large') {
              finish();
              reject(tooLarge(failure));
            } else if (next < candidates.length && deadline - Date.now() > DEADLINE_MARGIN_MS) {
              launch(false);
            } else if (running === 0) {
              finish();
              reject(exhausted(failures));
            }
          },
        );
      };
      launch(false);
      if (this.options.hedge.enabled && candidates.length > 1) {
        hedgeTimer = setTimeout(
          () => !done && next < candidates.length && launch(true),
          this.hedgeDelayMs(candidates[0]),
        );
      }
    });
  }

  // A write goes to one upstream. It moves to the next only when it provably never reached the first
  // (connection refused, 429); after a timeout or a dropped connection the outcome is unknown and we say so.
  async write<T>(body: string, deadline: number, parse: Parse<T>): Promise<Answered<T>> {
    const failures: Array<{ node: JsonRpcNode; failure: NodeFailure }> = [];
    for (const node of this.ordered()) {
      try {
        return {
          value: await this.attempt(node, body, deadline, this.options.sendTimeoutMs, new AbortController(), parse),
          upstream: node.name,
        };
      } catch (e) {
        const failure = e as NodeFailure;
        failures.push({ node, failure });
        if (failure.delivered) {
          throw new TollError(
            failure.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
            `${failure.message}; the transaction may have reached the cluster and was not re-sent`,
            {
              upstream: node.name,
              outcome: 'unknown',
            },
          );
        }
      }
    }
    throw exhausted(failures);
  }

  private async attempt<T>(
    node: JsonRpcNode,
    body: string,
    deadline: number,
    timeoutMs: number,
    controller: AbortController,
    parse: Parse<T>,
  ): Promise<T> {
    const s = this.stats.get(node)!;
    const budget = Math.min(timeoutMs, deadline - Date.now() - DEADLINE_MARGIN_MS);
    if (budget <= 0) throw new NodeFailure('timeout', `${node.name}: no time left before the deadline`);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, budget);
    const started = Date.now();
    s.requests++;
    try {
      const text = await node.post(body, controller.signal);
      let value: T;
      try {
        value = parse(text);
      } catch (e) {
        throw new NodeFailure(
          'bad-body',
          `${node.name}: unusable answer (${e instanceof Error ? e.message : 'unparseable'})`,
        );
      }
      this.succeeded(node, Date.now() - started);
      return value;
    } catch (e) {
      const failure = e instanceof NodeFailure ? e : new NodeFailure('network', String(e));
      // A losing hedge we cancelled is not the upstream's fault, nor is an answer too large to relay. Its time so
      // far is a lower bound of its latency: kept when above the average, so a slow primary stops being first.
      const cancelled = controller.signal.aborted && !timedOut;
      if (cancelled && Date.now() - started > (s.ewma ?? Infinity)) this.observe(s, Date.now() - started);
      else if (!cancelled && failure.kind !== 'too-large') this.failed(node, failure);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  private observe(s: Stats, ms: number) {
    s.samples.push(ms);
    if (s.samples.length > LATENCY_WINDOW) s.samples.shift();
    s.ewma = s.ewma === null ? ms : s.ewma + EWMA_ALPHA * (ms - s.ewma);
  }

  private succeeded(node: JsonRpcNode, ms: number) {
    const s = this.stats.get(node)!;
    if (s.consecutiveFailures >= this.options.failuresToTrip)
      this.log('info', 'upstream back in rotation', { upstream: node.name, after: s.consecutiveFailures });
    this.observe(s, ms);
    s.consecutiveFailures = 0;
    s.downUntil = 0;
    s.lastSuccessAt = Date.now();
  }

  private failed(node: JsonRpcNode, failure: NodeFailure) {
    const s = this.stats.get(node)!;
    s.failures++;
    s.consecutiveFailures++;
    s.lastFailure = { at: Date.now(), reason: failure.message };
    const cooldown =
      failure.retryAfterMs ?? (s.consecutiveFailures >= this.options.failuresToTrip ? this.options.cooldownMs : 0);
    if (cooldown) s.downUntil = Date.now() + cooldown;
    // One warning when an upstream leaves rotation, not one per failed request during an outage.
    const leaving =
      cooldown > 0 && (failure.retryAfterMs !== undefined || s.consecutiveFailures === this.options.failuresToTrip);
    this.log(leaving ? 'warn' : 'debug', leaving ? 'upstream out of rotation' : 'upstream failure', {
      upstream: node.name,
      kind: failure.kind,
      reason: failure.message,
      consecutive: s.consecutiveFailures,
      cooldownMs: cooldown,
    });
  }

  // Every interval: getSlot on each upstream, for latency, liveness and how far behind each one is.
  startProbing(intervalMs: number) {
    if (!intervalMs) return;
    const probe = () => Promise.all(this.nodes.map((n) => this.probe(n)));
    void probe();
    this.timer = setInterval(() => void probe(), intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private async probe(node: JsonRpcNode) {
    const slotOf = (text: string) => {
      const answer = JSON.parse(text) as { result?: unknown; error?: { message?: string } };
      if (typeof answer.result !== 'number') throw new Error(`getSlot: ${answer.error?.message ?? 'no slot'}`);
      return answer.result;
    };
    try {
      this.stats.get(node)!.slot = await this.attempt(
        node,
        SLOT_PROBE,
        Date.now() + this.options.timeoutMs + DEADLINE_MARGIN_MS,
        this.options.timeoutMs,
        new AbortController(),
        slotOf,
      );
    } catch {
      // attempt() already recorded the failure
    }
  }

  snapshot(node: JsonRpcNode) {
    const s = this.stats.get(node)!;
    const sorted = [...s.samples].sort((a, b) => a - b);
    const best = Math.max(...[...this.stats.values()].map((x) => x.slot ?? 0));
    return {
      name: node.name,
      origin: node.origin,
      state: this.state(node),
      latency_ms: sorted.length
        ? {
            ewma: Math.round(s.ewma!),
            p50: percentile(sorted, 0.5),
            p90: percentile(sorted, 0.9),
            samples: sorted.length,
          }
        : null,
      hedge_delay_ms: this.hedgeDelayMs(node),
      slot: s.slot,
      slots_behind: s.slot === null ? null : best - s.slot,
      requests: s.requests,
      failures: s.failures,
      consecutive_failures: s.consecutiveFailures,
      hedges_won: s.hedgesWon,
      down_until: s.downUntil > Date.now() ? new Date(s.downUntil).toISOString() : null,
      last_success_at: s.lastSuccessAt === null ? null : new Date(s.lastSuccessAt).toISOString(),
      last_failure: s.lastFailure && { at: new Date(s.lastFailure.at).toISOString(), reason: s.lastFailure.reason },
    };
  }
}

const tooLarge = (failure: NodeFailure) =>
  new TollError('UPSTREAM_ERROR', `${failure.message}; narrow the request (filters, dataSlice, fewer accounts)`, {
    reason: 'too_large',
  });

// Every upstream failed: a timeout anywhere means the caller's time ran out, otherwise none could answer.
function exhausted(failures: Array<{ node: JsonRpcNode; failure: NodeFailure }>): TollError {
  const upstreams = failures.map(({ node, failure }) => ({ upstream: node.name, reason: failure.kind }));
  if (failures.some(({ failure }) => failure.kind === 'timeout'))
    return new TollError('UPSTREAM_TIMEOUT', 'no upstream answered in time', { upstreams });
  return new TollError('SERVICE_UNAVAILABLE', 'no upstream could answer', { upstreams });
}
