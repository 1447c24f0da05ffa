import { bootstrapGroup, type RunningGroup } from '@toll/platform';
import { callOperation, natsClient, startNats, type NatsServer } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { BooksConfig } from '../src/config';

// `npm start -- --replay`: with no internet the group answers from its committed fixtures, dated by the recording.
describe('books in replay mode', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let group: RunningGroup;

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    group = await bootstrapGroup(AppModule, {
      name: 'books',
      title: 'Book Metadata',
      config: BooksConfig,
      env: { NATS_URL: nats.url, LOG_LEVEL: 'error', ANNOUNCE_INTERVAL_MS: '60000', NATS_GRACE_PERIOD_MS: '50', UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures') },
    });
  });

  afterAll(async () => {
    await group?.close();
    await nc?.close();
    await nats?.stop();
  });

  it('answers a lookup, a batch and a search from the fixtures, as of the recording', async () => {
    const book = await callOperation(nc, 'books.getBook', { isbn: '9780132542883' });
    expect(book.response?.data).toMatchObject({ book: { title: 'Clean Coder', pages: 256 }, freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: false } });
    const batch = await callOperation(nc, 'books.getBatch', { isbns: ['9780143130727', '9780553562613', '9780132931755', '9780060281373'] });
    expect(batch.response?.data).toMatchObject({ requested: 4, found: 4 });
    const search = await callOperation(nc, 'books.search', { title: 'the lord of the rings', limit: 3 });
    expect(search.response?.data).toMatchObject({ source: 'open-library', count: 3 });
  });
});
