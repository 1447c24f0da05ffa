import { analyze, impliedWords, withoutContrast, words } from './text-analysis';

describe('words', () => {
  it('keeps a hyphenated code of letters and digits as one word, besides its parts', () => {
    expect(words('hash it with SHA-256')).toEqual(['hash', 'it', 'with', 'sha', 'sha256']);
    expect(words('latest 8-Ks and 10-Q')).toEqual(['latest', '8k', 'ks', 'and', '10q']);
    expect(words('sha256 of it')).toEqual(['sha256', 'of', 'it']);
    expect(words('ran md5sum and sha256sum')).toEqual(['ran', 'md5', 'md5sum', 'and', 'sha256', 'sha256sum']);
    expect(words('a GET-style call, get it, callGet')).toEqual([
      'httpget',
      'style',
      'call',
      'get',
      'it',
      'call',
      'get',
    ]);
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

describe('withoutContrast', () => {
  it('leaves out what a task sets its need against, up to the end of the clause', () => {
    expect(withoutContrast('present conditions for a point, not a forecast? thanks')).toBe(
      'present conditions for a point ? thanks',
    );
    expect(withoutContrast('hash it with SHA-256 (not MD5)')).toBe('hash it with SHA-256  )');
    expect(withoutContrast('rank services instead of a keyword search')).toBe('rank services  ');
    expect(withoutContrast('a count, not just the rows; and fast')).toBe('a count ; and fast');
    expect(withoutContrast('plain hits for a word; no ranking against a task')).toBe('plain hits for a word ');
    expect(withoutContrast('a GET lookup, no POST body')).toBe('a GET lookup, no POST body');
    expect(withoutContrast("basic token info, I don't need a risk rating")).toBe('basic token info, I  ');
    expect(withoutContrast('not the forecast, conditions now')).toBe(' , conditions now');
    expect(withoutContrast("don't reformat it, just check it")).toBe(' , just check it');
    // A cap on the number of answers asks for no ranking.
    expect(withoutContrast('services mentioning OCR, top 5 results')).toBe('services mentioning OCR,  ');
    expect(withoutContrast('top 5 stocks by volume')).toBe('top 5 stocks by volume');
    expect(withoutContrast('search the directory, top 5 is enough')).toBe('search the directory,  is enough');
    expect(withoutContrast('the first 10 will do')).toBe('the  will do');
    expect(withoutContrast('top 3 are shorted the most')).toBe('top 3 are shorted the most');
    expect(withoutContrast('short interest of AMC right now')).toBe('short interest of AMC now');
    // A word that only starts with "not" or "no", accents and all, is no contrast.
    expect(withoutContrast('notícias em alta')).toBe('notícias em alta');
    // A dash ends the clause set against the need, as a comma does.
    expect(withoutContrast("not about any mark's status — is the trademark service up?")).toBe(
      ' — is the trademark service up?',
    );
    // What is done already, or first, is a step before the need.
    expect(withoutContrast('send the answers after submitting our listing')).toBe('send the answers  ');
    expect(withoutContrast('once having paid, confirm the spend')).toBe(' , confirm the spend');
    expect(withoutContrast('the news after the hearing')).toBe('the news after the hearing');
  });

  it('keeps a plain "not", which is part of the need', () => {
    expect(withoutContrast('which payments were not allowed')).toBe('which payments were not allowed');
    expect(withoutContrast('is the service not working?')).toBe('is the service not working?');
    expect(withoutContrast("we don't need that bot anymore, release it")).toBe(
      "we don't need that bot anymore, release it",
    );
    // What the task would otherwise do itself is its need.
    expect(withoutContrast('instead of running md5sum locally, hash it')).toBe(
      'instead of running md5sum locally, hash it',
    );
  });
});

describe('impliedWords', () => {
  const implied = (task: string) => impliedWords(task).map((i) => i.word);

  it('reads a padded base64 value, a JWT and the way of a base64 conversion', () => {
    expect(implied('decode aGVsbG8gd29ybGQ=')).toEqual(['base64']);
    expect(implied('what is in eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toEqual(['jwt']);
    expect(implied('convert this text to base64')).toEqual(['encode']);
    expect(implied('turn base64 back into text')).toEqual(['decode']);
    expect(implied('09:00 America/New_York -> Europe/Berlin')).toEqual(['convert']);
    expect(implied('100 USD → EUR')).toEqual(['convert']);
    expect(implied('who is betting against this stock')).toEqual(['short']);
    expect(implied('acciones apostadas a la baja')).toEqual(['short']);
    expect(implied('parier à la baisse, scommettere al ribasso')).toEqual(['short']);
    expect(implied('la bajada de precios')).toEqual([]);
    expect(impliedWords('is the feed on bets-against-stocks up?')[0]).toEqual({ form: 'bets-against', word: 'short' });
    expect(implied('BYND — squeeze risk?')).toEqual(['short']);
    expect(implied('could GME get squeezed again')).toEqual(['short']);
    expect(implied('5YJ3E1EA7KF317000 — anything outstanding?')).toEqual(['vin']);
    expect(implied('ticker NVDA and year 2024, no vehicle')).toEqual([]);
    expect(implied('convert this text to b64')).toEqual(['encode']);
    expect(implied('read it back from b64')).toEqual(['decode']);
    expect(implied('analista de datos a tiempo completo')).toEqual(['job']);
    expect(implied('un poste à temps partiel')).toEqual(['job']);
    expect(implied('a list of freshly deployed contracts')).toEqual(['new']);
    expect(implied('3pm New York is what time in Berlin')).toEqual(['convert']);
    expect(implied('what is 9AM Tokyo in Paris')).toEqual(['convert']);
    expect(implied('14:30 London, what is that in Tokyo')).toEqual(['convert']);
    expect(implied('wie spät ist es in Wien')).toEqual(['time now']);
    expect(implied('as músicas em alta')).toEqual(['trending']);
    expect(implied('run it at 3pm in the morning')).toEqual([]);
    expect(implied('the order went through, lock it in')).toEqual(['finalize']);
    expect(implied('the amount is right, lock in.')).toEqual(['finalize']);
    expect(implied('the lock in my door')).toEqual([]);
    expect(implied('mark the payment as completed')).toEqual(['finalize']);
    expect(implied('mark a voucher as expired unpaid')).toEqual([]);
    expect(implied('everything my agent tried to buy this week')).toEqual(['history']);
    expect(implied('what did my agent try to pay for')).toEqual(['history']);
    expect(implied('try to pay this invoice')).toEqual([]);
    expect(implied('jobless rate since 1990')).toEqual(['history']);
    expect(implied('mortgage rates from 2010 onwards')).toEqual(['history']);
    expect(implied('from 2010 to 2012')).toEqual([]);
    expect(implied('the 10-year yield going back to 2015')).toEqual(['history']);
    expect(implied('can you check {"name": "x",}')).toEqual(['json']);
    expect(implied('is this document well-formed')).toEqual(['valid']);
    expect(implied('how many kilometers is 26.2 miles')).toEqual(['convert']);
    expect(implied('how many people live here')).toEqual([]);
    expect(implied('energy for a TRC-20 transfer')).toEqual(['tron']);
    expect(implied('Tesla 10-K')).toEqual(['filing']);
    expect(implied('any new 8-Ks or an S-1?')).toEqual(['filing']);
    expect(implied('a 10-km run')).toEqual([]);
    expect(implied('what coins just dropped')).toEqual(['new']);
    expect(implied('they sent a set of onboarding questions to answer')).toEqual(['questionnaire']);
    expect(implied('the listing asked more; send my answers')).toEqual(['questionnaire']);
    expect(implied('post our written replies now')).toEqual(['questionnaire']);
    expect(implied('the answers of the quiz')).toEqual([]);
    expect(implied('my agent reads pdfs, what should it call')).toEqual(['recommend best tool']);
    expect(implied('which API should my agent call')).toEqual(['recommend best tool']);
    expect(implied('what should I call this variable')).toEqual(['recommend best tool']);
    expect(implied('call the weather API for me')).toEqual([]);
    expect(implied('where did all my bots money go')).toEqual(['spending history']);
    expect(implied("where has the agent's budget gone this week?")).toEqual(['spending history']);
    expect(implied('where did the time go')).toEqual([]);
    expect(implied('how the story developed over time')).toEqual(['timeline']);
    expect(implied("APIs matching the word 'sanctions'")).toEqual(['keyword']);
    expect(implied('tools whose description mentions "weather radar"')).toEqual(['keyword']);
    expect(implied("the word of the day, 'hello'")).toEqual([]);
    expect(implied('the incident log between 2022-01-01 and 2022-12-31')).toEqual(['date']);
    expect(implied('every hack between March and June 2024')).toEqual(['date']);
    expect(implied('a timestamp between two IANA zones')).toEqual([]);
    expect(implied('market cap between 2B and 10B')).toEqual([]);
    expect(implied('which nodes does the rpc proxy foward to')).toEqual(['upstream']);
    expect(implied('which providers is the proxy forwarding my calls to right now?')).toEqual(['upstream']);
    expect(implied('the providers behind the solana rpc gateway')).toEqual(['upstream']);
    expect(implied('forward it to the Solana gateway as-is')).toEqual([]);
    expect(implied('a bot that forwards messages to our webhook')).toEqual([]);
    expect(implied('the stock spiked, what is behind it')).toEqual([]);
    expect(implied('what spending limits does my agent have right now?')).toEqual(['current']);
    expect(implied('which caps do we have')).toEqual(['current']);
    expect(implied('what time series do you have?')).toEqual([]);
    expect(implied('a 32-char hex digest of this')).toEqual(['md5']);
    expect(implied('the 64 hex characters fingerprint')).toEqual(['sha256']);
    expect(implied('a 32 GB card')).toEqual([]);
    expect(implied('can agent-7 spend 40 dollars on travel?')).toEqual(['permission']);
    expect(implied('how can I spend less on fees')).toEqual([]);
    expect(impliedWords('decode aGVsbG8gd29ybGQ= please')[0].form).toBe('aGVsbG8gd29ybGQ=');
    // A value names its kind.
    expect(implied('f47ac10b-58cc-4372-a567-0e02b2c3d479 is taken')).toEqual(['uuid']);
    expect(implied('where is 8.8.8.8 located?')).toEqual(['ip']);
    expect(implied('2606:4700:4700::1111 — owner?')).toEqual(['ip']);
    expect(implied('the call at 12:30:45 and 1.2.3.4.5')).toEqual([]);
    expect(implied('the designer sent #FF5733')).toEqual(['hex color']);
    expect(implied('is #fff too bright, or #00000080?')).toEqual(['hex color']);
    expect(impliedWords('make #0af8 darker')[0].form).toBe('#0af8');
    expect(implied('see issue #123 and PR #4567, channel #dev')).toEqual([]);
  });

  it('reads nothing from plain words, numbers, addresses or query strings', () => {
    expect(implied('balance of 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU on mainnet')).toEqual([]);
    expect(implied('search with limit=10 and q=base64')).toEqual([]);
  });
});
