import { analyze, words } from './text-analysis';

describe('words', () => {
  it('keeps a hyphenated code of letters and digits as one word, besides its parts', () => {
    expect(words('hash it with SHA-256')).toEqual(['hash', 'it', 'with', 'sha', 'sha256']);
    expect(words('latest 8-Ks and 10-Q')).toEqual(['latest', '8k', 'ks', 'and', '10q']);
    expect(words('sha256 of it')).toEqual(['sha256', 'of', 'it']);
  });

  it('leaves dates, numbers and plain hyphenated words as before', () => {
    expect(words('from 2026-03-14 to 2026-04-01')).toEqual(['from', 'to']);
    expect(words('a read-only key')).toEqual(['read', 'only', 'key']);
  });

  it('writes a code the same way in a task and in a summary', () => {
    const stems = (text: string) => analyze(text).map((t) => t.term);
    expect(stems('SHA-256 digest')).toContain('sha256');
    expect(stems('a sha256 please')).toContain('sha256');
    expect(stems('8-K filings')).toContain('8k');
    expect(stems('latest 8-Ks')).toContain('8k');
  });
});
