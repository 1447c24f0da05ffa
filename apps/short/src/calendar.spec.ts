import { isBusinessDay, nextSettlementAfter, publicationDate, settlementDates } from './calendar';

describe('FINRA short interest calendar', () => {
  it("puts settlement on the 15th and the month's end, moved back to a business day", () => {
    expect(settlementDates('2026-01-01', '2026-03-31')).toEqual([
      '2026-01-15',
      '2026-01-30',
      '2026-02-13',
      '2026-02-27',
      '2026-03-13',
      '2026-03-31',
    ]);
    expect(settlementDates('2026-10-10', '2026-11-24')).toEqual(['2026-10-15', '2026-10-30', '2026-11-13']);
    expect(nextSettlementAfter('2026-12-15')).toBe('2026-12-31');
  });

  it("publishes on the 7th business day after settlement (FINRA's worked examples), skipping NYSE holidays", () => {
    expect(publicationDate('2026-01-15')).toBe('2026-01-27'); // skips Martin Luther King Jr. Day
    expect(publicationDate('2026-01-30')).toBe('2026-02-10');
    expect(publicationDate('2026-11-13')).toBe('2026-11-24');
    expect(publicationDate('2026-11-30')).toBe('2026-12-09');
  });

  it('knows the NYSE holidays, observed on weekdays', () => {
    expect(
      ['2026-01-01', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-11-26', '2026-12-25'].map(
        isBusinessDay,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
    expect(['2026-07-06', '2026-11-27', '2026-12-24'].map(isBusinessDay)).toEqual([true, true, true]);
  });
});
