// The screener universe: widely held US-listed income and core ETFs (equity income, covered-call, broad index,
// bond, cash-like, REIT), chosen by hand for breadth of payout styles, not fetched. Every ticker is evaluated on
// each refresh; `evaluated_count` and `failed` in the answer say how completely.
export const DEFAULT_UNIVERSE = [
  'SPY', 'IVV', 'VOO', 'VTI', 'QQQ', 'DIA',
  'SCHD', 'VYM', 'DVY', 'HDV', 'SDY', 'NOBL', 'VIG', 'DGRO', 'SPYD', 'SPHD', 'DIVO',
  'JEPI', 'JEPQ', 'QYLD', 'XYLD', 'RYLD',
  'PFF', 'HYG', 'LQD', 'TLT', 'AGG', 'BND', 'BIL', 'SGOV',
  'VNQ',
];
