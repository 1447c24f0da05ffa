import { loadFixtures } from '@toll/testing';
import { join } from 'node:path';
import { parseShortFile } from './short-file';

const REAL = loadFixtures(join(__dirname, '..', 'test', 'fixtures')).find((f) => f.case === 'shrt20241231-head')!
  .response.body as string;

describe(parseShortFile.name, () => {
  it("reads FINRA's real file format: exact integers, decimals as written, empty fields as null, flags", () => {
    const file = parseShortFile(REAL, '2024-12-31');
    expect(file.rows).toHaveLength(4);
    expect(file.duplicates).toBe(0);
    expect(file.rows[0]).toEqual({
      symbol: 'A',
      issueName: 'Agilent Technologies Inc.',
      marketClass: 'NYSE',
      currentShort: 2911097n,
      previousShort: 3151214n,
      changeShares: -240117n,
      changePercent: '-7.62',
      averageDailyVolume: 1523270n,
      daysToCover: '1.91',
      revised: true,
      stockSplit: false,
    });
    expect(file.rows.map((r) => [r.symbol, r.marketClass, r.daysToCover, r.revised])).toEqual([
      ['A', 'NYSE', '1.91', true],
      ['AA', 'NYSE', '2.39', false],
      ['AAA', 'ARCA', '1.69', false],
      ['AAAU', 'BZX', '1.00', false],
    ]);
  });

  it('takes CRLF line ends, and the same bytes always give the same checksum', () => {
    const crlf = REAL.replace(/\n/g, '\r\n');
    expect(parseShortFile(crlf, '2024-12-31').rows).toEqual(parseShortFile(REAL, '2024-12-31').rows);
    expect(parseShortFile(REAL, '2024-12-31').sha256).toBe(parseShortFile(REAL, '2024-12-31').sha256);
  });

  it.each([
    ['a cut last line', REAL.slice(0, -30), 'line 5: 10 fields, expected 14'],
    [
      'a number that is not one',
      REAL.replace('|2911097|', '|2,911,097|'),
      'line 2: currentShortPositionQuantity is not an integer: 2,911,097',
    ],
    ['another settlement date', REAL, 'line 2: settlement date 2024-12-31, expected 2025-01-15'],
    ['no header', REAL.split('\n').slice(1).join('\n'), 'unexpected header: 20241231|A|Agilent'],
  ])('rejects %s', (_what, text, message) => {
    const date = message.includes('2025-01-15') ? '2025-01-15' : '2024-12-31';
    expect(() => parseShortFile(text, date)).toThrow(message);
  });
});
