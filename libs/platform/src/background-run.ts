// A replica's background task that must not overlap itself (a sync, an ingest, a sweep): run() joins the run in
// progress instead of starting a second one; every() runs it on a timer that does not hold the process open; stop()
// clears the timer and waits for the run in progress (before the database disconnects). A failed run is reported by
// whoever awaited it, so stop() does not throw it again. `after` runs once a run has ended, before its callers hear.
export class BackgroundRun<T, A extends unknown[] = []> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  constructor(
    private readonly task: (...args: A) => Promise<T>,
    private readonly after?: () => Promise<void>,
  ) {}

  run(...args: A): Promise<T> {
    this.running ??= this.task(...args).finally(async () => {
      this.running = undefined;
      await this.after?.();
    });
    return this.running;
  }

  // Calls `tick` (by default a run whose failure is left to the task) every intervalMs, and once at once if `now`.
  every(intervalMs: number, options: { now?: boolean; tick?: () => void } = {}): void {
    const tick = options.tick ?? (() => void this.run(...([] as unknown as A)));
    if (options.now) tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
