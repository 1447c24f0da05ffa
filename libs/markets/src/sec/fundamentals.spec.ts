import { extractFundamentals } from './fundamentals';
import { CompanyFacts, type Fact } from './sec-edgar';

const facts = (concepts: Record<string, Fact[]>, unit = 'USD'): CompanyFacts => ({
  cik: 1,
  entityName: 'Example',
  facts: {
    'us-gaap': Object.fromEntries(Object.entries(concepts).map(([name, list]) => [name, { units: { [unit]: list } }])),
  },
});
const fact = (end: string, val: number, form: string, filed: string, start?: string): Fact => ({
  start,
  end,
  val,
  accn: `0000000001-${filed.slice(2, 4)}-${filed.slice(5, 7)}${filed.slice(8)}`,
  fy: 2025,
  fp: form.startsWith('10-K') ? 'FY' : 'Q2',
  form,
  filed,
});

describe(extractFundamentals.name, () => {
  it('lets an amendment filed later replace the original for the same period', () => {
    const f = extractFundamentals(
      facts({
        NetIncomeLoss: [
          fact('2025-12-31', 100, '10-K', '2026-02-20', '2025-01-01'),
          fact('2025-12-31', 90, '10-K/A', '2026-05-02', '2025-01-01'),
        ],
      }),
    );
    expect(f.annual.net_income).toMatchObject({ value: '90', form: '10-K/A', filed: '2026-05-02' });
  });

  it('ignores a quarter carried inside an annual report, and prefers a quarter over year-to-date in a 10-Q', () => {
    const f = extractFundamentals(
      facts({
        Revenues: [
          fact('2025-12-31', 400, '10-K', '2026-02-20', '2025-01-01'),
          fact('2025-12-31', 120, '10-K', '2026-02-20', '2025-10-01'),
          fact('2026-06-30', 110, '10-Q', '2026-08-01', '2026-04-01'),
          fact('2026-06-30', 215, '10-Q', '2026-08-01', '2026-01-01'),
        ],
      }),
    );
    expect(f.annual.revenue).toMatchObject({
      value: '400',
      period: { start: '2025-01-01', end: '2025-12-31', days: 365 },
    });
    expect(f.quarterly.revenue).toMatchObject({
      value: '110',
      period: { start: '2026-04-01', end: '2026-06-30', days: 91 },
    });
  });

  it('takes the concept with the latest period, whatever its place in the list', () => {
    const f = extractFundamentals(
      facts({
        Revenues: [fact('2018-12-31', 50, '10-K', '2019-02-20', '2018-01-01')],
        RevenueFromContractWithCustomerExcludingAssessedTax: [
          fact('2025-12-31', 80, '10-K', '2026-02-20', '2025-01-01'),
        ],
      }),
    );
    expect(f.annual.revenue).toMatchObject({
      value: '80',
      concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
    });
    expect(f.annual.net_income).toBeNull();
  });
});

describe('CompanyFacts', () => {
  it('reads the CIK EDGAR sends as a number or as a zero-padded string, and nothing else', () => {
    expect(CompanyFacts.parse({ cik: 320193, entityName: 'Apple Inc.', facts: {} }).cik).toBe(320193);
    expect(CompanyFacts.parse({ cik: '0001046179', entityName: 'TSMC', facts: {} }).cik).toBe(1046179);
    expect(CompanyFacts.safeParse({ cik: 'CIK1046179', entityName: 'TSMC', facts: {} }).success).toBe(false);
  });

  it('maps IFRS concepts, preferring the owners-of-parent profit over the group profit for net income', () => {
    const ifrs = (val: number, start?: string): Fact => ({
      start,
      end: '2024-12-31',
      val,
      accn: '0001046179-25-000010',
      fy: 2024,
      fp: 'FY',
      form: '20-F',
      filed: '2025-04-17',
    });
    const f = extractFundamentals({
      cik: 1046179,
      entityName: 'TSMC',
      facts: {
        'ifrs-full': {
          ProfitLoss: { units: { TWD: [ifrs(1172, '2024-01-01')] } },
          ProfitLossAttributableToOwnersOfParent: { units: { TWD: [ifrs(1173, '2024-01-01')] } },
          Equity: { units: { TWD: [ifrs(4343)] } },
        },
      },
    });
    expect(f.annual.net_income).toMatchObject({
      value: '1173',
      unit: 'TWD',
      concept: 'ifrs-full:ProfitLossAttributableToOwnersOfParent',
      form: '20-F',
    });
    expect(f.annual.stockholders_equity).toMatchObject({
      value: '4343',
      concept: 'ifrs-full:Equity',
      period: { start: null, end: '2024-12-31', days: null },
    });
  });
});
