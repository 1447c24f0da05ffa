import type { SourceId } from './sources';

// One posting as every source is normalised to, before it is stored.
export interface Posting {
  source: SourceId;
  sourceId: string;
  title: string;
  company: string;
  location: string;
  remote: boolean;
  jobTypes: JobType[];
  tags: string[];
  salary: { min: string | null; max: string | null; currency: string; period: SalaryPeriod } | null;
  postedAt: Date;
  closesAt: Date | null;
  url: string;
  applyUrl: string | null;
  description: string;
}

export const JOB_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export type SalaryPeriod = 'year' | 'month' | 'week' | 'day' | 'hour';

// Long enough for any real posting; keeps one row well under a megabyte.
const MAX_DESCRIPTION = 20_000;
// OPM's standard work year, used to compare an hourly federal rate with an annual floor.
const HOURS_PER_YEAR = 2_087;
const PER_YEAR: Record<SalaryPeriod, number> = { year: 1, month: 12, week: 52, day: 260, hour: HOURS_PER_YEAR };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// Source descriptions are HTML; callers get plain text (block elements become line breaks).
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const LEGAL_FORMS = /\b(inc|llc|ltd|limited|gmbh|ag|se|plc|corp|corporation|co|kg|ug|sa|bv|nv|oy|ab)\b/g;

// Same company + title + place = the same job, whichever board it came from. Legal forms, case, accents and
// punctuation are ignored, and only the first part of the location (the city) counts.
export function dedupKey(company: string, title: string, location: string): string {
  // Text with no Latin letters or digits folds to nothing; it is then compared as written (lower case).
  const keep = (s: string) => fold(s) || s.trim().toLowerCase();
  const c = keep(company).replace(LEGAL_FORMS, ' ').replace(/\s+/g, ' ').trim();
  const place = keep(location.split(/[,;/(]/)[0] ?? '');
  return `${c}|${keep(title)}|${place}`;
}

// Lower-case words a keyword search matches against.
export const searchText = (p: Posting) => fold([p.title, p.company, p.location, ...p.tags].join(' '));
export const searchWords = (q: string) => [...new Set(fold(q).split(' ').filter(Boolean))];

// The yearly top of the range, for the salary floor; null when the posting gives none.
export function annualMax(salary: Posting['salary']): number | null {
  const top = salary?.max ?? salary?.min;
  if (!salary || top == null) return null;
  const yearly = Math.round(Number(top) * PER_YEAR[salary.period]);
  return Number.isFinite(yearly) && yearly > 0 && yearly < 2 ** 31 ? yearly : null;
}

const TYPE_WORDS: Array<[JobType, RegExp]> = [
  ['full_time', /full[\s-]?time|vollzeit/i],
  ['part_time', /part[\s-]?time|teilzeit|werkstudent|working student|job sharing/i],
  ['contract', /contract|freelance|freiberuf|befristet|term\b/i],
  ['internship', /intern|praktik/i],
  ['temporary', /temporary|temp\b|seasonal|intermittent|aushilfe/i],
];

// Free-text employment types ("Full Time", "Vollzeit", "Praktikum") onto the five types callers filter by.
export function jobTypesOf(words: string[]): JobType[] {
  const found = new Set<JobType>();
  for (const w of words) for (const [type, re] of TYPE_WORDS) if (re.test(w)) found.add(type);
  return JOB_TYPES.filter((t) => found.has(t));
}
