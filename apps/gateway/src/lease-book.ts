import type { LeaseReply, LeaseSpend } from '@toll/contracts';

// A lease stops being spent this long before payments would let it expire: a call reserved just before expiry still
// finishes and is reported inside the lease's time.
export const LEASE_SAFETY_MS = 2_000;
// Nonces seen here are kept as long as payments keeps them at most (a few minutes); this bounds memory whatever the
// load.
const NONCE_MAX = 200_000;

// What payments answered about a lease (a balance lease's LeaseReply, or a block lease's), in the book's units.
export interface LeaseGrant {
  leaseId: string;
  status: 'active' | 'closed' | 'revoked';
  granted: bigint;
  availableOutside: bigint;
  capPerCall: bigint | null;
  expiresAtMs: number;
}

// S: what one served call reports (a balance call's LeaseSpend, a block call's BlockSpend).
export interface Lease<S = LeaseSpend> {
  id: string;
  wallet: string; // the book's key: the wallet (balance leases), or the block's proof and operation (block leases)
  granted: bigint; // held for this lease by payments, in total (LeaseReply.granted_atomic)
  spent: bigint; // taken by this gateway: served calls and calls in flight
  fullest: bigint; // the most it had left after a reply of payments: the lease is low below half of that
  availableOutside: bigint; // the wallet's balance outside every lease, as of the last reply
  capPerCall: bigint | null;
  expiresAtMs: number;
  status: 'active' | 'draining' | 'closed'; // draining: revoked, reports and closes once its calls in flight end
  inflight: number;
  seq: number; // the last report number sent
  pending: Array<{ spend: S; file: number }>; // served, not yet acknowledged by payments
  lastSpendMs: number;
}

// The gateway's half of a lease, with no I/O: what may be spent now, what was spent, what to report, and which nonces
// were used here. BalanceLeases and BlockLeases drive it over NATS; the model test drives it against the ledger.
export class LeaseBook<S = LeaseSpend> {
  readonly leases = new Map<string, Lease<S>>(); // by wallet (or block)
  private readonly nonces = new Map<string, number>(); // `${wallet} ${nonce}` → when it may be forgotten (ms)

  // A nonce is spent here once; false: this gateway saw it already.
  useNonce(wallet: string, nonce: string, keepMs: number, now: number): boolean {
    const key = `${wallet} ${nonce}`;
    const until = this.nonces.get(key);
    if (until !== undefined && until > now) return false;
    this.nonces.set(key, now + keepMs);
    if (this.nonces.size > NONCE_MAX)
      for (const [k, t] of this.nonces)
        if (t <= now || this.nonces.size > NONCE_MAX) this.nonces.delete(k);
        else break;
    return true;
  }

  // A request not served here after all (payments answers it instead): its nonce is not this gateway's to keep.
  forgetNonce(wallet: string, nonce: string): void {
    this.nonces.delete(`${wallet} ${nonce}`);
  }

  // Takes `amount` from the wallet's lease if it covers it now; undefined: ask payments first.
  reserve(wallet: string, amount: bigint, now: number): Lease<S> | undefined {
    const lease = this.leases.get(wallet);
    if (!lease || !this.spendable(lease, now) || lease.granted - lease.spent < amount) return undefined;
    lease.spent += amount;
    lease.inflight++;
    return lease;
  }

  spendable(lease: Lease<S>, now: number): boolean {
    return lease.status === 'active' && now < lease.expiresAtMs - LEASE_SAFETY_MS;
  }

  // Less than half of the most payments ever left it: time to top it up, while the rest still pays for calls. Only
  // while the wallet has as much again outside every lease: near the end of a balance, what is left goes to whichever
  // gateway has a call waiting, not to one topping up ahead (which would send the other's calls through a revoke).
  low(lease: Lease<S>): boolean {
    return (
      lease.status === 'active' &&
      (lease.granted - lease.spent) * 2n < lease.fullest &&
      lease.availableOutside >= lease.fullest
    );
  }

  // The call was not charged (invalid for the group, our failure, an uncharged answer): its amount goes back.
  giveBack(lease: Lease<S>, amount: bigint): void {
    lease.spent -= amount;
    lease.inflight--;
  }

  // The call was served: it is reported with the next batch. `file`: the journal file that keeps it across a crash.
  served(lease: Lease<S>, spend: S, file: number, now: number): void {
    lease.inflight--;
    lease.pending.push({ spend, file });
    lease.lastSpendMs = now;
  }

  // What the caller is told is left: the balance outside leases and what this lease has not spent.
  remaining(lease: Lease<S>): bigint {
    return lease.availableOutside + lease.granted - lease.spent;
  }

  // The next report on a lease: every pending spend (up to max) under a new number.
  batch(lease: Lease<S>, max: number): { seq: number; items: Lease<S>['pending'] } {
    lease.seq++;
    return { seq: lease.seq, items: lease.pending.splice(0, max) };
  }

  // A report that got no answer: its spends are sent again with the next one (payments charges each once).
  unsent(lease: Lease<S>, items: Lease<S>['pending']): void {
    lease.pending.unshift(...items);
  }

  // Payments' answer to a grant or a report (a new lease replaces one already reported and closed). A lease payments
  // closed is dropped once nothing of it is left to report; a revoked one drains first.
  apply(wallet: string, reply: Extract<LeaseReply, { ok: true }>, now: number): Lease<S> {
    return this.applyGrant(
      wallet,
      {
        leaseId: reply.lease_id,
        status: reply.status,
        granted: BigInt(reply.granted_atomic),
        availableOutside: BigInt(reply.available_atomic),
        capPerCall: reply.cap_per_call_atomic === null ? null : BigInt(reply.cap_per_call_atomic),
        expiresAtMs: Date.parse(reply.expires_at),
      },
      now,
    );
  }

  applyGrant(wallet: string, reply: LeaseGrant, now: number): Lease<S> {
    let lease = this.leases.get(wallet);
    if (!lease || lease.id !== reply.leaseId) {
      lease = {
        id: reply.leaseId,
        wallet,
        granted: 0n,
        spent: 0n,
        fullest: 0n,
        availableOutside: 0n,
        capPerCall: null,
        expiresAtMs: 0,
        status: 'active',
        inflight: 0,
        seq: 0,
        pending: [],
        lastSpendMs: now,
      };
      this.leases.set(wallet, lease);
    }
    lease.granted = reply.granted;
    if (lease.granted - lease.spent > lease.fullest) lease.fullest = lease.granted - lease.spent;
    lease.availableOutside = reply.availableOutside;
    lease.capPerCall = reply.capPerCall;
    lease.expiresAtMs = reply.expiresAtMs;
    if (reply.status !== 'active') lease.status = reply.status === 'revoked' ? 'draining' : 'closed';
    if (lease.status === 'closed' && !lease.pending.length && !lease.inflight) this.leases.delete(wallet);
    return lease;
  }

  drop(lease: Lease<S>): void {
    if (this.leases.get(lease.wallet) === lease) this.leases.delete(lease.wallet);
  }
}
