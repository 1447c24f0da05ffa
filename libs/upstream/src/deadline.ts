// Races work (often a joined single-flight load started for another caller) against this caller's deadline,
// so the caller is answered in time with the error it should see, while the work itself goes on.
export function withDeadline<T>(work: Promise<T>, deadline: number, expired: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expired()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
