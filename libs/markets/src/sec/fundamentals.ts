import { z } from 'zod';
import { decimalFromNumber } from '../decimal';
import { filingIndexUrl } from './archive';
import type { CompanyFacts, Fact } from './sec-edgar';

// Companies tag the same figure under different XBRL concepts, and switch concepts over the years (revenue
// moved to RevenueFromContractWithCustomer… with ASC 606 in 2018). Every concept of a figure's list is read;
// the fact with the latest period end wins, and on equal ends the concept listed first.
// Foreign private issuers filing 20-F under IFRS tag the IFRS Foundation's `ifrs-full` taxonomy instead, in
// their reporting currency (TWD, EUR, CHF…): a filer that moved from US GAAP to IFRS has both, and the
// latest period decides. IFRS has no "net income" line: ProfitLoss is the group's profit including
// non-controlling interests, ProfitLossAttributableToOwnersOfParent the shareholders' part (the one
// us-gaap:NetIncomeLoss matches), so the latter is preferred; Equity likewise includes minorities.
export const CONCEPTS = {
  revenue: [
    'us-gaap:Revenues',
    'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
    'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax',
    'us-gaap:SalesRevenueNet',
    'us-gaap:SalesRevenueGoodsNet',
    'ifrs-full:Revenue',
    'ifrs-full:RevenueFromContractsWithCustomers',
  ],
  net_income: [
    'us-gaap:NetIncomeLoss',
    'us-gaap:ProfitLoss',
    'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic',
    'ifrs-full:ProfitLossAttributableToOwnersOfParent',
    'ifrs-full:ProfitLoss',
  ],
  eps_basic: [
    'us-gaap:EarningsPerShareBasic',
    'us-gaap:EarningsPerShareBasicAndDiluted',
    'ifrs-full:BasicEarningsLossPerShare',
  ],
  eps_diluted: [
    'us-gaap:EarningsPerShareDiluted',
    'us-gaap:EarningsPerShareBasicAndDiluted',
    'ifrs-full:DilutedEarningsLossPerShare',
  ],
  total_assets: ['us-gaap:Assets', 'ifrs-full:Assets'],
  total_liabilities: ['us-gaap:Liabilities', 'ifrs-full:Liabilities'],
  stockholders_equity: [
    'us-gaap:StockholdersEquity',
    'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
    'ifrs-full:EquityAttributableToOwnersOfParent',
    'ifrs-full:Equity',
  ],
  operating_cash_flow: [
    'us-gaap:NetCashProvidedByUsedInOperatingActivities',
    'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
    'ifrs-full:CashFlowsFromUsedInOperatingActivities',
  ],
  shares_outstanding: ['dei:EntityCommonStockSharesOutstanding', 'us-gaap:CommonStockSharesOutstanding'],
} as const;
export type Figure = keyof typeof CONCEPTS;

const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '20-F', '20-F/A', '40-F', '40-F/A']);
const QUARTERLY_FORMS = new Set(['10-Q', '10-Q/A']);
const DAY_MS = 86_400_000;

// One reported figure on the wire, as the sec and company groups answer it. Field descriptions live on the
// parent schema that holds the figures (once): the schema travels in every 402 challenge header.
export const FigureValue = z.object({
  value: z.string(), // exact decimal string of the reported number
  unit: z.string(), // as reported: USD, USD/shares, shares, or the IFRS filer's currency (TWD, EUR/shares…)
  concept: z.string(), // taxonomy:concept it came from
  // start null: point in time
  period: z.object({ start: z.string().nullable(), end: z.string(), days: z.number().int().nullable() }),
  fiscal_year: z.number().int().nullable(),
  fiscal_period: z.string().nullable(),
  form: z.string(),
  accession_number: z.string(),
  filed: z.string(),
  filing_index_url: z.string(),
  classes_summed: z.number().int().nullable(), // share classes added up (dei reports one fact per class), else null
});
export type FigureValue = z.infer<typeof FigureValue>;

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
  // facts in this unit: a filer's own currency has the full history, a convenience USD translation a few
  reported: number;
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
  return eligible.sort(
    (a, b) => b.end.localeCompare(a.end) || (days(a) ?? 0) - (days(b) ?? 0) || b.filed.localeCompare(a.filed),
  )[0];
}

function candidate(companyFacts: CompanyFacts, figure: Figure, kind: 'annual' | 'quarterly'): Candidate | undefined {
  const found = CONCEPTS[figure].flatMap((concept, rank): Candidate[] => {
    const [taxonomy, name] = concept.split(':');
    const units = companyFacts.facts[taxonomy]?.[name]?.units ?? {};
    return Object.entries(units).flatMap(([unit, facts]) => {
      const fact = pick(facts, kind);
      if (!fact) return [];
      // dei share counts come one fact per share class for the same cover date: add them up.
      const sameCover =
        figure === 'shares_outstanding' ? facts.filter((f) => f.accn === fact.accn && f.end === fact.end) : [fact];
      const summed = sameCover.length > 1 ? { ...fact, val: sameCover.reduce((s, f) => s + f.val, 0) } : fact;
      return [{ concept, unit, fact: summed, rank, classes: sameCover.length, reported: facts.length }];
    });
  });
  return found.sort((a, b) => b.fact.end.localeCompare(a.fact.end) || a.rank - b.rank || b.reported - a.reported)[0];
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
    Object.fromEntries(
      figures.map((figure) => [figure, present(companyFacts.cik, candidate(companyFacts, figure, kind))]),
    ) as Record<Figure, FigureValue | null>;
  return {
    cik: companyFacts.cik,
    entityName: companyFacts.entityName,
    annual: build('annual'),
    quarterly: build('quarterly'),
  };
}
