import { Injectable } from '@nestjs/common';
import { canonicalJson } from '@toll/contracts';
import type { Listing, ListingHealth, Prisma } from './generated/prisma/client';
import { PrismaService } from './prisma.service';

export type ListingRow = Listing;
export type ListingWithHealth = Listing & { health: ListingHealth | null };
export type NewListing = Pick<
  Listing,
  'name' | 'description' | 'category' | 'endpointUrl' | 'authMethod' | 'capabilityTags'
> & {
  ioFormat: Prisma.InputJsonValue;
  pricing: Prisma.InputJsonValue;
  contact: Prisma.InputJsonValue;
};
export type NewSeed = NewListing & { seedKey: string };

export interface Marker {
  version: number;
  updatedAt: Date;
}

// One sliding-window rule: at most `limit` accepted requests per client key and bucket in `windowSeconds`.
export interface RateRule {
  bucket: 'submit' | 'questionnaire';
  clientKey: string;
  limit: number;
  windowSeconds: number;
}

export type Limited = { kind: 'rate_limited'; retryAfterSeconds: number };
export type PublishResult = { kind: 'published'; row: ListingRow; marker: Marker } | Limited | { kind: 'duplicate' };
export type StoreResult = { kind: 'stored'; receivedAt: Date } | Limited;

export interface ProbeRecord {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
}

type Tx = Prisma.TransactionClient;

const PROBE_RETENTION_DAYS = 7; // probes older than this are deleted (statistics use 24 h)
const USAGE_DAYS = 30; // usage counts client-days within this many days; older rows are deleted
const DAY_MS = 86_400_000;
// The seed runs once at start, one query per seed: Prisma's default 5 s for the whole transaction killed the app on a
// loaded machine (7 s taken, P2028, seen in the soak); a slow start is better than none.
const SEED_TRANSACTION = { maxWait: 30_000, timeout: 120_000 };

type Published = Pick<
  Listing,
  'name' | 'description' | 'category' | 'endpointUrl' | 'authMethod' | 'capabilityTags'
> & { ioFormat: unknown; pricing: unknown; contact: unknown };
const published = (l: Published) => [
  l.name,
  l.description,
  l.category,
  l.endpointUrl,
  l.ioFormat,
  l.pricing,
  l.authMethod,
  l.contact,
  l.capabilityTags,
];
// Key order differs between what we write and what jsonb returns, so compare canonically.
const sameListing = (row: Listing, seed: NewSeed) =>
  row.verified && canonicalJson(published(row)) === canonicalJson(published(seed));

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === 'P2002';

const utcDay = (offsetDays = 0) => new Date(new Date(Date.now() - offsetDays * DAY_MS).toISOString().slice(0, 10));

// The only file that touches the registry database. Every publish bumps the change marker in its own
// transaction; rate limits are decided inside the transaction that stores the request, under a per-client
// advisory lock, so replicas sharing the database share one limit.
@Injectable()
export class RegistryRepository {
  constructor(private readonly db: PrismaService) {}

  async marker(): Promise<Marker> {
    const state = await this.db.registryState.findUniqueOrThrow({ where: { id: 1 } });
    return { version: Number(state.version), updatedAt: state.updatedAt };
  }

  all(): Promise<ListingRow[]> {
    return this.db.listing.findMany({ orderBy: [{ verified: 'desc' }, { publishedAt: 'asc' }, { name: 'asc' }] });
  }

  verifiedSeeds(): Promise<ListingRow[]> {
    return this.db.listing.findMany({ where: { seedKey: { not: null }, verified: true }, orderBy: { name: 'asc' } });
  }

  find(filter: { capability?: string; verifiedOnly: boolean; auth?: string }): Promise<ListingWithHealth[]> {
    return this.db.listing.findMany({
      where: {
        capabilityTags: filter.capability ? { has: filter.capability } : undefined,
        verified: filter.verifiedOnly ? true : undefined,
        authMethod: filter.auth,
      },
      include: { health: true },
      orderBy: [{ verified: 'desc' }, { publishedAt: 'asc' }, { name: 'asc' }],
    });
  }

