import { callOperation, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startBooks } from '../src/bootstrap';

// `npm start -- --replay`: with no internet the group answers from its committed fixtures, dated by the recording.
describe('books in replay mode', () => {
  const { nc } = groupHarness({
    name: 'books',
    start: startBooks,
    env: () => ({ UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures') }),
  });

  it('answers a lookup, a batch and a search from the fixtures, as of the recording', async () => {
    const book = await callOperation(nc, 'books.getBook', { isbn: '9780132542883' });
    expect(book.response?.data).toMatchObject({
      book: { title: 'Clean Coder', pages: 256 },
      freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: false },
    });
    const batch = await callOperation(nc, 'books.getBatch', {
      isbns: ['9780143130727', '9780553562613', '9780132931755', '9780060281373'],
    });
    expect(batch.response?.data).toMatchObject({ requested: 4, found: 4 });
    const search = await callOperation(nc, 'books.search', { title: 'the lord of the rings', limit: 3 });
    expect(search.response?.data).toMatchObject({ source: 'open-library', count: 3 });
  });
});
