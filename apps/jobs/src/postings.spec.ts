import { annualMax, dedupKey, htmlToText, jobTypesOf, searchWords } from './postings';

describe('postings', () => {
  it('turns HTML descriptions into plain text with line breaks and decoded entities', () => {
    expect(
      htmlToText('<p>Node.js &amp; <b>TypeScript</b></p><ul><li>A</li><li>B&#8217;s</li></ul><script>x()</script>'),
    ).toBe('Node.js & TypeScript\n- A\n- B’s');
    expect(htmlToText('a'.repeat(25_000))).toHaveLength(20_000);
  });

  it('gives the same dedup key to the same job written differently on two boards', () => {
    expect(dedupKey('Acme GmbH', 'Backend Engineer (m/w/d)', 'München, Germany')).toBe(
      dedupKey('ACME', 'backend engineer m w d', 'Munchen'),
    );
    expect(dedupKey('Acme', 'Backend Engineer', 'Berlin')).not.toBe(dedupKey('Acme', 'Frontend Engineer', 'Berlin'));
  });

  it('annualises pay for the salary floor, and has none without a figure', () => {
    expect(annualMax({ min: '21.50', max: '27.95', currency: 'USD', period: 'hour' })).toBe(58_332);
    expect(annualMax({ min: '5000', max: null, currency: 'EUR', period: 'month' })).toBe(60_000);
    expect(annualMax(null)).toBeNull();
  });

  it('maps free-text employment types onto the five filter values', () => {
    expect(jobTypesOf(['Vollzeit', 'Werkstudent', 'Praktikum'])).toEqual(['full_time', 'part_time', 'internship']);
    expect(jobTypesOf(['Temporary - Promotion NTE', 'Part-time'])).toEqual(['part_time', 'temporary']);
    expect(jobTypesOf(['Berufserfahren'])).toEqual([]);
  });

  it('splits keywords the way rows are indexed', () => {
    expect(searchWords('Node.js  München node')).toEqual(['node', 'js', 'munchen']);
  });
});
