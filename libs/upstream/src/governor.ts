import { TollError } from '@toll/contracts';

export interface GovernorOptions {
  ratePerSecond: number; // sustained requests per second to this upstream (per process)
  burst?: number; // tokens that may be spent at once; 1 makes a strict single queue
}

// What createUpstream asks of a governor: resolve when a call may go out, or refuse before the deadline passes.
export interface Governor {
  take(deadline: number, name: string): Promise<void>;
}

// A token bucket per upstream. Callers wait for a token, but never past their deadline.
export class RateGovernor implements Governor {
  private tokens: number;
  private last = Date.now();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: GovernorOptions) {
    this.tokens = options.burst ?? 1;
  }

  take(deadline: number, name: string): Promise<void> {
    const turn = this.queue.then(() => this.wait(deadline, name));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async wait(deadline: number, name: string) {
    const burst = this.options.burst ?? 1;
    const now = Date.now();
    this.tokens = Math.min(burst, this.tokens + ((now - this.last) / 1000) * this.options.ratePerSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return;
    }
    const waitMs = Math.ceil(((1 - this.tokens) / this.options.ratePerSecond) * 1000);
    if (now + waitMs > deadline)
      throw new TollError('UPSTREAM_TIMEOUT', `${name}: rate limit would delay the call past the deadline`, {
        upstream: name,
      });
    await new Promise((r) => setTimeout(r, waitMs));
    this.tokens = 0;
    this.last = Date.now();
  }
}
