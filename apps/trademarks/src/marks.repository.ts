import { Injectable } from '@nestjs/common';
import type { CaseFile } from './daily-file';
import { Prisma } from './generated/prisma/client';
import { PrismaService } from './prisma.service';
import { normalise, phoneticKey } from './similarity';

// Trigram candidates are capped: scoring runs in the app, and a query matching more marks than this is too vague
// to be useful anyway (the answer says how many were considered).
export const MAX_CANDIDATES = 500;
const STATE_ID = 'daily';

export interface MarkRow {
  serial: string;
  registration_number: string | null;
  mark_text: string;
  mark_norm: string;
  phonetic_key: string;
  classes: number[];
  owner: string | null;
  filing_date: Date | null;
  registration_date: Date | null;
  status_code: string | null;
  status_date: Date | null;
  goods: Array<{ class: number; text: string }>;
}

type Tx = Prisma.TransactionClient;

@Injectable()
export class MarksRepository {
  constructor(private readonly db: PrismaService) {}

  async ensureState() {
    await this.db.ingestState.createMany({ data: [{ id: STATE_ID, nextRunAt: new Date(0) }], skipDuplicates: true });
  }

  // One UPDATE decides which replica runs a due ingest; the others see count 0.
  async claim(owner: string, now: Date, leaseMs: number): Promise<boolean> {
    const { count } = await this.db.ingestState.updateMany({
      where: { id: STATE_ID, nextRunAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
      data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) },
    });
    return count === 1;
  }

  // Ends a run: releases the lease, schedules the next one, and records the index figures as they now are.
  async finish(owner: string, now: Date, nextRunAt: Date, failure?: string) {
    const [markCount, filesLoaded, latest] = await Promise.all([
      this.db.mark.count(),
      this.db.ingestFile.count({ where: { status: 'loaded' } }),
      this.db.ingestFile.findFirst({ where: { status: 'loaded' }, orderBy: { fileDate: 'desc' } }),
    ]);
    await this.db.ingestState.updateMany({
      where: { id: STATE_ID, leaseOwner: owner },
      data: {
        leaseOwner: null,
        leaseUntil: null,
        nextRunAt,
        markCount,
        filesLoaded,
        latestFileDate: latest?.fileDate ?? null,
        ...(failure ? { lastFailureAt: now, lastFailure: failure.slice(0, 500) } : { lastSuccessAt: now }),
      },
    });
  }

  state() {
    return this.db.ingestState.findUnique({ where: { id: STATE_ID } });
  }

  async loadedFiles(names: string[]): Promise<Set<string>> {
    const rows = await this.db.ingestFile.findMany({
      where: { fileName: { in: names }, status: 'loaded' },
      select: { fileName: true },
    });
    return new Set(rows.map((r) => r.fileName));
  }

  // Loads one daily file all-or-nothing: its rows and its "loaded" record commit together, or nothing does.
  async loadFile(
    file: { name: string; date: string; sha256: string },
    batches: AsyncIterable<CaseFile[]>,
    now: Date,
    timeoutMs: number,
  ): Promise<number> {
    return this.db.$transaction(
      async (tx) => {
        let rows = 0;
        for await (const batch of batches)
          rows += await upsert(
            tx,
            batch.filter((c) => c.markText),
            file.name,
          );
        await tx.ingestFile.upsert({
          where: { fileName: file.name },
          create: {
            fileName: file.name,
            fileDate: new Date(file.date),
            status: 'loaded',
            rows,
            sha256: file.sha256,
            processedAt: now,
          },
          update: { status: 'loaded', rows, sha256: file.sha256, processedAt: now, error: null },
        });
        return rows;
      },
      { timeout: timeoutMs, maxWait: 10_000 },
    );
  }

  async rejectFile(file: { name: string; date: string; sha256: string | null }, now: Date, error: string) {
    const data = { status: 'rejected', rows: 0, sha256: file.sha256, processedAt: now, error: error.slice(0, 500) };
    // A file loaded once stays loaded: a later bad copy of it changes nothing.
    await this.db.ingestFile.upsert({
      where: { fileName: file.name },
      create: { fileName: file.name, fileDate: new Date(file.date), ...data },
      update: {},
    });
    await this.db.ingestFile.updateMany({ where: { fileName: file.name, status: 'rejected' }, data });
  }

  rejectedFiles() {
    return this.db.ingestFile.findMany({ where: { status: 'rejected' }, orderBy: { fileDate: 'desc' }, take: 5 });
  }

  // Exact, sound-alike and trigram-similar marks, optionally only those sharing a class with the query.
  candidates(norm: string, key: string, classes: number[]): Promise<MarkRow[]> {
    const inClasses = classes.length ? Prisma.sql`AND classes && ${classes}::int[]` : Prisma.empty;
    return this.db.$queryRaw<MarkRow[]>`
      SELECT serial, registration_number, mark_text, mark_norm, phonetic_key, classes, owner, filing_date,
        registration_date, status_code, status_date, goods
      FROM mark
      WHERE mark_norm <> '' AND (mark_norm = ${norm} OR phonetic_key = ${key} OR mark_norm % ${norm}) ${inClasses}
      ORDER BY (mark_norm = ${norm}) DESC, (phonetic_key = ${key}) DESC, similarity(mark_norm, ${norm}) DESC, serial
      LIMIT ${MAX_CANDIDATES}`;
  }
}

