import { TollError } from '@toll/contracts';

const asTollError = (e: unknown): TollError =>
  e instanceof TollError
    ? e
    : new TollError('UPSTREAM_ERROR', `unexpected upstream data: ${e instanceof Error ? e.message : String(e)}`);

// One error for several failed providers: a timeout only when every one of them timed out.
export function combinedFailure(errors: readonly unknown[]): TollError {
  const failures = errors.map(asTollError);
  if (failures.length === 0) return new TollError('SERVICE_UNAVAILABLE', 'no provider is configured');
  const code = failures.every((f) => f.code === 'UPSTREAM_TIMEOUT') ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR';
  return new TollError(code, failures.map((f) => f.message).join('; '), {
    upstreams: failures.map((f) => f.details?.upstream ?? null),
  });
}

// Providers in order of preference (docs/upstreams.md §15): the first answer wins.
export async function firstAvailable<T>(attempts: ReadonlyArray<() => Promise<T>>): Promise<T> {
  const errors: unknown[] = [];
  for (const attempt of attempts) {
    try {
      return await attempt();
    } catch (e) {
      errors.push(e);
    }
  }
  throw combinedFailure(errors);
}

// Joined single-flight loads may run under another caller's (later) deadline: never wait past ours.
export function withDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TollError('UPSTREAM_TIMEOUT', `${what} did not load before the deadline`)),
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

// Prefixes a failure with what was being loaded ("SPY: ...", "SNDR: ...") and keeps its code.
export async function labelled<T>(label: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    const failure = asTollError(e);
    throw new TollError(failure.code, `${label}: ${failure.message}`, failure.details);
  }
}

// Like Promise.all, but waits for every part and then fails with the first failure in input order:
// the reason is deterministic, and each part still gets to fill its own cache.
export async function allInOrder<T>(work: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
