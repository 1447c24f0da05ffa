// The office's daily applications file (Trademark Daily XML, "TDXF"): a ZIP with one XML document,
// <trademark-applications-daily> … <application-information><file-segments><action-keys><case-file>…</case-file>.
// Each <case-file> carries serial-number, registration-number, transaction-date, case-file-header (filing-date,
// registration-date, status-code, status-date, mark-identification, mark-drawing-code), case-file-statements
// (type-code "GS" + class + seq, text: goods and services), classifications (international-code) and
// case-file-owners (party-type, party-name). Dates are YYYYMMDD; "0000000" is "no registration number".
import { elements, text, texts } from './xml';
import { entryText, xmlEntry } from './zip';

export interface CaseFile {
  serial: string;
  registrationNumber: string | null;
  transactionDate: string; // YYYY-MM-DD
  filingDate: string | null;
  registrationDate: string | null;
  statusCode: string | null;
  statusDate: string | null;
  markText: string | null; // null for a design-only mark
  drawingCode: string | null;
  classes: number[];
  owner: string | null;
  goods: Array<{ class: number; text: string }>;
}

const ROOT = 'trademark-applications-daily';
const OPEN = '<case-file>';
const CLOSE = '</case-file>';
const BATCH = 500;

const date = (v: string | null) =>
  v && /^\d{8}$/.test(v) && v !== '00000000' ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null;
const niceClass = (v: string) => (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 45 ? Number(v) : null);

// A file that is not a trustworthy daily file; nothing of it may reach the index.
export class BadFile extends Error {}

// Yields the file's case files in batches. Throws BadFile on anything that makes the file untrustworthy (not a ZIP,
// damaged, not this document, truncated, no case files, a case file without a valid serial or transaction date),
// so the caller rolls back everything it wrote from this file.
export async function* caseFiles(zip: Buffer): AsyncGenerator<CaseFile[]> {
  try {
    yield* readCaseFiles(zip);
  } catch (e) {
    throw e instanceof BadFile ? e : new BadFile(e instanceof Error ? e.message : String(e));
  }
}

async function* readCaseFiles(zip: Buffer): AsyncGenerator<CaseFile[]> {
  let buffer = '';
  let rootSeen = false;
  let count = 0;
  let batch: CaseFile[] = [];
  for await (const piece of entryText(xmlEntry(zip))) {
    buffer += piece;
    if (!rootSeen && buffer.length > 4_096 && !buffer.includes(`<${ROOT}`)) throw new Error(`not a ${ROOT} document`);
    rootSeen ||= buffer.includes(`<${ROOT}`);
    for (let end = buffer.indexOf(CLOSE); end >= 0; end = buffer.indexOf(CLOSE)) {
      const start = buffer.indexOf(OPEN);
      if (start < 0 || start > end) throw new Error('malformed document: </case-file> without <case-file>');
      batch.push(parseCaseFile(buffer.slice(start + OPEN.length, end), ++count));
      buffer = buffer.slice(end + CLOSE.length);
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
  }
  if (!rootSeen) throw new Error(`not a ${ROOT} document`);
  if (!buffer.includes(`</${ROOT}>`)) throw new Error('truncated document: the closing root element is missing');
  if (!count) throw new Error('the document holds no case files');
  if (batch.length) yield batch;
}

function parseCaseFile(xml: string, n: number): CaseFile {
  const serial = text(xml, 'serial-number');
  const transaction = date(text(xml, 'transaction-date'));
  if (!serial || !/^\d{8}$/.test(serial))
    throw new Error(`case file ${n}: serial-number ${serial ?? '(missing)'} is not 8 digits`);
  if (!transaction) throw new Error(`case file ${n} (${serial}): transaction-date is missing or not YYYYMMDD`);
  const header = elements(xml, 'case-file-header')[0] ?? '';
  const registration = text(xml, 'registration-number');
  const classes = [
    ...new Set(elements(xml, 'classification').flatMap((c) => texts(c, 'international-code').map(niceClass))),
  ].filter((c): c is number => c !== null);
  const owners = elements(xml, 'case-file-owner').map((o) => ({
    type: Number(text(o, 'party-type') ?? 0),
    name: text(o, 'party-name'),
  }));
  const owner = owners.filter((o) => o.name).sort((a, b) => b.type - a.type)[0]?.name ?? null;
  const goods = elements(xml, 'case-file-statement').flatMap((s) => {
    const code = text(s, 'type-code') ?? '';
    const cls = /^GS(\d{3})/.exec(code);
    const body = text(s, 'text');
    return cls && body && niceClass(cls[1]) ? [{ class: Number(cls[1]), text: body }] : [];
  });
  return {
    serial,
    registrationNumber: registration && /[1-9]/.test(registration) ? registration.replace(/^0+/, '') : null,
    transactionDate: transaction,
    filingDate: date(text(header, 'filing-date')),
    registrationDate: date(text(header, 'registration-date')),
    statusCode: text(header, 'status-code'),
    statusDate: date(text(header, 'status-date')),
    markText: text(header, 'mark-identification'),
    drawingCode: text(header, 'mark-drawing-code'),
    classes: classes.sort((a, b) => a - b),
    owner,
    goods,
  };
}