// Newer facts win: a row is replaced only by a case file at least as recent as the one it came from, so loading
// files out of order (or twice) ends in the same index.
async function upsert(tx: Tx, cases: CaseFile[], sourceFile: string): Promise<number> {
  if (!cases.length) return 0;
  const rows = cases.map((c) => ({
    serial: c.serial,
    registration_number: c.registrationNumber,
    mark_text: c.markText,
    mark_norm: normalise(c.markText ?? ''),
    phonetic_key: phoneticKey(c.markText ?? ''),
    drawing_code: c.drawingCode,
    status_code: c.statusCode,
    status_date: c.statusDate,
    filing_date: c.filingDate,
    registration_date: c.registrationDate,
    classes: c.classes,
    owner: c.owner,
    goods: c.goods,
    transaction_date: c.transactionDate,
  }));
  return tx.$executeRaw`
    INSERT INTO mark (serial, registration_number, mark_text, mark_norm, phonetic_key, drawing_code, status_code,
      status_date, filing_date,
                      registration_date, classes, owner, goods, transaction_date, source_file)
    SELECT DISTINCT ON (r.serial) r.serial, r.registration_number, r.mark_text, r.mark_norm, r.phonetic_key,
      r.drawing_code, r.status_code, r.status_date,
           r.filing_date, r.registration_date, ARRAY(SELECT jsonb_array_elements_text(r.classes)::int), r.owner,
             r.goods, r.transaction_date, ${sourceFile}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(serial text, registration_number text,
      mark_text text, mark_norm text, phonetic_key text,
         drawing_code text, status_code text, status_date date, filing_date date, registration_date date,
           classes jsonb, owner text, goods jsonb,
         transaction_date date)
    ORDER BY r.serial, r.transaction_date DESC
    ON CONFLICT (serial) DO UPDATE SET
      registration_number = EXCLUDED.registration_number, mark_text = EXCLUDED.mark_text,
        mark_norm = EXCLUDED.mark_norm,
      phonetic_key = EXCLUDED.phonetic_key, drawing_code = EXCLUDED.drawing_code, status_code = EXCLUDED.status_code,
      status_date = EXCLUDED.status_date, filing_date = EXCLUDED.filing_date,
        registration_date = EXCLUDED.registration_date,
      classes = EXCLUDED.classes, owner = EXCLUDED.owner, goods = EXCLUDED.goods,
        transaction_date = EXCLUDED.transaction_date,
      source_file = EXCLUDED.source_file
    WHERE mark.transaction_date <= EXCLUDED.transaction_date`;
}
