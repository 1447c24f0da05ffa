import { Injectable } from '@nestjs/common';
import type { IndexEntry } from './discovery.schemas';
import { PrismaService } from './prisma.service';

export interface NewEntry {
  name: string;
  endpoint: string;
  description: string;
  pricePerCall: string;
  tags: string[];
  schemaUrl: string | null;
}

interface EntryRow {
  id: string;
  name: string;
  endpoint: string;
  description: string;
  price_per_call: string;
  tags: string[];
  schema_url: string | null;
  created_at: Date;
  updated_at: Date;
  created?: boolean;
}

const toEntry = (r: EntryRow): IndexEntry => ({
  id: r.id,
  name: r.name,
  endpoint: r.endpoint,
  description: r.description,
  price_per_call: r.price_per_call,
  tags: r.tags,
  schema_url: r.schema_url,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

// At most perWindow new entries per registrant in windowSeconds.
export interface RegistrantLimit {
  registrant: string;
  perWindow: number;
  windowSeconds: number;
}

// The only file that touches the index table. (endpoint, name) is unique, so registering is an upsert that
// every replica agrees on; revision takes the next sequence value on every write, which is how readers notice changes.
@Injectable()
export class IndexRepository {
  constructor(private readonly db: PrismaService) {}

  // Inserts (while the index holds fewer than maxEntries and the registrant is under its limit) or updates the entry
  // with this endpoint and name; null when the index is full and the entry is new; retryAfterSeconds when the
  // registrant has added its limit of new entries within the window. The limit is decided under a per-registrant
  // advisory lock, so replicas sharing the database share one limit; the ceiling is checked per statement, so
  // concurrent registrations can overshoot it by a few rows.
  register(
    e: NewEntry,
    maxEntries: number,
    limit: RegistrantLimit,
  ): Promise<{ entry: IndexEntry; created: boolean } | { retryAfterSeconds: number } | null> {
    return this.db.$transaction(async (tx) => {
      const [existing] = await tx.$queryRaw<
        Array<{ id: string }>
      >`SELECT id FROM index_entries WHERE endpoint = ${e.endpoint} AND name = ${e.name}`;
      if (!existing) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('discovery-registrant:' || ${limit.registrant}))`;
        // created_at is a timestamp without time zone written by CURRENT_TIMESTAMP, so compare with LOCALTIMESTAMP.
        const [recent] = await tx.$queryRaw<Array<{ n: number; wait: number | null }>>`
          SELECT count(*)::int AS n,
            greatest(1, ceil(extract(epoch
              FROM min(created_at) + ${limit.windowSeconds}::int * interval '1 second' - LOCALTIMESTAMP)))::int AS wait
          FROM index_entries WHERE registrant = ${limit.registrant}
            AND created_at > LOCALTIMESTAMP - ${limit.windowSeconds}::int * interval '1 second'`;
        if (recent.n >= limit.perWindow) return { retryAfterSeconds: recent.wait ?? 1 };
      }
      const [inserted] = await tx.$queryRaw<EntryRow[]>`
        INSERT INTO index_entries (id, name, endpoint, description, price_per_call, tags, schema_url, registrant)
        SELECT gen_random_uuid(), ${e.name}, ${e.endpoint}, ${e.description}, ${e.pricePerCall}, ${e.tags}::text[],
          ${e.schemaUrl}, ${limit.registrant}
        WHERE (SELECT count(*) FROM index_entries) < ${maxEntries}
        ON CONFLICT (endpoint, name) DO UPDATE SET description = EXCLUDED.description,
          price_per_call = EXCLUDED.price_per_call,
          tags = EXCLUDED.tags, schema_url = EXCLUDED.schema_url, updated_at = now(),
            revision = nextval(pg_get_serial_sequence('index_entries', 'revision'))
        RETURNING id, name, endpoint, description, price_per_call, tags, schema_url, created_at, updated_at,
          (xmax = 0) AS created`;
      if (inserted) return { entry: toEntry(inserted), created: inserted.created === true };
      const [updated] = await tx.$queryRaw<EntryRow[]>`
        UPDATE index_entries SET description = ${e.description}, price_per_call = ${e.pricePerCall},
          tags = ${e.tags}::text[],
          schema_url = ${e.schemaUrl}, updated_at = now(),
          revision = nextval(pg_get_serial_sequence('index_entries', 'revision'))
        WHERE endpoint = ${e.endpoint} AND name = ${e.name}
        RETURNING id, name, endpoint, description, price_per_call, tags, schema_url, created_at, updated_at`;
      return updated ? { entry: toEntry(updated), created: false } : null;
    });
  }

  // Changes whenever an entry is added or updated (on any replica).
  async fingerprint(): Promise<string> {
    const [row] = await this.db.$queryRaw<
      Array<{ n: number; latest: string | null }>
    >`SELECT count(*)::int AS n, max(revision)::text AS latest FROM index_entries`;
    return `${row.n}:${row.latest ?? '-'}`;
  }

  async all(): Promise<IndexEntry[]> {
    const rows = await this.db.$queryRaw<
      EntryRow[]
    >`SELECT id, name, endpoint, description, price_per_call, tags, schema_url, created_at, updated_at
      FROM index_entries ORDER BY created_at, id`;
    return rows.map(toEntry);
  }
}
