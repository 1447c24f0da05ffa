import { createHash } from 'node:crypto';

// FINRA's consolidated short interest file (cdn.finra.org/equity/otcmarket/biweekly/shrt{YYYYMMDD}.csv):
// pipe-delimited despite the .csv name, one header line, one row per symbol, exchange-listed and OTC
// securities together. Empty fields mean "not reported"; flags are "Y" or empty.
export const COLUMNS = [
  'accountingYearMonthNumber',
  'symbolCode',
  'issueName',
  'issuerServicesGroupExchangeCode',
  'marketClassCode',
  'currentShortPositionQuantity',
  'previousShortPositionQuantity',
  'stockSplitFlag',
  'averageDailyVolumeQuantity',
  'daysToCoverQuantity',
  'revisionFlag',
  'changePercent',
  'changePreviousNumber',
  'settlementDate',
] as const;

export interface ShortRow {
  symbol: string;
  issueName: string;
  marketClass: string;
  currentShort: bigint;
  previousShort: bigint | null;
  changeShares: bigint | null;
  changePercent: string | null;
  averageDailyVolume: bigint | null;
  daysToCover: string | null;
  revised: boolean;
  stockSplit: boolean;
}

export interface ShortFileContent {
  settlementDate: string;
  sha256: string;
  rows: ShortRow[];
  duplicates: number; // repeated symbols, first row kept
}

export class MalformedFile extends Error {}

const INTEGER = /^-?\d{1,18}$/;
const DECIMAL = /^-?\d{1,10}(\.\d{1,6})?$/;

// Every line must be a complete row for the expected settlement date: a file cut short mid-row, a changed
// header or a stray value rejects the whole file (the caller keeps the data it had).
export function parseShortFile(text: string, settlementDate: string): ShortFileContent {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines[0] !== COLUMNS.join('|'))
    throw new MalformedFile(`unexpected header: ${lines[0]?.slice(0, 120) ?? '(empty file)'}`);
  const seen = new Set<string>();
  const rows: ShortRow[] = [];
  let duplicates = 0;
  lines.slice(1).forEach((line, i) => {
    const at = `line ${i + 2}`;
    const f = line.split('|');
    if (f.length !== COLUMNS.length) throw new MalformedFile(`${at}: ${f.length} fields, expected ${COLUMNS.length}`);
    const [
      yyyymmdd,
      symbol,
      issueName,
      ,
      marketClass,
      current,
      previous,
      split,
      adv,
      dtc,
      revision,
      pct,
      change,
      settlement,
    ] = f.map((v) => v.trim());
    if (settlement !== settlementDate || yyyymmdd !== settlementDate.replace(/-/g, ''))
      throw new MalformedFile(`${at}: settlement date ${settlement}, expected ${settlementDate}`);
    if (!symbol) throw new MalformedFile(`${at}: no symbol`);
    const int = (v: string, name: string) => {
      if (v === '') return null;
      if (!INTEGER.test(v)) throw new MalformedFile(`${at}: ${name} is not an integer: ${v}`);
      return BigInt(v);
    };
    const dec = (v: string, name: string) => {
      if (v === '') return null;
      if (!DECIMAL.test(v)) throw new MalformedFile(`${at}: ${name} is not a decimal: ${v}`);
      return v;
    };
    const currentShort = int(current, 'currentShortPositionQuantity');
    if (currentShort === null) throw new MalformedFile(`${at}: no current short position`);
    const row: ShortRow = {
      symbol,
      issueName,
      marketClass,
      currentShort,
      previousShort: int(previous, 'previousShortPositionQuantity'),
      changeShares: int(change, 'changePreviousNumber'),
      changePercent: dec(pct, 'changePercent'),
      averageDailyVolume: int(adv, 'averageDailyVolumeQuantity'),
      daysToCover: dec(dtc, 'daysToCoverQuantity'),
      revised: revision === 'Y',
      stockSplit: split === 'Y',
    };
    if (seen.has(symbol)) duplicates++;
    else {
      seen.add(symbol);
      rows.push(row);
    }
  });
  return { settlementDate, sha256: createHash('sha256').update(text).digest('hex'), rows, duplicates };
}