  async usage(listingIds: string[]): Promise<Map<string, number>> {
    const rows = await this.db.listingUsage.groupBy({
      by: ['listingId'],
      where: { listingId: { in: listingIds }, day: { gt: utcDay(USAGE_DAYS) } },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.listingId, r._count._all]));
  }

  async recordUsage(listingIds: string[], clientKey: string): Promise<void> {
    const day = utcDay();
    await this.db.listingUsage.createMany({
      data: listingIds.map((listingId) => ({ listingId, day, clientKey })),
      skipDuplicates: true,
    });
  }

  // Upserts the curated seeds (and drops seeds no longer curated); publishes only when something changed.
  seed(seeds: NewSeed[]): Promise<Marker | null> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM registry_state WHERE id = 1 FOR UPDATE`; // one seeder at a time
      const dropped = await tx.listing.deleteMany({
        where: { seedKey: { not: null, notIn: seeds.map((s) => s.seedKey) } },
      });
      let changed = dropped.count > 0;
      const publishedAt = new Date(); // one time for the whole seed, so listings order by name within it
      for (const s of seeds) {
        const current = await tx.listing.findUnique({ where: { seedKey: s.seedKey } });
        if (current && sameListing(current, s)) continue;
        if (current) await tx.listing.update({ where: { id: current.id }, data: { ...s, verified: true } });
        else await tx.listing.create({ data: { ...s, verified: true, publishedAt } });
        changed = true;
      }
      return changed ? this.bump(tx) : null;
    }, SEED_TRANSACTION);
  }

  async publish(listing: NewListing, rule: RateRule): Promise<PublishResult> {
    try {
      return await this.db.$transaction(async (tx): Promise<PublishResult> => {
        const retryAfterSeconds = await this.admit(tx, rule);
        if (retryAfterSeconds !== null) return { kind: 'rate_limited', retryAfterSeconds };
        const row = await tx.listing.create({ data: { ...listing, verified: false } });
        return { kind: 'published', row, marker: await this.bump(tx) };
      });
    } catch (e) {
      if (isUniqueViolation(e)) return { kind: 'duplicate' }; // rolled back: the rate event is gone too
      throw e;
    }
  }

  storeQuestionnaire(answers: Prisma.InputJsonValue, rule: RateRule): Promise<StoreResult> {
    return this.db.$transaction(async (tx): Promise<StoreResult> => {
      const retryAfterSeconds = await this.admit(tx, rule);
      if (retryAfterSeconds !== null) return { kind: 'rate_limited', retryAfterSeconds };
      const row = await tx.questionnaireResponse.create({ data: { answers } });
      return { kind: 'stored', receivedAt: row.receivedAt };
    });
  }

  // Claims up to `batch` listings due for a probe and moves their next probe one interval on, so across
  // replicas each listing is probed at most once per interval (a replica that dies mid-probe skips one).
  claimDue(batch: number, intervalSeconds: number): Promise<Array<{ id: string; endpoint_url: string }>> {
    return this.db.$queryRaw`
      UPDATE listings SET probe_due_at = now() + make_interval(secs => ${intervalSeconds}::int)
      WHERE id IN (SELECT id FROM listings
        WHERE probe_due_at <= now() ORDER BY probe_due_at LIMIT ${batch}::int FOR UPDATE SKIP LOCKED)
      RETURNING id::text, endpoint_url`;
  }

  // Stores a probe and recomputes the listing's rolling 24 h statistics from the stored probes.
  recordProbe(listingId: string, p: ProbeRecord): Promise<void> {
    return this.db.$transaction(async (tx) => {
      await tx.probe.create({
        data: { listingId, ok: p.ok, statusCode: p.statusCode, latencyMs: p.latencyMs, error: p.error },
      });
      await tx.$executeRaw`
        INSERT INTO listing_health (listing_id, probes_24h, ok_probes_24h, latency_p50_ms, last_probe_at, last_ok,
          last_error)
        SELECT ${listingId}::uuid, count(*)::int, (count(*) FILTER (WHERE ok))::int,
               round(percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok))::int, now(), ${p.ok},
                 ${p.error}
        FROM probes WHERE listing_id = ${listingId}::uuid AND at > now() - interval '24 hours'
        ON CONFLICT (listing_id) DO UPDATE SET probes_24h = EXCLUDED.probes_24h, ok_probes_24h = EXCLUDED.ok_probes_24h,
          latency_p50_ms = EXCLUDED.latency_p50_ms, last_probe_at = EXCLUDED.last_probe_at,
            last_ok = EXCLUDED.last_ok, last_error = EXCLUDED.last_error`;
    });
  }

  async housekeeping(rateWindowSeconds: number): Promise<void> {
    await this.db.probe.deleteMany({ where: { at: { lt: new Date(Date.now() - PROBE_RETENTION_DAYS * DAY_MS) } } });
    await this.db.listingUsage.deleteMany({ where: { day: { lte: utcDay(USAGE_DAYS) } } });
    await this.db.rateEvent.deleteMany({ where: { at: { lt: new Date(Date.now() - rateWindowSeconds * 1000) } } });
  }

  async stats() {
    const since = new Date(Date.now() - DAY_MS);
    const [listings, verified, probed24h, marker] = await Promise.all([
      this.db.listing.count(),
      this.db.listing.count({ where: { verified: true } }),
      this.db.listingHealth.count({ where: { lastProbeAt: { gt: since } } }),
      this.marker(),
    ]);
    return { listings, verified, probed24h, marker };
  }

  // Seconds until the client may try again, or null after recording the request as admitted.
  private async admit(tx: Tx, rule: RateRule): Promise<number | null> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${rule.bucket}:${rule.clientKey}`}, 0))`;
    const [row] = await tx.$queryRaw<Array<{ n: number; retry: number | null }>>`
      SELECT count(*)::int AS n, ceil(extract(epoch
        FROM min(at) + make_interval(secs => ${rule.windowSeconds}::int) - now()))::int AS retry
      FROM rate_events WHERE bucket = ${rule.bucket} AND client_key = ${rule.clientKey}
        AND at > now() - make_interval(secs => ${rule.windowSeconds}::int)`;
    if (row.n >= rule.limit) return Math.max(1, row.retry ?? 1);
    await tx.rateEvent.create({ data: { bucket: rule.bucket, clientKey: rule.clientKey } });
    return null;
  }

  // Strictly increasing time (at least 1 ms after the previous publish), so the marker alone identifies a state.
  private async bump(tx: Tx): Promise<Marker> {
    const [m] = await tx.$queryRaw<Array<{ version: bigint; updated_at: Date }>>`
      UPDATE registry_state SET version = version + 1,
        updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), updated_at + interval '1 millisecond')
      WHERE id = 1 RETURNING version, updated_at`;
    return { version: Number(m.version), updatedAt: new Date(m.updated_at) };
  }
}
