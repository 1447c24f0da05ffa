import { createHash } from 'node:crypto';
import { toBase58 } from '@toll/solana';

// Agave accepts a blockhash while it is at most 150 blocks old (MAX_PROCESSING_AGE); every slot here is a block.
export const MAX_PROCESSING_AGE = 150;

export interface SlotClockOptions {
  // Wall-clock slot length; 0 means slots move only when advanced by hand (or by each landed transaction).
  slotMs: number;
  genesisSlot: number;
  // Makes blockhashes unique per chain, so a hash from another chain instance is never valid here.
  seed: string;
  onSlot: (slot: number, parent: number) => void;
}

// Slots and the recent-blockhash window. Slots catch up with wall-clock time lazily, on tick(); no timer.
export class SlotClock {
  slot: number;
  private offset = 0;
  private minValidSlot: number;
  private readonly startMs = Date.now();
  private readonly slotByHash = new Map<string, number>();
  private readonly hashBySlot = new Map<number, string>();

  constructor(private readonly options: SlotClockOptions) {
    this.slot = options.genesisSlot;
    this.minValidSlot = options.genesisSlot;
    this.remember(options.genesisSlot);
  }

  get manual(): boolean {
    return this.options.slotMs <= 0;
  }

  tick(): void {
    if (this.manual) return;
    const target =
      this.options.genesisSlot + this.offset + Math.floor((Date.now() - this.startMs) / this.options.slotMs);
    if (target > this.slot) this.moveTo(target);
  }

  advance(slots: number): void {
    this.tick();
    this.offset += slots;
    this.moveTo(this.slot + slots);
  }

  // Like LiteSVM's expireBlockhash, but for the whole window: every hash handed out so far stops working.
  expireAll(): void {
    this.advance(1);
    this.minValidSlot = this.slot;
  }

  blockhash(slot = this.slot): string {
    return this.hashBySlot.get(slot) ?? this.hashOf(slot);
  }

  // The slot that produced a still-valid blockhash, or undefined once it is too old or expired.
  validSlotOf(blockhash: string): number | undefined {
    const slot = this.slotByHash.get(blockhash);
    return slot !== undefined && slot >= this.minValidSlot && this.slot - slot <= MAX_PROCESSING_AGE ? slot : undefined;
  }

  private moveTo(target: number): void {
    const parent = this.slot;
    for (let s = Math.max(parent + 1, target - MAX_PROCESSING_AGE); s <= target; s++) this.remember(s);
    for (const [s, hash] of this.hashBySlot) {
      if (s >= target - MAX_PROCESSING_AGE) break;
      this.hashBySlot.delete(s);
      this.slotByHash.delete(hash);
    }
    this.slot = target;
    this.options.onSlot(target, parent);
  }

  private remember(slot: number): void {
    const hash = this.hashOf(slot);
    this.hashBySlot.set(slot, hash);
    this.slotByHash.set(hash, slot);
  }

  private hashOf(slot: number): string {
    return toBase58(createHash('sha256').update(`${this.options.seed}:block:${slot}`).digest());
  }
}
