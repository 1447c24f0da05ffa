import { Injectable } from '@nestjs/common';
import type { Prisma } from './generated/prisma/client';
import { annualMax, dedupKey, searchText, type JobType, type Posting } from './postings';
import { PrismaService } from './prisma.service';
import type { SourceId } from './sources';

// Serialises writers of the index: each refresh recomputes the cross-source dedup over the whole table.
const INDEX_WRITE_LOCK = 4_242_001;
const INSERT_CHUNK = 1_000;

export interface SearchFilter {
  words: string[];
  location?: string;
  remote?: boolean;
  jobType?: JobType;
  salaryFloor?: { annual: number; currency: string };
  postedSince?: Date;
  source?: SourceId;
  sources: SourceId[]; // served sources (fresh enough)
  after?: { postedAt: Date; id: string };
  limit: number;
}

export type JobRow = Prisma.JobPostingGetPayload<object>;
export type StateRow = Prisma.SourceStateGetPayload<object>;

@Injectable()
export class JobsRepository {
  constructor(private readonly db: PrismaService) {}

  // A new source is due at once (epoch), whatever the clocks of the replicas say.
  async ensureSources(ids: readonly SourceId[]) {
    await this.db.sourceState.createMany({
      data: ids.map((source) => ({ source, nextRefreshAt: new Date(0) })),
      skipDuplicates: true,
    });
  }

  // One UPDATE decides which replica refreshes a due source; the others see count 0 and skip it.
  async claim(source: SourceId, owner: string, now: Date, leaseMs: number): Promise<boolean> {
    const { count } = await this.db.sourceState.updateMany({
      where: { source, nextRefreshAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
      data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) },
    });
    return count === 1;
  }

  // Swaps a source's rows for a fresh fetch in one transaction: readers see the old rows or the new, never a gap.
  async replace(source: SourceId, owner: string, postings: Posting[], fetchedAt: Date, nextRefreshAt: Date) {
    const rows = unique(postings).map((p) => toRow(p, fetchedAt));
    await this.db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${INDEX_WRITE_LOCK})`;
        await tx.jobPosting.deleteMany({ where: { source } });
        for (let i = 0; i < rows.length; i += INSERT_CHUNK)
          await tx.jobPosting.createMany({ data: rows.slice(i, i + INSERT_CHUNK) });
        // The earliest posting of a job is the one shown; its copies on other sources become also_listed_on.
        await tx.$executeRaw`
          UPDATE job_posting AS j SET canonical = (j.id = r.first_id)
          FROM (SELECT id, first_value(id) OVER (PARTITION BY dedup_key ORDER BY posted_at, id) AS first_id FROM job_posting) AS r
          WHERE j.id = r.id AND j.canonical IS DISTINCT FROM (j.id = r.first_id)`;
        await tx.sourceState.updateMany({
          where: { source, leaseOwner: owner },
          data: {
            lastSuccessAt: fetchedAt,
            lastRowCount: rows.length,
            nextRefreshAt,
            leaseOwner: null,
            leaseUntil: null,
          },
        });
      },
      { timeout: 60_000 },
    );
  }

  async fail(source: SourceId, owner: string, at: Date, message: string, nextRefreshAt: Date) {
    await this.db.sourceState.updateMany({
      where: { source, leaseOwner: owner },
      data: {
        lastFailureAt: at,
        lastFailure: message.slice(0, 500),
        nextRefreshAt,
        leaseOwner: null,
        leaseUntil: null,
      },
    });
  }

  states(): Promise<StateRow[]> {
    return this.db.sourceState.findMany({ orderBy: { source: 'asc' } });
  }

  async counts(): Promise<{ bySource: Map<string, number>; distinct: number }> {
    const [groups, distinct] = await Promise.all([
      this.db.jobPosting.groupBy({ by: ['source'], _count: { _all: true } }),
      this.db.jobPosting.count({ where: { canonical: true } }),
    ]);
    return { bySource: new Map(groups.map((g) => [g.source, g._count._all])), distinct };
  }

  search(f: SearchFilter): Promise<JobRow[]> {
    const and: Prisma.JobPostingWhereInput[] = f.words.map((w) => ({ searchText: { contains: w } }));
    if (f.after)
      and.push({
        OR: [{ postedAt: { lt: f.after.postedAt } }, { postedAt: f.after.postedAt, id: { gt: f.after.id } }],
      });
    return this.db.jobPosting.findMany({
      where: {
        // With a source filter every row of that source counts, its copies elsewhere notwithstanding.
        ...(f.source ? {} : { canonical: true }),
        source: { in: f.source ? f.sources.filter((s) => s === f.source) : f.sources },
        ...(f.location ? { location: { contains: f.location, mode: 'insensitive' as const } } : {}),
        ...(f.remote !== undefined ? { remote: f.remote } : {}),
        ...(f.jobType ? { jobTypes: { has: f.jobType } } : {}),
        ...(f.salaryFloor
          ? { salaryAnnualMax: { gte: f.salaryFloor.annual }, salaryCurrency: f.salaryFloor.currency }
          : {}),
        ...(f.postedSince ? { postedAt: { gte: f.postedSince } } : {}),
        AND: and,
      },
      orderBy: [{ postedAt: 'desc' }, { id: 'asc' }],
      take: f.limit,
    });
  }

  byId(id: string): Promise<JobRow | null> {
    return this.db.jobPosting.findUnique({ where: { id } });
  }

  // Other sources' copies of the given jobs, by dedup key.
  copies(rows: JobRow[]): Promise<JobRow[]> {
    if (!rows.length) return Promise.resolve([]);
    return this.db.jobPosting.findMany({
      where: { dedupKey: { in: [...new Set(rows.map((r) => r.dedupKey))] } },
      orderBy: [{ postedAt: 'asc' }, { id: 'asc' }],
    });
  }
}

// A board may list one job twice across pages while it updates; the id is the key.
function unique(postings: Posting[]): Posting[] {
  const seen = new Map<string, Posting>();
  for (const p of postings) if (!seen.has(p.sourceId)) seen.set(p.sourceId, p);
  return [...seen.values()];
}

function toRow(p: Posting, fetchedAt: Date): Prisma.JobPostingCreateManyInput {
  return {
    id: `${p.source}:${p.sourceId}`,
    source: p.source,
    sourceId: p.sourceId,
    dedupKey: dedupKey(p.company, p.title, p.location),
    title: p.title,
    company: p.company,
    location: p.location,
    remote: p.remote,
    jobTypes: p.jobTypes,
    tags: p.tags,
    salaryMin: p.salary?.min ?? null,
    salaryMax: p.salary?.max ?? null,
    salaryCurrency: p.salary?.currency ?? null,
    salaryPeriod: p.salary?.period ?? null,
    salaryAnnualMax: annualMax(p.salary),
    postedAt: p.postedAt,
    closesAt: p.closesAt,
    url: p.url,
    applyUrl: p.applyUrl,
    description: p.description,
    searchText: searchText(p),
    fetchedAt,
  };
}
