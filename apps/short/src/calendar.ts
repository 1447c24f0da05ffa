// FINRA's short interest calendar: settlement on the 15th and on the last day of each month, moved back to
// the previous business day when markets are closed; data disseminated on the 7th business day after
// settlement (FINRA's published schedule, e.g. 2026-01-15 → 2026-01-27, 2026-01-30 → 2026-02-10).
// Business days skip weekends and NYSE full-day holidays (rules below; special closures are not known ahead).
const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const weekday = (t: number) => new Date(t).getUTCDay();

// The n-th (1-based) given weekday of a month, or the last one with n = -1.
function nthWeekday(y: number, m: number, day: number, n: number): number {
  if (n > 0) {
    const first = utc(y, m, 1);
    return first + (((day - weekday(first) + 7) % 7) + (n - 1) * 7) * DAY_MS;
  }
  const last = utc(y, m + 1, 0);
  return last - ((weekday(last) - day + 7) % 7) * DAY_MS;
}

// Gregorian Easter (anonymous algorithm), for Good Friday.
function easter(y: number): number {
  const a = y % 19,
    b = Math.floor(y / 100),
    c = y % 100,
    d = Math.floor(b / 4),
    e = b % 4;
  const f = Math.floor((b + 8) / 25),
    g = Math.floor((b - f + 1) / 3),
    h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4),
    k = c % 4,
    l = (32 + 2 * e + 2 * i - h - k) % 7,
    m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return utc(y, month, ((h + l - 7 * m + 114) % 31) + 1);
}

// A fixed-date holiday on a Saturday is observed on Friday, on a Sunday on Monday (NYSE does not move
// New Year's Day back into the previous year).
function observed(t: number, isNewYear = false): number | null {
  if (weekday(t) === 6) return isNewYear ? null : t - DAY_MS;
  if (weekday(t) === 0) return t + DAY_MS;
  return t;
}

const holidayCache = new Map<number, Set<string>>();
function holidays(y: number): Set<string> {
  let set = holidayCache.get(y);
  if (!set) {
    const days = [
      observed(utc(y, 1, 1), true),
      nthWeekday(y, 1, 1, 3), // Martin Luther King Jr. Day
      nthWeekday(y, 2, 1, 3), // Washington's Birthday
      easter(y) - 2 * DAY_MS, // Good Friday
      nthWeekday(y, 5, 1, -1), // Memorial Day
      y >= 2022 ? observed(utc(y, 6, 19)) : null, // Juneteenth
      observed(utc(y, 7, 4)),
      nthWeekday(y, 9, 1, 1), // Labor Day
      nthWeekday(y, 11, 4, 4), // Thanksgiving
      observed(utc(y, 12, 25)),
    ];
    set = new Set(days.filter((t): t is number => t !== null).map(iso));
    holidayCache.set(y, set);
  }
  return set;
}

export const isBusinessDay = (day: string): boolean => {
  const t = Date.parse(day);
  const w = weekday(t);
  return w !== 0 && w !== 6 && !holidays(new Date(t).getUTCFullYear()).has(day);
};

const previousBusinessDay = (t: number): number => {
  while (!isBusinessDay(iso(t))) t -= DAY_MS;
  return t;
};

// Settlement dates from `from` to `to` (inclusive, YYYY-MM-DD), oldest first.
export function settlementDates(from: string, to: string): string[] {
  const out: string[] = [];
  const start = new Date(Date.parse(from));
  for (
    let y = start.getUTCFullYear(), m = start.getUTCMonth() + 1;
    utc(y, m, 1) <= Date.parse(to);
    m === 12 ? (y++, (m = 1)) : m++
  ) {
    for (const t of [utc(y, m, 15), utc(y, m + 1, 0)]) {
      const day = iso(previousBusinessDay(t));
      if (day >= from && day <= to) out.push(day);
    }
  }
  return out;
}

// The 7th business day after settlement: when FINRA disseminates the data.
export function publicationDate(settlement: string): string {
  let t = Date.parse(settlement);
  for (let n = 0; n < 7;) {
    t += DAY_MS;
    if (isBusinessDay(iso(t))) n++;
  }
  return iso(t);
}

export const nextSettlementAfter = (day: string): string =>
  settlementDates(iso(Date.parse(day) + DAY_MS), iso(Date.parse(day) + 40 * DAY_MS))[0];

export const addDays = (day: string, n: number) => iso(Date.parse(day) + n * DAY_MS);
