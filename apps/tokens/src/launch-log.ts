import type { Launch } from './tokens.schemas';

// Recently scored tokens, newest last in the map (insertion order); bounded, the oldest dropped first.
export class LaunchLog {
  private readonly entries = new Map<string, Launch>();

  constructor(readonly capacity: number) {}

  // A mint scored again moves to the newest end with its latest score.
  record(launch: Launch): void {
    this.entries.delete(launch.mint);
    this.entries.set(launch.mint, launch);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  latest(limit: number): Launch[] {
    return [...this.entries.values()].reverse().slice(0, limit);
  }

  get size(): number {
    return this.entries.size;
  }
}
