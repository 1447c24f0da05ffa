// The friendly names a caller may use instead of a FRED series id, with what FRED publishes about each
// (checked against the series pages). The metadata is served as is when only the keyless CSV answers.
// Every series here is a US Government work (BLS, BEA, the Federal Reserve Board, Treasury): public domain.
// Freddie Mac's mortgage rate (MORTGAGE30US) is left out on purpose: FRED marks it as copyrighted.
export interface CatalogSeries {
  id: string;
  title: string;
  units: string;
  frequency: string;
  seasonal_adjustment: string;
  publisher: string;
}

const SA = 'Seasonally Adjusted';
const NSA = 'Not Seasonally Adjusted';
const SAAR = 'Seasonally Adjusted Annual Rate';
const BLS = 'U.S. Bureau of Labor Statistics';
const BEA = 'U.S. Bureau of Economic Analysis';
const FED = 'Board of Governors of the Federal Reserve System (US)';
const TREASURY = 'U.S. Department of the Treasury. Fiscal Service';
const CMT = (term: string) =>
  `Market Yield on U.S. Treasury Securities at ${term} Constant Maturity, Quoted on an Investment Basis`;

export const SERIES = {
  cpi: {
    id: 'CPIAUCSL',
    title: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
    units: 'Index 1982-1984=100',
    frequency: 'Monthly',
    seasonal_adjustment: SA,
    publisher: BLS,
  },
  core_cpi: {
    id: 'CPILFESL',
    title: 'Consumer Price Index for All Urban Consumers: All Items Less Food and Energy in U.S. City Average',
    units: 'Index 1982-1984=100',
    frequency: 'Monthly',
    seasonal_adjustment: SA,
    publisher: BLS,
  },
  pce_price_index: {
    id: 'PCEPI',
    title: 'Personal Consumption Expenditures: Chain-type Price Index',
    units: 'Index 2017=100',
    frequency: 'Monthly',
    seasonal_adjustment: SA,
    publisher: BEA,
  },
  unemployment_rate: {
    id: 'UNRATE',
    title: 'Unemployment Rate',
    units: 'Percent',
    frequency: 'Monthly',
    seasonal_adjustment: SA,
    publisher: BLS,
  },
  nonfarm_payrolls: {
    id: 'PAYEMS',
    title: 'All Employees, Total Nonfarm',
    units: 'Thousands of Persons',
    frequency: 'Monthly',
    seasonal_adjustment: SA,
    publisher: BLS,
  },
  gdp: {
    id: 'GDP',
    title: 'Gross Domestic Product',
    units: 'Billions of Dollars',
    frequency: 'Quarterly',
    seasonal_adjustment: SAAR,
    publisher: BEA,
  },
  real_gdp: {
    id: 'GDPC1',
    title: 'Real Gross Domestic Product',
    units: 'Billions of Chained 2017 Dollars',
    frequency: 'Quarterly',
    seasonal_adjustment: SAAR,
    publisher: BEA,
  },
  real_gdp_growth: {
    id: 'A191RL1Q225SBEA',
    title: 'Real Gross Domestic Product',
    units: 'Percent Change from Preceding Period',
    frequency: 'Quarterly',
    seasonal_adjustment: SAAR,
    publisher: BEA,
  },
  fed_funds_rate: {
    id: 'FEDFUNDS',
    title: 'Federal Funds Effective Rate',
    units: 'Percent',
    frequency: 'Monthly',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  fed_funds_rate_daily: {
    id: 'DFF',
    title: 'Federal Funds Effective Rate',
    units: 'Percent',
    frequency: 'Daily, 7-Day',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  fed_funds_target_upper: {
    id: 'DFEDTARU',
    title: 'Federal Funds Target Range - Upper Limit',
    units: 'Percent',
    frequency: 'Daily, 7-Day',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  fed_funds_target_lower: {
    id: 'DFEDTARL',
    title: 'Federal Funds Target Range - Lower Limit',
    units: 'Percent',
    frequency: 'Daily, 7-Day',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  treasury_3m: {
    id: 'DGS3MO',
    title: CMT('3-Month'),
    units: 'Percent',
    frequency: 'Daily',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  treasury_2y: {
    id: 'DGS2',
    title: CMT('2-Year'),
    units: 'Percent',
    frequency: 'Daily',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  treasury_5y: {
    id: 'DGS5',
    title: CMT('5-Year'),
    units: 'Percent',
    frequency: 'Daily',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  treasury_10y: {
    id: 'DGS10',
    title: CMT('10-Year'),
    units: 'Percent',
    frequency: 'Daily',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  treasury_30y: {
    id: 'DGS30',
    title: CMT('30-Year'),
    units: 'Percent',
    frequency: 'Daily',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  yield_curve_10y_2y: {
    id: 'T10Y2Y',
    title: '10-Year Treasury Constant Maturity Minus 2-Year Treasury Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
    seasonal_adjustment: NSA,
    publisher: FED,
  },
  national_debt: {
    id: 'GFDEBTN',
    title: 'Federal Debt: Total Public Debt',
    units: 'Millions of Dollars',
    frequency: 'Quarterly',
    seasonal_adjustment: NSA,
    publisher: TREASURY,
  },
  debt_to_gdp: {
    id: 'GFDEGDQ188S',
    title: 'Federal Debt: Total Public Debt as Percent of Gross Domestic Product',
    units: 'Percent of GDP',
    frequency: 'Quarterly',
    seasonal_adjustment: SA,
    publisher: 'Federal Reserve Bank of St. Louis and U.S. Office of Management and Budget',
  },
} as const satisfies Record<string, CatalogSeries>;

export type SeriesName = keyof typeof SERIES;
export const SERIES_NAMES = Object.keys(SERIES) as [SeriesName, ...SeriesName[]];
export const byId = new Map<string, [SeriesName, CatalogSeries]>(
  Object.entries(SERIES).map(([name, s]) => [s.id, [name as SeriesName, s]]),
);
