import { InputValues, taskTokens } from './input-values';
import { wordVectors } from './word-vectors';

describe('InputValues', () => {
  const common = wordVectors().commonWords(5000);
  const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const values = new InputValues(
    [
      {
        id: 'books.getBook',
        schema: schema({ isbn: { type: 'string', pattern: '^(?:97[89][- ]?)?(?:\\d[- ]?){9}[\\dXx]$' } }),
      },
      { id: 'books.search', schema: schema({ q: { type: 'string', pattern: '^[^\\p{Cc}]*$' } }) },
      {
        id: 'screener.getStock',
        schema: schema({ ticker: { type: 'string', pattern: '^[A-Za-z0-9]{1,7}([.-][A-Za-z0-9]{1,3})?$' } }),
      },
      {
        id: 'spend.getAudit',
        schema: schema({
          cursor: { type: 'string', pattern: '^[1-9]\\d{0,17}$' },
          since: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        }),
      },
      { id: 'trademarks.searchMarks', schema: schema({ mark: { type: 'string', pattern: '[\\p{L}\\p{N}]' } }) },
      {
        id: 'books.getBatch',
        schema: schema({
          isbns: { type: 'array', items: { type: 'string', pattern: '^(?:97[89][- ]?)?(?:\\d[- ]?){9}[\\dXx]$' } },
        }),
      },
      { id: 'broken', schema: schema({ x: { type: 'string', pattern: '^(unclosed$' } }) },
    ],
    common,
    ['sec', 'filings', 'cpi'],
  );

  it('keeps only patterns that accept no everyday word or small number', () => {
    // The ISBN and the date are specific; free text, a ticker (any short word), a count, an unanchored or invalid
    // pattern are not.
    expect(values.size).toBe(3);
    expect(values.match('who wrote the book, what is its ticker, show 30 of them, mark 7')).toEqual(new Map());
  });

  it('finds the operation whose input a quoted value has the form of, punctuation around it ignored', () => {
    expect(values.match('What title and author belong to 0-306-40615-2?')).toEqual(
      new Map([['books.getBook', { value: '0-306-40615-2', field: 'isbn', code: false }]]),
    );
    expect(values.match('entries since (2026-01-31) please')).toEqual(
      new Map([['spend.getAudit', { value: '2026-01-31', field: 'since', code: false }]]),
    );
  });

  it('finds the operations that take an input the task sets by its name, when few do', () => {
    expect(values.match('the audit rows, cursor=12')).toEqual(
      new Map([['spend.getAudit', { value: 'cursor=', field: 'cursor', code: false, named: true }]]),
    );
    expect(values.match('rows with page=2 and x.cursor=3')).toEqual(new Map());
    const shared = new InputValues(
      ['a', 'b', 'c'].map((id) => ({ id, schema: schema({ limit: { type: 'integer' } }) })),
      common,
    );
    expect(shared.match('limit=10')).toEqual(new Map());
  });

  it('counts a list input only when the task quotes several of its values', () => {
    expect(values.match('details of 0-306-40615-2, 0441478123').get('books.getBatch')).toEqual({
      value: '0-306-40615-2, 0441478123',
      field: 'isbns',
      code: false,
    });
    expect(values.match('details of 0-306-40615-2').has('books.getBatch')).toBe(false);
  });

  it('splits a task into tokens as written, without the characters that wrap them', () => {
    expect(taskTokens('Is "978-0-306-40615-7", (AAPL) ok? a')).toEqual(['Is', '978-0-306-40615-7', 'AAPL', 'ok']);
  });

  it('reads a token in capitals that is neither an everyday nor a catalog word as a market code for a ticker field', () => {
    expect(values.match('valuation of NVDA today')).toEqual(
      new Map([['screener.getStock', { value: 'NVDA', field: 'ticker', code: true, kind: 'market code' }]]),
    );
    expect(values.match('valuation of BRK.B')).toEqual(
      new Map([['screener.getStock', { value: 'BRK.B', field: 'ticker', code: true, kind: 'market code' }]]),
    );
    // An everyday word, a catalog word, lower case or a long word in capitals is no code.
    for (const task of ['THE valuation', 'SEC filings and CPI', 'valuation of nvda', 'VALUATION'])
      expect(values.match(task)).toEqual(new Map());
  });

  it('reads a code longer than any market code as a series id for a series field, never a ticker as one', () => {
    const series = new InputValues(
      [{ id: 'macro.getLatest', schema: schema({ series: { type: 'string' } }) }],
      common,
      ['cpi'],
    );
    expect(series.match('CPIAUCSL latest')).toEqual(
      new Map([['macro.getLatest', { value: 'CPIAUCSL', field: 'series', code: true, kind: 'series id' }]]),
    );
    for (const task of ['NVDA latest', 'IMPORTANT update', 'Cpiaucsl latest'])
      expect(series.match(task)).toEqual(new Map());
  });
});
