// Which parts of a requested window the collector recorded in full: the union of the polls' covered stretches,
// clipped to the window. Only this is ever called covered; the rest of the window is reported as a gap.
export interface Stretch {
  from: number; // epoch ms
  to: number;
}

export function coveredStretches(polls: readonly Stretch[], window: Stretch): Stretch[] {
  const clipped = polls
    .map((p) => ({ from: Math.max(p.from, window.from), to: Math.min(p.to, window.to) }))
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
  const merged: Stretch[] = [];
  for (const s of clipped) {
    const last = merged[merged.length - 1];
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else merged.push({ ...s });
  }
  return merged;
}

export const coveredMs = (stretches: readonly Stretch[]) => stretches.reduce((sum, s) => sum + (s.to - s.from), 0);
