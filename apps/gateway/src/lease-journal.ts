import type { LeaseSpend } from '@toll/contracts';
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface JournalLine {
  lease_id: string;
  wallet: string;
  spend: LeaseSpend;
}

// Every call served from a lease is appended here before its answer leaves, so a gateway killed before reporting it
// reports it after its restart (the receipt its caller holds then matches the ledger). An append is a write to the
// page cache, no fsync: it survives the process (kill -9, a crash), not the machine. Files rotate at each report
// tick and are deleted once payments acknowledged every line of them.
// L: one line (a balance lease's JournalLine; block leases journal their own lines under another `kind`).
export class LeaseJournal<L = JournalLine> {
  private fd: number | undefined;
  private file = 0;
  private readonly outstanding = new Map<number, number>(); // file → lines not yet acknowledged
  private readonly prefix: string;

  constructor(
    private readonly dir: string,
    private readonly kind = 'spends',
  ) {
    mkdirSync(dir, { recursive: true });
    this.prefix = `${kind}-${process.pid}-${Date.now()}-`;
  }

  // What an earlier process left: every line of every journal file in the directory, and the files to delete once
  // they are reported.
  recover(): { lines: L[]; files: string[] } {
    const files = readdirSync(this.dir)
      .filter((f) => f.startsWith(`${this.kind}-`) && f.endsWith('.jsonl'))
      .map((f) => join(this.dir, f));
    const lines: L[] = [];
    for (const f of files) {
      for (const text of readFileSync(f, 'utf8').split('\n')) {
        if (!text) continue;
        try {
          lines.push(JSON.parse(text) as L);
        } catch {
          // A torn last line (the process died mid-write): that call's answer never left either.
        }
      }
    }
    return { lines, files };
  }

  // Returns the file number the line went to (acknowledge it with done()).
  append(line: L): number {
    if (this.fd === undefined) this.fd = openSync(this.path(this.file), 'a');
    writeSync(this.fd, `${JSON.stringify(line)}\n`);
    this.outstanding.set(this.file, (this.outstanding.get(this.file) ?? 0) + 1);
    return this.file;
  }

  // New lines go to a new file; the current one is deleted when its last line is acknowledged.
  rotate(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    const sealed = this.file++;
    if (!this.outstanding.get(sealed)) this.remove(sealed);
  }

  done(file: number): void {
    const left = (this.outstanding.get(file) ?? 1) - 1;
    this.outstanding.set(file, left);
    if (left <= 0 && file !== this.file) this.remove(file);
  }

  removeFiles(files: string[]): void {
    for (const f of files) unlinkSync(f);
  }

  private remove(file: number) {
    this.outstanding.delete(file);
    try {
      unlinkSync(this.path(file));
    } catch {
      // never written
    }
  }

  private path(file: number) {
    return join(this.dir, `${this.prefix}${file}.jsonl`);
  }
}
