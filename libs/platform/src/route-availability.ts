import { TollError, type ErrorCode } from '@toll/contracts';

// Failures that mean "this operation cannot be served now", whatever the input: a provider or a backing service.
const OUTAGE_CODES: ReadonlySet<ErrorCode> = new Set(['UPSTREAM_ERROR', 'UPSTREAM_TIMEOUT', 'SERVICE_UNAVAILABLE']);
// Consecutive outage failures (no success between), for this many different inputs, open the circuit; how long it
// stays open: from 30 s, doubling while the first call after the pause fails again, up to 5 minutes. Failures repeated
// for one input (one ISBN, one point a provider cannot answer) say nothing about the provider: they count once.
export const CIRCUIT_FAILURES = 3;
const FIRST_PAUSE_MS = 30_000;
const MAX_PAUSE_MS = 300_000;
// What a held operation announces: re-announced every interval, so it never lapses while held.
const HELD_RETRY_SECONDS = 300;

interface Circuit {
  failures: number;
  inputs: Set<string>; // the distinct inputs among the consecutive failures (at most CIRCUIT_FAILURES kept)
  openUntil: number;
  pauseMs: number;
  reason: string;
}

export interface Unavailable {
  retryAfterSeconds: number;
  reason: string;
  unlessInput?: string; // a call whose input has this field is served anyway (it does not need what is missing)
}

// A circuit breaker per operation, fed by every handler's outcome. While open, the group announces the operation as
// unavailable, and the gateway answers 503 with Retry-After before asking anyone to pay. A handler opens it at once by
// failing with details.retry_after_seconds (it knows every provider is down, or the pool is empty); otherwise it opens
// after outage failures in a row for CIRCUIT_FAILURES different inputs. Any success closes it.
export class RouteAvailability {
  private readonly circuits = new Map<string, Circuit>();
  private readonly held = new Map<string, { reason: string; unlessInput?: string }>();
  private readonly unreachable = new Map<string, Unavailable>();

  constructor(
    private readonly onChange: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  succeeded(operationId: string) {
    const open = (this.circuits.get(operationId)?.openUntil ?? 0) > this.now();
    this.circuits.delete(operationId);
    if (open) this.onChange();
  }

  // inputKey names the input that failed (a hash of its canonical JSON); without one every failure counts as a new
  // input.
  failed(operationId: string, error: unknown, inputKey?: string) {
    if (!(error instanceof TollError) || !OUTAGE_CODES.has(error.code)) return;
    const circuit = this.circuits.get(operationId) ?? {
      failures: 0,
      inputs: new Set<string>(),
      openUntil: 0,
      pauseMs: 0,
      reason: '',
    };
    if (circuit.inputs.size < CIRCUIT_FAILURES) circuit.inputs.add(inputKey ?? `#${circuit.failures}`);
    circuit.failures = circuit.inputs.size;
    circuit.reason = `${error.code}: ${error.message}`;
    const asked = Number(error.details?.retry_after_seconds);
    const now = this.now();
    if (Number.isFinite(asked) && asked > 0) {
      circuit.openUntil = now + asked * 1000;
    } else if (circuit.failures >= CIRCUIT_FAILURES && circuit.openUntil > now) {
      // A call already in flight when the circuit opened failed too: it says nothing about the next try (counting it
      // as one kept a route closed for minutes after its provider recovered, in the chaos run).
      this.circuits.set(operationId, circuit);
      return;
    } else if (circuit.failures >= CIRCUIT_FAILURES) {
      // Failing again right after a pause: wait longer before the next try.
      circuit.pauseMs = circuit.pauseMs ? Math.min(MAX_PAUSE_MS, circuit.pauseMs * 2) : FIRST_PAUSE_MS;
      circuit.openUntil = now + circuit.pauseMs;
    } else {
      this.circuits.set(operationId, circuit);
      return;
    }
    this.circuits.set(operationId, circuit);
    this.onChange();
  }

  // A state the group knows will last until it changes something (an API key production needs is not configured):
  // the operation is announced unavailable from start-up, so not even the first caller is asked to pay.
  // unlessInput names an input field whose calls do not need what is missing (a renewal needs no free bot).
  hold(operationId: string, reason: string, unlessInput?: string) {
    this.held.set(operationId, { reason, unlessInput });
    this.onChange();
  }

  lift(operationId: string) {
    if (this.held.delete(operationId)) this.onChange();
  }

  // Background probes found every provider the operation needs down, and no cache can answer for them: nobody is
  // asked to pay until a probe succeeds (retryAfterSeconds: when the next probe runs).
  sourcesDown(operationId: string, unavailable: Unavailable) {
    const before = this.unreachable.get(operationId);
    this.unreachable.set(operationId, unavailable);
    if (before?.reason !== unavailable.reason) this.onChange();
  }

  sourcesUp(operationId: string) {
    if (this.unreachable.delete(operationId)) this.onChange();
  }

  isOpen(operationId: string) {
    return (
      this.held.has(operationId) ||
      this.unreachable.has(operationId) ||
      (this.circuits.get(operationId)?.openUntil ?? 0) > this.now()
    );
  }

  // What the announcement carries: the open circuits, each with the seconds left.
  unavailable(): Record<string, Unavailable> {
    const now = this.now();
    const out: Record<string, Unavailable> = {};
    for (const [operationId, c] of this.circuits) {
      if (c.openUntil > now)
        out[operationId] = { retryAfterSeconds: Math.ceil((c.openUntil - now) / 1000), reason: c.reason };
    }
    for (const [operationId, u] of this.unreachable) out[operationId] = u;
    for (const [operationId, { reason, unlessInput }] of this.held)
      out[operationId] = { retryAfterSeconds: HELD_RETRY_SECONDS, reason, ...(unlessInput ? { unlessInput } : {}) };
    return out;
  }
}
