import { decimalFromNumber } from '../decimal';
import { filingIndexUrl } from './archive';
import type { CompanyFacts, Fact } from './sec-edgar';

// Companies tag the same figure under different XBRL concepts, and switch concepts over the years (revenue
// moved to RevenueFromContractWithCustomer… with ASC 606 in 2018). Every concept of a figure's list is read;
// the fact with the latest period end wins, and on equal ends the concept listed first.
export const CONCEPTS = {
  revenue: [
    'us-gaap:Revenues',
    'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
    'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax',
    'us-gaap:SalesRevenueNet',
    'us-gaap:SalesRevenueGoodsNet',
  ],
  net_income: ['us-gaap:NetIncomeLoss', 'us-gaap:ProfitLoss', 'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic'],
  eps_basic: ['us-gaap:EarningsPerShareBasic', 'us-gaap:EarningsPerShareBasicAndDiluted'],
  eps_diluted: ['us-gaap:EarningsPerShareDiluted', 'us-gaap:EarningsPerShareBasicAndDiluted'],
  total_assets: ['us-gaap:Assets'],
  total_liabilities: ['us-gaap:Liabilities'],
  stockholders_equity: ['us-gaap:StockholdersEquity', 'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  operating_cash_flow: ['us-gaap:NetCashProvidedByUsedInOperatingActivities', 'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'],
  shares_outstanding: ['dei:EntityCommonStockSharesOutstanding', 'us-gaap:CommonStockSharesOutstanding'],
} as const;
export type Figure = keyof typeof CONCEPTS;

const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '20-F', '20-F/A', '40-F', '40-F/A']);
const QUARTERLY_FORMS = new Set(['10-Q', '10-Q/A']);
const DAY_MS = 86_400_000;

export interface FigureValue {
  value: string; // exact decimal string of the reported number
  unit: string; // as reported: USD, USD/shares, shares
  concept: string; // taxonomy:concept it came from
  period: { start: string | null; end: string; days: number | null }; // start is null for point-in-time figures
  fiscal_year: number | null;
  fiscal_period: string | null;
  form: string;
  accession_number: string;
  filed: string;
  filing_index_url: string;
  classes_summed: number | null; // share classes added up (dei reports one fact per class), else null
}

export interface Fundamentals {
  cik: number;
  entityName: string;
  annual: Record<Figure, FigureValue | null>;
  quarterly: Record<Figure, FigureValue | null>;
}

interface Candidate {
  concept: string;
  unit: string;
  fact: Fact;
  rank: number; // position of the concept in the figure's list
  classes: number;
}

const days = (f: Fact) => (f.start ? Math.round((Date.parse(f.end) - Date.parse(f.start)) / DAY_MS) + 1 : null);

// Annual: a fiscal-year fact from an annual report; durations must span about a year, because a 10-K also
// carries quarterly breakdowns. Quarterly: a 10-Q fact, a three-month span when the filer reports one, else
// the year-to-date span (cash flow statements are year-to-date only); `period.days` says which.
function pick(facts: readonly Fact[], kind: 'annual' | 'quarterly'): Fact | undefined {
  const eligible = facts.filter((f) => {
    const span = days(f);
    if (kind === 'annual') return ANNUAL_FORMS.has(f.form) && (span === null || (span >= 340 && span <= 380));
    return QUARTERLY_FORMS.has(f.form) && (span === null || span >= 80);
  });
  // Latest period end; then the shortest span (the quarter before the year-to-date); then the latest filing,
  // so an amendment replaces the original.
  return eligible.sort((a, b) => b.end.localeCompare(a.end) || (days(a) ?? 0) - (days(b) ?? 0) || b.filed.localeCompare(a.filed))[0];
}

function candidate(companyFacts: CompanyFacts, figure: Figure, kind: 'annual' | 'quarterly'): Candidate | undefined {
  const found = CONCEPTS[figure].flatMap((concept, rank): Candidate[] => {
    const [taxonomy, name] = concept.split(':');
    const units = companyFacts.facts[taxonomy]?.[name]?.units ?? {};
    return Object.entries(units).flatMap(([unit, facts]) => {
      const fact = pick(facts, kind);
      if (!fact) return [];
      // dei share counts come one fact per share class for the same cover date: add them up.
      const sameCover = figure === 'shares_outstanding' ? facts.filter((f) => f.accn === fact.accn && f.end === fact.end) : [fact];
      const summed = sameCover.length > 1 ? { ...fact, val: sameCover.reduce((s, f) => s + f.val, 0) } : fact;
      return [{ concept, unit, fact: summed, rank, classes: sameCover.length }];
    });
  });
  return found.sort((a, b) => b.fact.end.localeCompare(a.fact.end) || a.rank - b.rank)[0];
}

const present = (cik: number, c: Candidate | undefined): FigureValue | null => {
  if (!c) return null;
  const f = c.fact;
  return {
    value: decimalFromNumber(f.val),
    unit: c.unit,
    concept: c.concept,
    period: { start: f.start ?? null, end: f.end, days: days(f) },
    fiscal_year: f.fy ?? null,
    fiscal_period: f.fp ?? null,
    form: f.form,
    accession_number: f.accn,
    filed: f.filed,
    filing_index_url: filingIndexUrl(cik, f.accn),
    classes_summed: c.classes > 1 ? c.classes : null,
  };
};

export function extractFundamentals(companyFacts: CompanyFacts): Fundamentals {
  const figures = Object.keys(CONCEPTS) as Figure[];
  const build = (kind: 'annual' | 'quarterly') =>
    Object.fromEntries(figures.map((figure) => [figure, present(companyFacts.cik, candidate(companyFacts, figure, kind))])) as Record<Figure, FigureValue | null>;
  return { cik: companyFacts.cik, entityName: companyFacts.entityName, annual: build('annual'), quarterly: build('quarterly') };
}
